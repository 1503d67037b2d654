import type { Db } from '../../db/database.js';
import { razonSocialDeNif } from './emisores.repository.js';
import {
  bloquearLoteVerifactu,
  insertEnvio,
  nifsPorEnviar,
  registrosAnteriores,
} from './facturas.repository.js';
import type { RegistroAnteriorRef } from './verifactu.soap.js';
import type { ResultadoEnvio, VerifactuSender } from './verifactu.tipos.js';

// finanzas.md rule 13: "A worker per API replica takes pending records FOR UPDATE SKIP LOCKED, in
// chain order, ≤ 1.000 per envío, every 60 s or the AEAT's TiempoEsperaEnvio, retrying connection
// errors." Each envío is one transaction: the records are locked while the AEAT answers, and the
// answers (verifactu_envios) are written before they are released.

export const MAX_REGISTROS_ENVIO = 1000;
export const ESPERA_ENVIO_MS = 60_000;

type Log = {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

export type ResumenCiclo = {
  /** Records sent (whatever the answer). */
  enviados: number;
  /** The longest TiempoEsperaEnvio (s) the AEAT asked for in this round, if any. */
  tiempoEsperaEnvio: number | null;
};

export type WorkerVerifactu = {
  /** One round: every NIF with records to send, one envío each (more while they come full). */
  ciclo(): Promise<ResumenCiclo>;
  /** One envío now of one NIF's records to send ("Reintentar envío"), in chain order. */
  enviarNif(nif: string): Promise<ResumenCiclo>;
  /** Starts the rounds: the first now, then every 60 s or the AEAT's TiempoEsperaEnvio. */
  iniciar(): void;
  /** Stops the rounds, waiting for the one under way. */
  parar(): Promise<void>;
};

export const crearWorkerVerifactu = (o: {
  db: Db;
  sender: VerifactuSender;
  log?: Log;
  esperaMs?: number;
  limite?: number;
}): WorkerVerifactu => {
  const limite = Math.min(o.limite ?? MAX_REGISTROS_ENVIO, MAX_REGISTROS_ENVIO);
  const esperaMs = o.esperaMs ?? ESPERA_ENVIO_MS;

  const enviarLote = (nif: string) =>
    o.db.transaction(async (tx) => {
      const lote = await bloquearLoteVerifactu(tx, nif, limite);
      if (lote.length === 0) return { enviados: 0, tiempoEsperaEnvio: null };
      const ordenes = [
        ...new Set(lote.map((r) => r.registroAnteriorOrden).filter((x): x is number => x !== null)),
      ];
      const anteriores = new Map<number, RegistroAnteriorRef>(
        (await registrosAnteriores(tx, ordenes)).map((r) => [r.orden, r]),
      );
      const altaConNombre = lote.find((r) => typeof r.contenido['NombreRazonEmisor'] === 'string');
      const nombreRazon =
        (await razonSocialDeNif(tx, nif)) ??
        (altaConNombre?.contenido['NombreRazonEmisor'] as string | undefined) ??
        nif;
      const lotEnvio = { obligado: { nif, nombreRazon }, anteriores };
      const resultado: ResultadoEnvio = o.sender.enviarLote
        ? await o.sender.enviarLote(lote, lotEnvio)
        : { respuestas: await o.sender.enviar(lote, lotEnvio), tiempoEsperaEnvio: null };
      for (const [i, registro] of lote.entries()) {
        const r = resultado.respuestas[i];
        await insertEnvio(tx, {
          registroOrden: registro.orden,
          intento: registro.intento,
          estado: r?.estado ?? 'error_conexion',
          csvAeat: r?.csvAeat ?? null,
          codigoError: r?.codigoError ?? null,
          descripcionError: r?.descripcionError ?? (r ? null : 'Sin respuesta para este registro.'),
        });
      }
      const estados: Record<string, number> = {};
      for (const r of resultado.respuestas) estados[r.estado] = (estados[r.estado] ?? 0) + 1;
      o.log?.info({ nif, registros: lote.length, estados }, 'Envío VERI*FACTU');
      return { enviados: lote.length, tiempoEsperaEnvio: resultado.tiempoEsperaEnvio };
    });

  const ciclo = async (): Promise<ResumenCiclo> => {
    let enviados = 0;
    let tiempoEsperaEnvio: number | null = null;
    for (const nif of await nifsPorEnviar(o.db)) {
      try {
        // A full envío may be followed by the next at once (1.000 records gathered); bounded.
        for (let vuelta = 0; vuelta < 100; vuelta++) {
          const r = await enviarLote(nif);
          enviados += r.enviados;
          if (r.tiempoEsperaEnvio !== null)
            tiempoEsperaEnvio = Math.max(tiempoEsperaEnvio ?? 0, r.tiempoEsperaEnvio);
          if (r.enviados < limite) break;
        }
      } catch (error) {
        // The envío's transaction rolled back: its records stay as they were, for the next round.
        o.log?.error({ err: error, nif }, 'Envío VERI*FACTU fallido');
      }
    }
    return { enviados, tiempoEsperaEnvio };
  };

  let temporizador: NodeJS.Timeout | undefined;
  let enCurso: Promise<void> | undefined;
  let parado = true;
  const programar = (ms: number) => {
    if (parado) return;
    temporizador = setTimeout(() => {
      enCurso = ciclo().then(
        (r) => programar(r.tiempoEsperaEnvio ? r.tiempoEsperaEnvio * 1000 : esperaMs),
        (error: unknown) => {
          o.log?.error({ err: error }, 'Envío VERI*FACTU fallido');
          programar(esperaMs);
        },
      );
    }, ms);
    temporizador.unref();
  };

  return {
    ciclo,
    enviarNif: enviarLote,
    iniciar: () => {
      if (!parado) return;
      parado = false;
      programar(0);
    },
    parar: async () => {
      parado = true;
      if (temporizador) clearTimeout(temporizador);
      await enCurso;
    },
  };
};
