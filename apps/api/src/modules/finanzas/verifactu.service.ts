import {
  cadenaAlta,
  cadenaAnulacion,
  fechaAeat,
  huella,
  importeAeat,
  urlQr,
  verificarCadena,
  type RegistroCadena,
} from '@tvsistema/domain/finanzas';
import { addDecimals } from '@tvsistema/domain/money';
import type { Executor } from '../../db/executor.js';
import {
  bloquearCadena,
  insertEnvio,
  insertRegistro,
  registrosDeCadena,
  type FacturaRow,
  type RegistroRow,
} from './facturas.repository.js';
import { configuracionAeat, senderAeat } from './verifactu.aeat.js';
import type { VerifactuSender } from './verifactu.tipos.js';

// finanzas.md rules 11–14: the chain per emisor NIF, the records' content, the sender.

export type ModoEnvio = 'simulado' | 'aeat-pruebas' | 'aeat' | 'desactivado';

/** VERIFACTU_ENVIO: `simulado` unless set (no machine here reaches the AEAT). */
export const modoEnvio = (): ModoEnvio => {
  const modo = process.env['VERIFACTU_ENVIO'];
  return modo === 'aeat' || modo === 'aeat-pruebas' || modo === 'desactivado' ? modo : 'simulado';
};

export const MODO_ENVIO_LABELS: Record<ModoEnvio, string> = {
  simulado: 'Envío: Simulado (sin conexión con la AEAT)',
  'aeat-pruebas': 'Envío: AEAT pruebas',
  aeat: 'Envío: AEAT',
  desactivado: 'Envío: Desactivado',
};

export type { RespuestaEnvio, VerifactuSender } from './verifactu.tipos.js';

/** The test double: accepts every record but those of the NIFs in VERIFACTU_SIMULAR_RECHAZO. */
export const senderSimulado: VerifactuSender = {
  enviar: async (registros) => {
    const rechazar = (process.env['VERIFACTU_SIMULAR_RECHAZO'] ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    return registros.map((r) =>
      rechazar.includes(r.nif)
        ? {
            estado: 'rechazado',
            codigoError: '4102',
            descripcionError: 'El NIF no está identificado (respuesta simulada).',
          }
        : { estado: 'aceptado', csvAeat: `SIM${String(r.orden).padStart(13, '0')}` },
    );
  },
};

/** Records that stay pendiente: desactivado, and the AEAT modes while the issue is in its transaction. */
const senderSinConexion: VerifactuSender = {
  enviar: async (registros) => registros.map(() => ({ estado: 'pendiente' as const })),
};

/**
 * Rule 13's sender of a mode. For `aeat` / `aeat-pruebas` it reads the certificate from the
 * environment and throws a Spanish error if it is missing or does not open (at the worker's start).
 */
export const senderDe = (modo: ModoEnvio, env: NodeJS.ProcessEnv = process.env): VerifactuSender =>
  modo === 'simulado'
    ? senderSimulado
    : modo === 'desactivado'
      ? senderSinConexion
      : senderAeat(configuracionAeat(modo, env));

/**
 * The sender at issue time, inside the issuing transaction: only the simulated AEAT answers there;
 * with the real one the record is noted pendiente and the worker sends it (no network call holds
 * the chain's lock).
 */
const senderAlEmitir = (modo: ModoEnvio): VerifactuSender =>
  modo === 'simulado' ? senderSimulado : senderSinConexion;

const cuotaTotalDe = (f: FacturaRow) => addDecimals(f.cuotaIva, f.cuotaRecargo);

const SISTEMA_INFORMATICO = {
  NombreRazon: 'TVSistema',
  NombreSistemaInformatico: 'TVSistema',
  IdSistemaInformatico: 'TV',
  Version: '0.1.0',
  NumeroInstalacion: '1',
  TipoUsoPosibleSoloVerifactu: 'S',
  TipoUsoPosibleMultiOT: 'S',
  IndicadorMultiplesOT: 'S',
};

/** Rule 12: the record as it would be sent (RegistroAlta). */
const contenidoAlta = (
  f: FacturaRow,
  numero: string,
  fecha: string,
  cadenaPrevia: {
    orden: number | null;
    huella: string | null;
    numSerie: string | null;
    fecha: string | null;
  },
  rectificada: FacturaRow | undefined,
  instante: string,
  h: string,
  extra: { subsanacion?: boolean; rechazoPrevio?: string } = {},
) => {
  const emisor = (f.emisor ?? {}) as { nif?: string; razonSocial?: string };
  const destinatario =
    f.tipoFactura === 'F2' || f.tipoFactura === 'R5'
      ? undefined
      : f.cliente.tipoIdentificacion && f.cliente.tipoIdentificacion !== 'NIF'
        ? {
            NombreRazon: f.cliente.nombre,
            IDOtro: {
              CodigoPais: f.cliente.paisCodigo ?? 'ES',
              IDType: f.cliente.tipoIdentificacion,
              ID: f.cliente.documento,
            },
          }
        : { NombreRazon: f.cliente.nombre, NIF: f.cliente.documento };
  return {
    IDVersion: '1.0',
    IDFactura: {
      IDEmisorFactura: emisor.nif,
      NumSerieFactura: numero,
      FechaExpedicionFactura: fechaAeat(fecha),
    },
    NombreRazonEmisor: emisor.razonSocial,
    ...(extra.subsanacion ? { Subsanacion: 'S', RechazoPrevio: extra.rechazoPrevio ?? 'N' } : {}),
    TipoFactura: f.tipoFactura,
    ...(f.clase === 'rectificativa'
      ? {
          TipoRectificativa: f.tipoRectificacion ?? 'I',
          FacturasRectificadas: rectificada
            ? [
                {
                  IDEmisorFactura: emisor.nif,
                  NumSerieFactura: rectificada.numero,
                  FechaExpedicionFactura: fechaAeat(rectificada.fechaExpedicion ?? fecha),
                },
              ]
            : [],
          ...(f.tipoRectificacion === 'S' && rectificada
            ? {
                ImporteRectificacion: {
                  BaseRectificada: importeAeat(rectificada.baseImponible),
                  CuotaRectificada: importeAeat(rectificada.cuotaIva),
                },
              }
            : {}),
        }
      : {}),
    ...(f.fechaOperacion ? { FechaOperacion: fechaAeat(f.fechaOperacion) } : {}),
    DescripcionOperacion: f.descripcionOperacion,
    ...(destinatario ? { Destinatarios: [destinatario] } : {}),
    Desglose: f.desglose.map((g) => ({
      Impuesto: '01',
      ClaveRegimen: g.tipoRecargo ? '18' : '01',
      ...(g.calificacion ? { CalificacionOperacion: g.calificacion } : {}),
      ...(g.exencion ? { OperacionExenta: g.exencion } : {}),
      ...(g.calificacion === 'S1' || g.calificacion === 'S2'
        ? { TipoImpositivo: importeAeat(String(g.tipoIva)), CuotaRepercutida: importeAeat(g.cuota) }
        : {}),
      BaseImponibleOimporteNoSujeto: importeAeat(g.base),
      ...(g.tipoRecargo
        ? {
            TipoRecargoEquivalencia: g.tipoRecargo,
            CuotaRecargoEquivalencia: importeAeat(g.cuotaRecargo),
          }
        : {}),
    })),
    CuotaTotal: importeAeat(cuotaTotalDe(f)),
    ImporteTotal: importeAeat(f.importeTotal),
    Encadenamiento: cadenaPrevia.huella
      ? {
          RegistroAnterior: {
            IDEmisorFactura: emisor.nif,
            NumSerieFactura: cadenaPrevia.numSerie,
            FechaExpedicionFactura: cadenaPrevia.fecha ? fechaAeat(cadenaPrevia.fecha) : null,
            Huella: cadenaPrevia.huella,
          },
        }
      : { PrimerRegistro: 'S' },
    SistemaInformatico: SISTEMA_INFORMATICO,
    FechaHoraHusoGenRegistro: instante,
    TipoHuella: '01',
    Huella: h,
  };
};

export type AltaInput = {
  factura: FacturaRow;
  numero: string;
  fecha: string;
  instante: string;
  rectificada?: FacturaRow | undefined;
  subsanacion?: boolean;
  rechazoPrevio?: 'N' | 'S' | 'X';
};

const enviarYAnotar = async (tx: Executor, registro: RegistroRow) => {
  const [respuesta] = await senderAlEmitir(modoEnvio()).enviar([registro]);
  await insertEnvio(tx, {
    registroOrden: registro.orden,
    estado: respuesta?.estado ?? 'pendiente',
    csvAeat: respuesta?.csvAeat ?? null,
    codigoError: respuesta?.codigoError ?? null,
    descripcionError: respuesta?.descripcionError ?? null,
  });
  return respuesta?.estado ?? 'pendiente';
};

/**
 * Rule 2/11: the alta record chained after the NIF's last one, in the issuing transaction (the
 * chain head is locked FOR UPDATE until it ends), then handed to the sender.
 */
export const registrarAlta = async (tx: Executor, a: AltaInput) => {
  const emisor = (a.factura.emisor ?? {}) as { nif: string };
  const nif = emisor.nif;
  const cabeza = await bloquearCadena(tx, nif);
  const cuotaTotal = cuotaTotalDe(a.factura);
  const cadena = cadenaAlta({
    nif,
    numSerieFactura: a.numero,
    fechaExpedicion: a.fecha,
    tipoFactura: a.factura.tipoFactura,
    cuotaTotal,
    importeTotal: a.factura.importeTotal,
    huellaAnterior: cabeza.ultimaHuella ?? '',
    fechaHoraHusoGenRegistro: a.instante,
  });
  const h = huella(cadena);
  const registro = await insertRegistro(tx, {
    empresa: a.factura.empresa,
    nif,
    tipo: 'alta',
    subsanacion: a.subsanacion ?? false,
    rechazoPrevio: a.rechazoPrevio ?? 'N',
    facturaId: a.factura.id,
    numSerieFactura: a.numero,
    fechaExpedicionFactura: a.fecha,
    tipoFactura: a.factura.tipoFactura,
    cuotaTotal,
    importeTotal: a.factura.importeTotal,
    registroAnteriorOrden: cabeza.ultimoOrden ?? null,
    huellaAnterior: cabeza.ultimaHuella ?? null,
    fechaHoraHusoGenRegistro: a.instante,
    cadena,
    huella: h,
    contenido: contenidoAlta(
      a.factura,
      a.numero,
      a.fecha,
      {
        orden: cabeza.ultimoOrden,
        huella: cabeza.ultimaHuella,
        numSerie: cabeza.ultimoNumSerie,
        fecha: cabeza.ultimaFecha,
      },
      a.rectificada,
      a.instante,
      h,
      {
        ...(a.subsanacion ? { subsanacion: true } : {}),
        ...(a.rechazoPrevio ? { rechazoPrevio: a.rechazoPrevio } : {}),
      },
    ),
  });
  const estado = await enviarYAnotar(tx, registro);
  return {
    registro,
    verifactu: {
      estado,
      huella: h,
      qrUrl: urlQr(
        {
          nif,
          numSerieFactura: a.numero,
          fechaExpedicion: a.fecha,
          importeTotal: a.factura.importeTotal,
        },
        modoEnvio() === 'aeat',
      ),
    },
  };
};

/** Rule 8/11: the anulación record of an issued invoice. */
export const registrarAnulacion = async (tx: Executor, factura: FacturaRow, instante: string) => {
  const nif = (factura.emisor as { nif: string }).nif;
  const cabeza = await bloquearCadena(tx, nif);
  const cadena = cadenaAnulacion({
    nif,
    numSerieFactura: factura.numero ?? '',
    fechaExpedicion: factura.fechaExpedicion ?? '',
    huellaAnterior: cabeza.ultimaHuella ?? '',
    fechaHoraHusoGenRegistro: instante,
  });
  const h = huella(cadena);
  const registro = await insertRegistro(tx, {
    empresa: factura.empresa,
    nif,
    tipo: 'anulacion',
    facturaId: factura.id,
    numSerieFactura: factura.numero ?? '',
    fechaExpedicionFactura: factura.fechaExpedicion ?? '',
    tipoFactura: null,
    cuotaTotal: null,
    importeTotal: null,
    registroAnteriorOrden: cabeza.ultimoOrden ?? null,
    huellaAnterior: cabeza.ultimaHuella ?? null,
    fechaHoraHusoGenRegistro: instante,
    cadena,
    huella: h,
    contenido: {
      IDVersion: '1.0',
      IDFactura: {
        IDEmisorFacturaAnulada: nif,
        NumSerieFacturaAnulada: factura.numero,
        FechaExpedicionFacturaAnulada: fechaAeat(factura.fechaExpedicion ?? ''),
      },
      Encadenamiento: cabeza.ultimaHuella
        ? {
            RegistroAnterior: {
              IDEmisorFactura: nif,
              NumSerieFactura: cabeza.ultimoNumSerie,
              FechaExpedicionFactura: cabeza.ultimaFecha ? fechaAeat(cabeza.ultimaFecha) : null,
              Huella: cabeza.ultimaHuella,
            },
          }
        : { PrimerRegistro: 'S' },
      SistemaInformatico: SISTEMA_INFORMATICO,
      FechaHoraHusoGenRegistro: instante,
      TipoHuella: '01',
      Huella: h,
    },
  });
  const estado = await enviarYAnotar(tx, registro);
  return { registro, estado, huella: h };
};

/** §11.1 "Verificar cadena": every record of the NIF, in batches that yield the event loop. */
export const verificarCadenaDeNif = async (tx: Executor, nif: string) => {
  const todos: RegistroCadena[] = [];
  let desde = 0;
  for (;;) {
    const lote = await registrosDeCadena(tx, nif, desde, 5000);
    if (lote.length === 0) break;
    todos.push(
      ...lote.map((r) => ({
        orden: r.orden,
        tipo: r.tipo as 'alta' | 'anulacion',
        numSerieFactura: r.numSerieFactura,
        cadena: r.cadena,
        huella: r.huella,
        huellaAnterior: r.huellaAnterior,
      })),
    );
    desde = lote[lote.length - 1]?.orden ?? desde;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return verificarCadena(todos);
};
