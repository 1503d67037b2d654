import { COMERCIAL_MESSAGES as M } from '@tvsistema/domain/comercial';
import { diasEntre } from '@tvsistema/domain/fechas';
import type { Executor } from '../../db/executor.js';
import {
  comprobarDisponibilidad,
  ConflictoError,
  liberarReservas,
  reservar,
  sustituirReservas,
  type OrigenReserva,
} from '../inventario/index.js';
import { findMaquinas, maquinasDelTipo } from './comercial.repository.js';
import { ConflictoComercialError, type ConflictoRespuesta } from './comercial-comun.js';
import { recursosDe, type LineaGuardada } from './lineas.service.js';
import type { AlquilerLineaRow } from './comercial.repository.js';

// §2.6: comercial never writes the ledger; it calls inventario's service in its own transaction
// and turns its 409 into R11's (`lineas[i]` = the line's position in the body) with `conflictos`.

type LineaReservable = LineaGuardada | AlquilerLineaRow;

/** R12: up to 5 free machines of the same type for a taken machine line. */
const alternativas = async (
  tx: Executor,
  linea: LineaReservable,
  hoy: string,
  excluirOrigenId: string | undefined,
) => {
  if (!linea.maquinaId || !linea.fechaInicio || !linea.fechaFin) return [];
  const [maquina] = await findMaquinas(tx, [linea.maquinaId]);
  if (!maquina) return [];
  const candidatas = await maquinasDelTipo(tx, maquina.tipo, [maquina.id]);
  const libres: ConflictoRespuesta['alternativas'] = [];
  for (const c of candidatas) {
    if (libres.length >= 5) break;
    const r = await comprobarDisponibilidad(tx, {
      recursos: [
        {
          lineaId: linea.id,
          maquinaId: c.maquinaId,
          cantidad: 1,
          desde: linea.fechaInicio,
          hasta: linea.fechaFin,
        },
      ],
      excluirOrigenId,
      hoy,
    });
    if (r.ok)
      libres.push({
        maquinaId: c.maquinaId,
        codigoInterno: c.codigoInterno,
        descripcion: `${c.codigoInterno} — ${c.marca} ${c.modelo}`,
      });
  }
  return libres;
};

/**
 * Runs a reserve (or re-reserve) of the lines; a conflict becomes the 409 of R11 with
 * `conflictos` (machine lines with their `alternativas`). Nothing is written on failure: the
 * caller's transaction rolls back.
 */
export const reservarLineas = async (
  tx: Executor,
  {
    origen,
    lineas,
    hoy,
    sustituir = false,
  }: {
    origen: OrigenReserva;
    lineas: readonly LineaReservable[];
    hoy: string;
    sustituir?: boolean;
  },
) => {
  const pares = recursosDe(lineas);
  const recursos = pares.map((p) => p.recurso);
  try {
    if (sustituir) await sustituirReservas(tx, { origen, recursos, hoy });
    else await reservar(tx, { origen, recursos, hoy });
  } catch (error) {
    if (!(error instanceof ConflictoError)) throw error;
    throw await traducir(tx, error, pares, lineas, hoy, sustituir ? origen.id : undefined);
  }
};

const traducir = async (
  tx: Executor,
  error: ConflictoError,
  pares: ReturnType<typeof recursosDe>,
  lineas: readonly LineaReservable[],
  hoy: string,
  excluirOrigenId: string | undefined,
) => {
  const errors: string[] = [];
  const conflictos: ConflictoRespuesta[] = [];
  for (const c of error.conflictos) {
    const par = pares[c.indice] ?? pares.find((p) => p.recurso.lineaId === c.lineaId);
    const indice = par?.indice ?? c.indice;
    const linea = lineas[indice];
    if (!linea) continue;
    const esMaquina = Boolean(linea.maquinaId);
    errors.push(`lineas[${indice}].${esMaquina ? 'maquinaId' : 'cantidad'}: ${c.mensaje}`);
    conflictos.push({
      lineaIndex: indice,
      lineaId: linea.id,
      recursoTipo: esMaquina ? 'maquina' : 'andamio',
      recursoId: (linea.maquinaId ?? linea.componenteId) as string,
      codigo: linea.codigo ?? '',
      mensaje: c.mensaje,
      ...(esMaquina ? { alternativas: await alternativas(tx, linea, hoy, excluirOrigenId) } : {}),
    });
  }
  return new ConflictoComercialError(M.materialNoDisponible, errors, conflictos);
};

/** R9: the quote's lines checked (information only), line by line. */
export const disponibilidadDe = async (
  tx: Executor,
  lineas: readonly LineaReservable[],
  hoy: string,
  excluirOrigenId?: string,
) => {
  const pares = recursosDe(lineas);
  const r = await comprobarDisponibilidad(tx, {
    recursos: pares.map((p) => p.recurso),
    excluirOrigenId,
    hoy,
  });
  return {
    ok: r.ok,
    lineas: r.lineas.map((l) => {
      const par = pares[l.indice];
      return {
        lineaIndex: par?.indice ?? l.indice,
        lineaId: par?.recurso.lineaId ?? '',
        codigo: l.codigo,
        ok: l.ok,
        libresMin: l.libresMin,
        mensaje: l.mensaje,
      };
    }),
  };
};

/**
 * R17: the undelivered machine lines of an open rental whose machine is still out, late, on
 * another rental ("Conflicto: MEX-001 no ha sido devuelta (A2026-00012, 4 días de retraso)").
 */
export const conflictosDeRetraso = async (
  tx: Executor,
  origenId: string,
  lineas: readonly (LineaReservable & { entregada: number })[],
  hoy: string,
) => {
  const pendientes = lineas.filter((l) => l.maquinaId && l.entregada === 0);
  if (pendientes.length === 0) return [];
  const pares = recursosDe(pendientes);
  const r = await comprobarDisponibilidad(tx, {
    recursos: pares.map((p) => p.recurso),
    excluirOrigenId: origenId,
    hoy,
  });
  return r.lineas.flatMap((l) =>
    l.conflictos
      .filter((c) => c.tipo === 'vencido' && c.hasta !== null)
      .map((c) => M.conflictoRetraso(l.codigo, c.numero, diasEntre(c.hasta as string, hoy))),
  );
};

export { liberarReservas };
