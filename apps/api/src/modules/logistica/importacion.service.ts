import { createHash, randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { setImmediate as ceder } from 'node:timers/promises';
import { stringify } from 'csv-stringify/sync';
import { checkSpanishPlate } from '@tvsistema/domain/documento';
import { cambiosEntre } from '@tvsistema/domain/historial';
import { pageMetaOf } from '@tvsistema/domain/lists';
import { normalizeSearchText, type Direccion } from '@tvsistema/domain/localizacion';
import {
  aplicarMapeo,
  cabecerasPlantilla,
  camposImportacion,
  erroresMapeo,
  firmaCabecerasTexto,
  IMPORTACION_LOTE,
  IMPORTACION_MESSAGES as IM,
  instanteMadrid,
  LOGISTICA_MESSAGES as M,
  normalizarNifImportacion,
  OPCIONES_IMPORTACION_POR_DEFECTO,
  parsearDecimalImportacion,
  parsearEnteroImportacion,
  parsearEstadoTransporteImportacion,
  parsearFechaImportacion,
  parsearHoraImportacion,
  sugerirMapeo,
  type DestinoImportacion,
  type ErrorFilaImportacion,
  type EstadoFilaImportacion,
  type Importacion,
  type ImportacionSubida,
  type LineaProgresoImportacion,
  type OpcionesImportacion,
  type PlantillaMapeo,
  type ResultadoImportacion,
  type ResumenImportacion,
} from '@tvsistema/domain/logistica';
import { formatNumeroDocumento, prefijoDocumento } from '@tvsistema/domain/numeracion';
import type { Database } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { HttpError, invalidData, notFound } from '../../http/errors.js';
import { currentRequest } from '../../http/request-context.js';
import { checkVersion } from '../../http/versioning.js';
import { datosEmisor } from '../finanzas/index.js';
import { leerArchivoImportacion } from './importacion-archivo.js';
import {
  camionesPorMatricula,
  callesPorNombre,
  clientesPorNif,
  codigosPostalesPorValor,
  deletePlantilla,
  descartarAntiguas,
  erroresDe,
  filasValidas,
  findImportacion,
  findImportacionLigera,
  insertAlbaranesTransporte,
  insertHistorialLote,
  insertImportacion,
  insertPlantilla,
  lugaresPorNombre,
  prepararInsercionMasiva,
  mapeoRecordado,
  numerosDeImportacion,
  pageOfFilas,
  plantillas as leerPlantillas,
  recientes as leerRecientes,
  recordarMapeo,
  reemplazarFilas,
  referenciasVivas,
  reservarSecuencias,
  todasLasFilas,
  updateImportacion,
  type AlbaranTransporteImportado,
  type FilaGuardada,
  type ImportacionLigera,
  type LugarEncontrado,
  type MapeoRow,
} from './importacion.repository.js';
import type { FilaLeida } from './importacion.table.js';
import { juzgarAlquiler, type CrearEnTx } from './importacion-alquiler.js';
import type { Juicio } from './importacion-tipos.js';
import { createAlbaranesService } from './albaranes.service.js';
import type { AlbaranRow } from './logistica.repository.js';
import type { DatosTransporte } from './logistica.table.js';
import { columnaBusqueda, idValido, sha256, huellaDe, type Usuario } from './logistica-comun.js';
import {
  CAMPOS_TRANSPORTE,
  contenidoFirmado,
  faltanDatos,
  instantaneaTransporte,
  placaTexto,
  RECURSO_TRANSPORTE,
  type Transportista,
} from './transporte.service.js';

// logistica.md R19, §5 and §6: the albarán import. Upload reads the file once (rows kept as
// text); `validar` resolves every reference in one query per kind and saves each row's verdict;
// `confirmar` re-validates inside its transaction, reserves the numbers of a year in one counter
// update and inserts in chunks of 2,000, streaming its progress as NDJSON.

export const EMPRESA_DE: Record<DestinoImportacion, 'alquileres' | 'transporte'> = {
  alquiler: 'alquileres',
  transporte: 'transporte',
};

/** Scenario 13's test hook: the insert of that row (1-based, in number order) fails. */
let falloInyectado: number | null = null;
export const inyectarFalloImportacion = (fila: number | null) => {
  falloInyectado = fila;
};

const conflicto = (message: string) => new HttpError(409, message);

/** instanteMadrid asks Intl twice per call: an import has few distinct (fecha, hora) pairs. */
const instantes = new Map<string, string>();
const instante = (fecha: string, hora: string) => {
  const clave = `${fecha}T${hora}`;
  let valor = instantes.get(clave);
  if (valor === undefined) {
    valor = instanteMadrid(fecha, hora);
    if (instantes.size > 50_000) instantes.clear();
    instantes.set(clave, valor);
  }
  return valor;
};
const noEncontrada = () => notFound(IM.importacionNoEncontrada);
/** §2.5: a remembered mapping's key, the SHA-256 of the sorted normalised headers. */
export const firmaDe = (cabeceras: readonly string[]) =>
  createHash('sha256').update(firmaCabecerasTexto(cabeceras)).digest('hex');

type Lugar = { nombre: string | null; direccion: Direccion };

const vacia = (): Direccion => ({
  paisId: null,
  pais: null,
  provinciaId: null,
  provincia: null,
  municipioId: null,
  municipio: null,
  ciudadId: null,
  ciudad: null,
  calleId: null,
  calle: null,
  codigoPostalId: null,
  codigoPostal: null,
  altura: null,
  planta: null,
  local: null,
  observacion: null,
});

/** R19 for transport: every row judged, references resolved in one query per kind. */
export const juzgarTransporte = async (
  tx: Executor,
  filas: readonly FilaLeida[],
  cabeceras: readonly string[],
  mapeo: Record<string, string>,
  opciones: OpcionesImportacion,
  progreso?: (n: number) => Promise<void>,
): Promise<Juicio[]> => {
  const campos = camposImportacion('transporte');
  const indice = new Map(cabeceras.map((c, i) => [c, i]));
  const columnaDe = Object.fromEntries(
    Object.entries(mapeo).map(([k, cabecera]) => [k, indice.get(cabecera) ?? -1]),
  );
  const leer = (f: FilaLeida) => {
    const valores: Record<string, string> = {};
    for (const c of campos) {
      const i = columnaDe[c.key];
      if (i !== undefined && i >= 0) valores[c.key] = (f.celdas[i] ?? '').trim();
    }
    return valores;
  };
  const leidas = filas.map((f) => ({ fila: f.fila, valores: leer(f) }));

  // One query per kind.
  const nifs = [
    ...new Set(leidas.map((l) => normalizarNifImportacion(l.valores['clienteNif'] ?? ''))),
  ].filter(Boolean);
  const clientes = new Map(
    (await clientesPorNif(tx, 'transporte', nifs))
      .filter((c) => c.activo && c.documento)
      .map((c) => [normalizarNifImportacion(c.documento ?? ''), c]),
  );
  const placas = new Set<string>();
  for (const l of leidas) {
    const p = l.valores['matricula'] ? checkSpanishPlate(l.valores['matricula']) : null;
    if (p) placas.add(p.normalizada);
  }
  const camiones = new Map(
    (await camionesPorMatricula(tx, [...placas])).map((c) => [c.matricula, c]),
  );
  const clavesLugar = new Map<string, string>();
  const claveLugar = (x: string) => {
    let clave = clavesLugar.get(x);
    if (clave === undefined) {
      clave = normalizeSearchText(x);
      clavesLugar.set(x, clave);
    }
    return clave;
  };
  const nombresLugar = new Set<string>();
  const cps = new Set<string>();
  for (const l of leidas)
    for (const e of ['origen', 'destino']) {
      const p = l.valores[`${e}Poblacion`];
      if (p) nombresLugar.add(claveLugar(p));
      const cp = l.valores[`${e}Cp`];
      if (cp) cps.add(cp.replace(/\s/g, ''));
    }
  const lugares = await lugaresPorNombre(tx, [...nombresLugar]);
  const porMunicipio = new Map<string, LugarEncontrado[]>();
  for (const m of lugares.municipios)
    porMunicipio.set(m.clave, [...(porMunicipio.get(m.clave) ?? []), m]);
  const porCiudad = new Map<string, LugarEncontrado[]>();
  for (const c of lugares.ciudades) porCiudad.set(c.clave, [...(porCiudad.get(c.clave) ?? []), c]);
  const codigos = await codigosPostalesPorValor(tx, [...cps]);
  const cpPorValor = new Map<string, typeof codigos>();
  for (const c of codigos) cpPorValor.set(c.valor, [...(cpPorValor.get(c.valor) ?? []), c]);

  const juicios: Juicio[] = [];
  const pendientesDeCalle: { lugar: Lugar; calle: string; avisos: string[] }[] = [];
  const columna = (key: string) => mapeo[key] ?? null;
  const cabeceraDe = new Map(campos.map((c) => [c.key, c.cabecera]));

  let n = 0;
  for (const { fila, valores } of leidas) {
    const errores: ErrorFilaImportacion[] = [];
    const avisos: string[] = [];
    const error = (key: string, mensaje: string) =>
      errores.push({ fila, columna: columna(key), valor: valores[key] ?? '', mensaje });
    for (const c of campos)
      if (c.obligatorio && !valores[c.key]) error(c.key, IM.obligatorio(c.cabecera));

    const nif = normalizarNifImportacion(valores['clienteNif'] ?? '');
    const cliente = nif ? clientes.get(nif) : undefined;
    if (nif && !cliente) error('clienteNif', IM.clienteNoEncontrado(valores['clienteNif'] ?? ''));

    const fechaTexto = valores['fechaCarga'] ?? '';
    const fecha = fechaTexto ? parsearFechaImportacion(fechaTexto, opciones.formatoFecha) : null;
    if (fechaTexto && !fecha)
      error('fechaCarga', IM.fechaNoValida(fechaTexto, opciones.formatoFecha));
    let horaCarga: string | null = null;
    if (valores['horaCarga']) {
      horaCarga = parsearHoraImportacion(valores['horaCarga']);
      if (!horaCarga) error('horaCarga', IM.horaNoValida(valores['horaCarga']));
    }

    const lugar = (e: 'origen' | 'destino'): Lugar | null => {
      const poblacion = valores[`${e}Poblacion`];
      if (!poblacion) return null;
      const cp = (valores[`${e}Cp`] ?? '').replace(/\s/g, '');
      const clave = claveLugar(poblacion);
      let candidatos = porMunicipio.get(clave) ?? [];
      if (candidatos.length === 0) candidatos = porCiudad.get(clave) ?? [];
      const cpsDe = (m: LugarEncontrado) =>
        (cp ? (cpPorValor.get(cp) ?? []) : []).filter(
          (x) => x.municipioId === m.municipioId && (!m.ciudadId || x.ciudadId === m.ciudadId),
        );
      if (candidatos.length > 1) {
        const conCp = candidatos.filter((m) => cpsDe(m).length > 0);
        const distintos = new Set(conCp.map((m) => m.municipioId));
        candidatos = distintos.size === 1 ? [conCp[0] as LugarEncontrado] : [];
        if (candidatos.length === 0) {
          error(`${e}Poblacion`, IM.poblacionAmbigua(poblacion));
          return null;
        }
      }
      const m = candidatos[0];
      if (!m) {
        error(`${e}Poblacion`, IM.poblacionNoEncontrada(poblacion));
        return null;
      }
      const cpFila = cpsDe(m)[0];
      const direccion: Direccion = {
        ...vacia(),
        paisId: m.paisId,
        pais: m.pais,
        provinciaId: m.provinciaId,
        provincia: m.provincia,
        municipioId: m.municipioId,
        municipio: m.municipio,
        ciudadId: m.ciudadId ?? cpFila?.ciudadId ?? null,
        ciudad: m.ciudad ?? cpFila?.ciudad ?? null,
        codigoPostalId: cpFila?.id ?? null,
        codigoPostal: cpFila?.valor ?? null,
      };
      const numero = valores[`${e}Numero`] ?? '';
      if (numero && /^\d{1,6}$/.test(numero)) direccion.altura = Number(numero);
      const calle = valores[`${e}Calle`] ?? '';
      const resultado = { nombre: (valores[`${e}Lugar`] ?? '').slice(0, 100) || null, direccion };
      if (calle) {
        const texto = numero && direccion.altura === null ? `${calle} ${numero}` : calle;
        pendientesDeCalle.push({ lugar: resultado, calle: texto, avisos });
      } else if (numero && direccion.altura === null) direccion.observacion = numero;
      return resultado;
    };
    const origen = lugar('origen');
    const destino = lugar('destino');

    const destinatario = valores['destinatarioNombre'] ?? '';
    if (destinatario.length > 200) error('destinatarioNombre', M.destinatarioNombre);
    const mercancia = valores['mercancia'] ?? '';
    if (mercancia.length > 500) error('mercancia', M.mercanciaObligatoria);

    const entero = (key: string, min: number, max: number, mensaje: string) => {
      const v = valores[key];
      if (!v) return null;
      const x = parsearEnteroImportacion(v, opciones.separadorDecimal);
      if (x === null || x < min || x > max) {
        error(key, mensaje);
        return null;
      }
      return x;
    };
    const bultos = entero('bultos', 0, 1_000_000, IM.numeroNoValido(valores['bultos'] ?? ''));
    const pesoKg = entero('pesoKg', 1, 60_000, M.pesoRango);

    let matricula: string | null = null;
    let camion: DatosTransporte['camion'] = null;
    if (valores['matricula']) {
      const p = checkSpanishPlate(valores['matricula']);
      const c = p ? camiones.get(p.normalizada) : undefined;
      if (!p || !c) error('matricula', IM.camionNoEncontrado(valores['matricula']));
      else {
        matricula = c.matricula;
        camion = { _id: c._id, matricula: c.matricula };
      }
    }
    let remolque: string | null = null;
    if (valores['matriculaRemolque']) {
      const p = checkSpanishPlate(valores['matriculaRemolque']);
      if (!p) error('matriculaRemolque', IM.matriculaNoValida(valores['matriculaRemolque']));
      else remolque = p.normalizada;
    }
    const conductor = (valores['conductor'] ?? '').slice(0, 100) || null;

    let precio: string | null = null;
    if (valores['precio']) {
      const d = parsearDecimalImportacion(valores['precio'], opciones.separadorDecimal);
      if (d === null || Number(d) < 0 || !/^\d{1,12}(\.\d{1,2})?$/.test(d))
        error('precio', IM.numeroNoValido(valores['precio']));
      else precio = Number(d).toFixed(2);
    }
    let tipoIva = 21;
    if (valores['tipoIva']) {
      const d = parsearDecimalImportacion(valores['tipoIva'], opciones.separadorDecimal);
      if (d === null || ![21, 10, 4, 0].includes(Number(d)))
        error('tipoIva', IM.ivaNoValido(valores['tipoIva']));
      else tipoIva = Number(d);
    }
    const estado = parsearEstadoTransporteImportacion(valores['estado'] ?? '');
    if (!estado) error('estado', IM.estadoNoValido(valores['estado'] ?? ''));
    let fechaEntrega: string | null = null;
    if (valores['fechaEntrega']) {
      fechaEntrega = parsearFechaImportacion(valores['fechaEntrega'], opciones.formatoFecha);
      if (!fechaEntrega)
        error('fechaEntrega', IM.fechaNoValida(valores['fechaEntrega'], opciones.formatoFecha));
    }
    const observaciones = (valores['observaciones'] ?? '').slice(0, 2000) || null;

    const listo =
      errores.length === 0 && cliente && fecha && origen && destino && estado ? true : false;
    juicios.push({
      fila,
      estado: listo ? 'valida' : 'error',
      valores,
      errores,
      avisos,
      albaran:
        listo && cliente && fecha && origen && destino && estado
          ? {
              estado,
              cliente_id: cliente._id,
              cliente: { _id: cliente._id, nombre: cliente.nombre, documento: cliente.documento },
              fecha_hora: instante(fecha, horaCarga ?? '00:00'),
              fecha,
              matricula,
              conductor,
              referencia_externa: (valores['referenciaExterna'] ?? '').slice(0, 50),
              observaciones,
              avisos: [],
              datos: {
                remitente: null,
                destinatario: {
                  nombre: destinatario,
                  documento: valores['destinatarioNif']
                    ? normalizarNifImportacion(valores['destinatarioNif'])
                    : null,
                  telefono: null,
                },
                origen,
                destino,
                horaCarga,
                fechaEntregaPrevista: null,
                transportista: { tipo: 'propio' },
                camion,
                matriculaRemolque: remolque,
                conductor: { nombre: conductor, dni: null },
                mercancia: { descripcion: mercancia, bultos, pesoKg, pesoEstimado: false },
                exentoDocumentoControl: false,
                motivoExencion: null,
                inspecciones: [],
              } satisfies DatosTransporte,
              camion_id: camion?._id ?? null,
              peso_kg: pesoKg,
              precio,
              tipo_iva: tipoIva,
              salida_at: null,
              entregado_at:
                estado === 'entregado' ? instante(fechaEntrega ?? fecha, '12:00') : null,
              sin_firma_motivo: estado === 'entregado' ? IM.sinFirmaMotivo : null,
            }
          : null,
    });
    n += 1;
    if (progreso && n % IMPORTACION_LOTE === 0) await progreso(n);
  }
  void cabeceraDe;

  // Streets: one query for every named street in the resolved ciudades.
  const ciudadIds = [
    ...new Set(pendientesDeCalle.map((p) => p.lugar.direccion.ciudadId).filter(Boolean)),
  ] as string[];
  const calles = await callesPorNombre(
    tx,
    [...new Set(pendientesDeCalle.map((p) => normalizeSearchText(p.calle)))],
    ciudadIds,
  );
  const callePor = new Map(calles.map((c) => [`${c.ciudadId}|${c.clave}`, c]));
  for (const p of pendientesDeCalle) {
    const c = callePor.get(`${p.lugar.direccion.ciudadId}|${normalizeSearchText(p.calle)}`);
    if (c) {
      p.lugar.direccion.calleId = c.id;
      p.lugar.direccion.calle = c.nombre;
    } else {
      p.lugar.direccion.observacion = p.calle.slice(0, 500);
      p.avisos.push(IM.calleNoEncontrada(p.calle));
    }
  }

  // R10 for rows that arrive delivered: the documento de control must be complete.
  const entregadas = juicios.filter((j) => j.albaran?.estado === 'entregado');
  if (entregadas.length > 0) {
    const emisor = await datosEmisor(tx, 'transporte');
    const transportista: Transportista = {
      tipo: 'propio',
      nombre: emisor.razonSocial,
      nif: emisor.nif,
      proveedorId: null,
    };
    for (const j of entregadas) {
      const a = j.albaran as NonNullable<Juicio['albaran']>;
      const faltan = faltanDatos(comoFila(a, ''), transportista);
      if (faltan.length > 0) {
        j.errores.push({
          fila: j.fila,
          columna: mapeo['estado'] ?? null,
          valor: j.valores['estado'] ?? '',
          mensaje: M.faltanDatosControl(faltan),
        });
        j.estado = 'error';
        j.albaran = null;
      }
    }
  }

  // Duplicates: later repeats of (cliente, referencia) in the file, then R15 against the stored.
  const primera = new Map<string, number>();
  for (const j of juicios) {
    const nif = normalizarNifImportacion(j.valores['clienteNif'] ?? '');
    const ref = j.valores['referenciaExterna'];
    if (!nif || !ref) continue;
    const clave = `${nif}|${ref}`;
    const f = primera.get(clave);
    if (f === undefined) primera.set(clave, j.fila);
    else if (j.estado === 'valida') {
      j.estado = 'duplicada';
      j.errores.push({
        fila: j.fila,
        columna: mapeo['referenciaExterna'] ?? null,
        valor: ref,
        mensaje: IM.referenciaRepetida(f),
      });
    }
  }
  const validas = juicios.filter((j) => j.estado === 'valida' && j.albaran);
  const existentes = await referenciasVivas(
    tx,
    'transporte',
    [...new Set(validas.map((j) => j.albaran?.cliente_id as string))],
    [...new Set(validas.map((j) => j.albaran?.referencia_externa as string))],
  );
  const existente = new Map(existentes.map((e) => [`${e.clienteId}|${e.referencia}`, e.numero]));
  for (const j of validas) {
    const a = j.albaran as NonNullable<Juicio['albaran']>;
    const numero = existente.get(`${a.cliente_id}|${a.referencia_externa}`);
    if (numero !== undefined) {
      j.estado = 'duplicada';
      j.errores.push({
        fila: j.fila,
        columna: mapeo['referenciaExterna'] ?? null,
        valor: a.referencia_externa ?? '',
        mensaje: M.referenciaDuplicada(numero ?? '', a.referencia_externa ?? ''),
      });
    }
  }
  for (const j of juicios) if (j.estado !== 'valida') j.albaran = null;
  return juicios;
};

/** The stored shape R10 and R9 read, built from an import row before it is inserted. */
const comoFila = (a: NonNullable<Juicio['albaran']>, numero: string) =>
  ({
    numero,
    fecha: a.fecha,
    cliente: a.cliente,
    datos: a.datos,
    matricula: a.matricula,
    pesoKg: a.peso_kg,
    entregadoAt: a.entregado_at ? new Date(a.entregado_at) : null,
    firma: null,
    sinFirmaMotivo: a.sin_firma_motivo,
  }) as unknown as AlbaranRow;

export const resumenDe = (juicios: readonly Juicio[]): ResumenImportacion => {
  const validas = juicios.filter((j) => j.estado === 'valida').length;
  return {
    validas,
    conErrores: juicios.filter((j) => j.estado === 'error').length,
    duplicadas: juicios.filter((j) => j.estado === 'duplicada').length,
    avisos: juicios.filter((j) => j.avisos.length > 0).length,
    albaranes: validas,
  };
};

const aImportacion = (r: ImportacionLigera): Importacion => ({
  _id: r.id,
  version: r.version,
  destino: r.destino as DestinoImportacion,
  estado: r.estado as Importacion['estado'],
  archivo: { nombre: r.archivo.nombre, bytes: r.archivo.bytes, formato: r.archivo.formato },
  cabeceras: r.cabeceras,
  totalFilas: r.totalFilas,
  mapeo: r.mapeo,
  opciones: r.opciones,
  resumen: r.resumen,
  resultado: r.resultado,
  createdAt: r.createdAt.toISOString(),
  createdBy: r.createdByEmail,
});

const aPlantilla = (m: MapeoRow): PlantillaMapeo => ({
  _id: m.id,
  nombre: m.nombre ?? '',
  mapeo: m.mapeo,
  opciones: m.opciones,
  usadoAt: m.usadoAt?.toISOString() ?? null,
});

const csv = (cabeceras: string[], filas: (string | number | null)[][]) =>
  stringify(
    filas.map((f) => f.map((v) => v ?? '')),
    {
      bom: true,
      delimiter: ';',
      record_delimiter: '\r\n',
      header: true,
      columns: cabeceras,
      escape_formulas: true,
    },
  );

/** An NDJSON body: lines written as the work goes. */
const ndjson = () => {
  const stream = new PassThrough();
  return {
    stream,
    linea: (l: LineaProgresoImportacion) => {
      stream.write(`${JSON.stringify(l)}\n`);
    },
    fin: () => {
      stream.end();
    },
  };
};

export type Autor = { sub: string | null; email: string | null };
const usuarioDe = (a: Autor): Usuario => ({ sub: a.sub ?? '', email: a.email });

export const createImportacionService = (database: Database, today: () => string) => {
  const { db } = database;
  const albaranesAlquiler = createAlbaranesService(database, today);
  const crearEnTx: CrearEnTx = (tx, user, body, opciones) =>
    albaranesAlquiler.crearEnTx(tx, user, body, opciones);

  const leer = async (
    tx: Executor,
    destino: DestinoImportacion,
    id: string,
    { lock = false } = {},
  ) => {
    const row = idValido(id) ? await findImportacion(tx, id, { lock }) : undefined;
    if (!row || row.destino !== destino || row.empresa !== EMPRESA_DE[destino])
      throw noEncontrada();
    return row;
  };
  const leerLigera = async (tx: Executor, destino: DestinoImportacion, id: string) => {
    const row = idValido(id) ? await findImportacionLigera(tx, id) : undefined;
    if (!row || row.destino !== destino || row.empresa !== EMPRESA_DE[destino])
      throw noEncontrada();
    return row;
  };

  /** R19 confirm of rental albaranes: one albarán per Referencia through the service (§3). */
  const confirmarAlquiler = async (
    tx: Executor,
    imp: NonNullable<Awaited<ReturnType<typeof findImportacion>>>,
    autor: Autor,
    alAbrir: () => ReturnType<typeof ndjson>,
  ): Promise<ResultadoImportacion> => {
    const inicio = Date.now();
    const { grupos } = await juzgarAlquiler(
      tx,
      imp.filasLeidas,
      imp.cabeceras,
      imp.mapeo ?? {},
      imp.opciones ?? OPCIONES_IMPORTACION_POR_DEFECTO,
      crearEnTx,
      usuarioDe(autor),
    );
    const antes = await filasValidas(tx, imp.id);
    const ahora = new Set(grupos.flatMap((g) => g.filas));
    const perdidas = antes.filter((f) => !ahora.has(f)).length;
    if (perdidas > 0) throw conflicto(IM.datosCambiados(perdidas));
    const validasAntes = new Set(antes);
    const aCrear = grupos.filter((g) => g.filas.every((f) => validasAntes.has(f)));
    const salida = alAbrir();
    const total = antes.length;
    salida.linea({ tipo: 'progreso', fase: 'importando', procesadas: 0, total });
    const numeros: string[] = [];
    let procesadas = 0;
    let ultimaLinea = Date.now();
    for (const g of aCrear) {
      if (
        falloInyectado !== null &&
        falloInyectado > procesadas &&
        falloInyectado <= procesadas + g.filas.length
      )
        throw new Error(`Fallo inyectado en la fila ${falloInyectado}`);
      const creado = await crearEnTx(tx, usuarioDe(autor), g.body, { importacionId: imp.id });
      if (creado.numero) numeros.push(creado.numero);
      procesadas += g.filas.length;
      if (Date.now() - ultimaLinea > 200) {
        salida.linea({ tipo: 'progreso', fase: 'importando', procesadas, total });
        ultimaLinea = Date.now();
        await ceder();
      }
    }
    salida.linea({ tipo: 'progreso', fase: 'importando', procesadas, total });
    const resumen = imp.resumen as ResumenImportacion;
    const r: ResultadoImportacion = {
      creados: aCrear.length,
      primerNumero: numeros[0] ?? null,
      ultimoNumero: numeros.at(-1) ?? null,
      omitidas: imp.totalFilas - procesadas,
      conErrores: resumen.conErrores,
      duplicadas: resumen.duplicadas,
      duracionMs: Date.now() - inicio,
    };
    await updateImportacion(tx, imp.id, { estado: 'importada', resultado: r, contenido: null });
    return r;
  };

  return {
    subir: async (
      destino: DestinoImportacion,
      user: Usuario,
      archivo: { nombre: string; contenido: Buffer },
    ): Promise<ImportacionSubida> => {
      const leido = await leerArchivoImportacion(archivo.contenido);
      const empresa = EMPRESA_DE[destino];
      return db.transaction(async (tx) => {
        await descartarAntiguas(tx, empresa, destino);
        const row = await insertImportacion(tx, {
          empresa,
          destino,
          archivo: {
            archivoId: null,
            nombre: archivo.nombre.slice(0, 255),
            bytes: archivo.contenido.length,
            formato: leido.formato,
            codificacion: leido.codificacion,
            separador: leido.separador,
            sha256: sha256(archivo.contenido),
          },
          contenido: archivo.contenido,
          cabeceras: leido.cabeceras,
          filasLeidas: leido.filas,
          totalFilas: leido.filas.length,
          createdBySub: user?.sub ?? null,
          createdByEmail: user?.email ?? null,
        });
        const ejemplos: Record<string, string[]> = {};
        leido.cabeceras.forEach((c, i) => {
          const vistos: string[] = [];
          for (const f of leido.filas) {
            const v = f.celdas[i] ?? '';
            if (v) vistos.push(v);
            if (vistos.length === 3) break;
          }
          ejemplos[c] = vistos;
        });
        const recordado = await mapeoRecordado(tx, empresa, destino, firmaDe(leido.cabeceras));
        const mapeoRec = recordado ? aplicarMapeo(recordado.mapeo, leido.cabeceras) : null;
        const usarRecordado = mapeoRec && Object.keys(mapeoRec).length > 0;
        return {
          _id: row.id,
          version: row.version,
          formato: leido.formato,
          cabeceras: leido.cabeceras,
          ejemplos,
          totalFilas: leido.filas.length,
          mapeoSugerido: usarRecordado ? mapeoRec : sugerirMapeo(destino, leido.cabeceras),
          origenMapeo: usarRecordado ? 'recordado' : 'automatico',
          opcionesSugeridas:
            usarRecordado && recordado ? recordado.opciones : OPCIONES_IMPORTACION_POR_DEFECTO,
          mapeoUsadoAt: usarRecordado ? (recordado?.usadoAt?.toISOString() ?? null) : null,
          plantillas: (await leerPlantillas(tx, empresa, destino)).map(aPlantilla),
        };
      });
    },

    recientes: async (destino: DestinoImportacion) =>
      (await leerRecientes(db, EMPRESA_DE[destino], destino)).map(aImportacion),

    leer: async (destino: DestinoImportacion, id: string) =>
      aImportacion(await leerLigera(db, destino, id)),

    filas: async (
      destino: DestinoImportacion,
      id: string,
      q: { estado?: EstadoFilaImportacion | undefined; page: number; limit: number },
    ) => {
      await leerLigera(db, destino, id);
      const { rows, total } = await pageOfFilas(db, id, q.estado, {
        limit: q.limit,
        offset: (q.page - 1) * q.limit,
      });
      return {
        data: rows.map((r) => ({
          fila: r.fila,
          estado: r.estado as EstadoFilaImportacion,
          valores: r.valores,
          errores: r.errores,
          avisos: r.avisos,
        })),
        meta: pageMetaOf(q.page, q.limit, total),
      };
    },

    /** §5 "Errores" tab: the stored errors (rows with errors and duplicates), 50 a page. */
    errores: async (
      destino: DestinoImportacion,
      id: string,
      q: { page: number; limit: number },
    ) => {
      await leerLigera(db, destino, id);
      const todos = await erroresDe(db, id);
      const desde = (q.page - 1) * q.limit;
      return {
        data: todos.slice(desde, desde + q.limit),
        meta: pageMetaOf(q.page, q.limit, todos.length),
      };
    },

    plantillaCsv: (destino: DestinoImportacion) => csv(cabecerasPlantilla(destino), []),

    /** §5: the failing rows as read, plus an "Error" column, to fix and upload again. */
    erroresCsv: async (destino: DestinoImportacion, id: string) => {
      const imp = await leer(db, destino, id);
      const errores = await erroresDe(db, id);
      const porFila = new Map<number, string[]>();
      for (const e of errores) porFila.set(e.fila, [...(porFila.get(e.fila) ?? []), e.mensaje]);
      return csv(
        [...imp.cabeceras, 'Error'],
        imp.filasLeidas
          .filter((f) => porFila.has(f.fila))
          .map((f) => [...f.celdas, (porFila.get(f.fila) ?? []).join(' | ')]),
      );
    },

    /** The report of a confirmed import: every row, what it became or why it was left out. */
    informeCsv: async (destino: DestinoImportacion, id: string) => {
      const imp = await leerLigera(db, destino, id);
      const filas = await todasLasFilas(db, id);
      // Transport: one albarán per (client NIF, reference); rental: one per reference.
      const clave = (nif: string | null | undefined, ref: string | null | undefined) =>
        destino === 'transporte'
          ? `${normalizarNifImportacion(nif ?? '')}|${ref ?? ''}`
          : (ref ?? '');
      const numeros = new Map(
        (await numerosDeImportacion(db, id)).map((a) => [
          clave(a.documento, a.referencia),
          a.numero,
        ]),
      );
      const importada = imp.estado === 'importada';
      const etiqueta = {
        valida: importada ? 'Importada' : 'Válida',
        error: 'Con errores',
        duplicada: 'Duplicada',
      };
      return csv(
        ['Fila', 'Estado', 'Albarán', 'Referencia', 'Mensaje'],
        filas.map((f) => {
          const ref = f.valores['referenciaExterna'] ?? '';
          const numero =
            importada && f.estado === 'valida'
              ? (numeros.get(clave(f.valores['clienteNif'], ref)) ?? null)
              : null;
          return [
            f.fila,
            etiqueta[f.estado as EstadoFilaImportacion],
            numero,
            ref,
            [...f.errores.map((e) => e.mensaje), ...f.avisos].join(' | '),
          ];
        }),
      );
    },

    plantillas: async (destino: DestinoImportacion) =>
      (await leerPlantillas(db, EMPRESA_DE[destino], destino)).map(aPlantilla),

    guardarPlantilla: async (
      destino: DestinoImportacion,
      body: { nombre: string; mapeo: Record<string, string>; opciones: OpcionesImportacion },
    ) => {
      const conocidos = new Set(camposImportacion(destino).map((c) => c.key));
      const malos = Object.keys(body.mapeo).filter((k) => !conocidos.has(k));
      if (malos.length > 0)
        throw invalidData(malos.map((k) => `mapeo.${k}: ${IM.campoDesconocido(k)}`));
      const row = await insertPlantilla(db, { empresa: EMPRESA_DE[destino], destino, ...body });
      if (!row) throw conflicto(IM.plantillaRepetida(body.nombre));
      return aPlantilla(row);
    },

    borrarPlantilla: async (destino: DestinoImportacion, id: string) => {
      const ok = idValido(id) && (await deletePlantilla(db, EMPRESA_DE[destino], destino, id));
      if (!ok) throw notFound(IM.plantillaNoEncontrada);
    },

    /**
     * Checks before any line (404, 409, 400 on the mapping), then streams the progress and the
     * summary. Returns the NDJSON body.
     */
    validar: async (
      destino: DestinoImportacion,
      id: string,
      body: { mapeo: Record<string, string>; opciones: OpcionesImportacion; recordar: boolean },
      autor: Autor,
    ) => {
      const imp = await leer(db, destino, id);
      if (imp.estado === 'importada') throw conflicto(IM.yaRealizada);
      if (imp.estado === 'descartada') throw noEncontrada();
      const errores = erroresMapeo(destino, body.mapeo, imp.cabeceras);
      if (errores.length > 0) throw invalidData(errores.map((e) => `mapeo: ${e}`));
      const salida = ndjson();
      const total = imp.filasLeidas.length;
      const trabajo = async () => {
        salida.linea({ tipo: 'progreso', fase: 'validando', procesadas: 0, total });
        const despues = await db.transaction(async (tx) => {
          const actual = await leer(tx, destino, id, { lock: true });
          if (actual.estado === 'importada') throw conflicto(IM.yaRealizada);
          const { juicios, grupos } =
            destino === 'transporte'
              ? {
                  juicios: await juzgarTransporte(
                    tx,
                    actual.filasLeidas,
                    actual.cabeceras,
                    body.mapeo,
                    body.opciones,
                    async (n) => {
                      salida.linea({ tipo: 'progreso', fase: 'validando', procesadas: n, total });
                      await ceder();
                    },
                  ),
                  grupos: null,
                }
              : await juzgarAlquiler(
                  tx,
                  actual.filasLeidas,
                  actual.cabeceras,
                  body.mapeo,
                  body.opciones,
                  crearEnTx,
                  usuarioDe(autor),
                );
          const guardadas: FilaGuardada[] = juicios.map((j) => ({
            fila: j.fila,
            estado: j.estado,
            valores: j.valores,
            errores: j.errores,
            avisos: j.avisos,
          }));
          await reemplazarFilas(tx, id, guardadas);
          const resumen = {
            ...resumenDe(juicios),
            ...(grupos ? { albaranes: grupos.length } : {}),
          };
          if (body.recordar)
            await recordarMapeo(tx, {
              empresa: EMPRESA_DE[destino],
              destino,
              firmaCabeceras: firmaDe(actual.cabeceras),
              mapeo: body.mapeo,
              opciones: body.opciones,
            });
          return updateImportacion(tx, id, {
            estado: 'validada',
            mapeo: body.mapeo,
            opciones: body.opciones,
            resumen,
            errores: juicios.flatMap((j) => j.errores),
            resultado: null,
            motivoFallo: null,
          });
        });
        salida.linea({ tipo: 'progreso', fase: 'validando', procesadas: total, total });
        salida.linea({
          tipo: 'resumen',
          version: despues.version,
          resumen: despues.resumen as ResumenImportacion,
        });
      };
      void trabajo()
        .catch((error: unknown) => {
          salida.linea({
            tipo: 'error',
            message: error instanceof HttpError ? error.message : 'No se pudo validar el archivo',
          });
        })
        .finally(salida.fin);
      return salida.stream;
    },

    /**
     * R19 confirm: lock, re-validate and compare before the first line (409 JSON when the valid
     * set changed), then number, insert in chunks and stream; a failure rolls everything back and
     * leaves the import `fallida` with a final `{"tipo":"error"}`.
     */
    confirmar: async (
      destino: DestinoImportacion,
      id: string,
      version: number | undefined,
      autor: Autor,
    ): Promise<PassThrough> => {
      const salida = ndjson();
      let empezado = false;
      let abrir: () => void = () => {};
      let rechazar: (e: unknown) => void = () => {};
      const listo = new Promise<void>((resolve, reject) => {
        abrir = resolve;
        rechazar = reject;
      });
      const inicio = Date.now();
      const requestId = currentRequest()?.requestId ?? null;
      const alAbrir = () => {
        empezado = true;
        abrir();
        return salida;
      };
      const trabajo = async () => {
        const resultado = await db.transaction(async (tx) => {
          const imp = await leer(tx, destino, id, { lock: true });
          if (imp.estado === 'importada') throw conflicto(IM.yaRealizada);
          if (imp.estado !== 'validada' || !imp.mapeo || !imp.opciones)
            throw conflicto(IM.noValidada);
          checkVersion(imp.version, version);
          if (destino === 'alquiler') return confirmarAlquiler(tx, imp, autor, alAbrir);
          const juicios = await juzgarTransporte(
            tx,
            imp.filasLeidas,
            imp.cabeceras,
            imp.mapeo,
            imp.opciones,
          );
          const antes = await filasValidas(tx, id);
          const ahora = new Map(
            juicios.filter((j) => j.estado === 'valida').map((j) => [j.fila, j]),
          );
          const perdidas = antes.filter((f) => !ahora.has(f)).length;
          if (perdidas > 0) throw conflicto(IM.datosCambiados(perdidas));
          alAbrir();
          const total = antes.length;
          salida.linea({ tipo: 'progreso', fase: 'importando', procesadas: 0, total });
          const aCrear = antes
            .map((f) => ahora.get(f) as Juicio)
            .sort((a, b) =>
              (a.albaran?.fecha ?? '') === (b.albaran?.fecha ?? '')
                ? a.fila - b.fila
                : (a.albaran?.fecha ?? '') < (b.albaran?.fecha ?? '')
                  ? -1
                  : 1,
            );
          // Numbers: one counter update per year, in date then file-row order.
          const porAnio = new Map<number, number>();
          for (const j of aCrear) {
            const anio = Number(j.albaran?.fecha.slice(0, 4));
            porAnio.set(anio, (porAnio.get(anio) ?? 0) + 1);
          }
          const siguiente = new Map<number, number>();
          for (const [anio, n] of porAnio) {
            const ultimo = await reservarSecuencias(
              tx,
              { empresa: 'transporte', tipo: 'albaran_transporte', anio },
              n,
            );
            siguiente.set(anio, ultimo - n + 1);
          }
          const prefijo = prefijoDocumento('albaran_transporte', 'transporte');
          const needsEmisor = aCrear.some((j) => j.albaran?.estado === 'entregado');
          const emisor = needsEmisor ? await datosEmisor(tx, 'transporte') : null;
          const transportista: Transportista | null = emisor
            ? { tipo: 'propio', nombre: emisor.razonSocial, nif: emisor.nif, proveedorId: null }
            : null;
          // The search column as columnaBusqueda writes it, each distinct text normalised once.
          const normales = new Map<string, string>();
          const busqueda = (...partes: (string | null | undefined)[]) =>
            partes
              .filter((p): p is string => Boolean(p))
              .map((p) => {
                let n = normales.get(p);
                if (n === undefined) {
                  n = normalizeSearchText(p);
                  normales.set(p, n);
                }
                return n;
              })
              .join('\u001f');
          const filas: (AlbaranTransporteImportado & { fila: number })[] = aCrear.map((j) => {
            const a = j.albaran as NonNullable<Juicio['albaran']>;
            const anio = Number(a.fecha.slice(0, 4));
            const secuencia = siguiente.get(anio) as number;
            siguiente.set(anio, secuencia + 1);
            const numero = formatNumeroDocumento(prefijo, anio, secuencia);
            const d = a.datos as DatosTransporte;
            let firma: unknown = null;
            if (a.estado === 'entregado' && transportista) {
              const huella = huellaDe(contenidoFirmado(comoFila(a, numero), transportista));
              firma = {
                nombre: '',
                dni: '',
                imagenId: '',
                imagenSha256: '',
                firmadoAt: a.entregado_at,
                firmadoPor: autor.email,
                huella,
              };
            }
            return {
              ...a,
              fila: j.fila,
              id: randomUUID(),
              numero,
              salida_at: a.entregado_at,
              firma,
              busqueda:
                columnaBusqueda(numero) +
                '\u001f' +
                busqueda(
                  a.cliente.nombre,
                  a.cliente.documento,
                  a.referencia_externa,
                  d.destinatario.nombre,
                  d.destino.direccion.municipio,
                  d.destino.nombre,
                  a.matricula,
                  placaTexto(a.matricula),
                ),
            };
          });
          await prepararInsercionMasiva(tx);
          for (let i = 0; i < filas.length; i += IMPORTACION_LOTE) {
            const lote = filas.slice(i, i + IMPORTACION_LOTE);
            if (falloInyectado !== null && falloInyectado > i && falloInyectado <= i + lote.length)
              throw new Error(`Fallo inyectado en la fila ${falloInyectado}`);
            await insertAlbaranesTransporte(
              tx,
              id,
              autor,
              lote.map(({ fila: _f, ...resto }) => resto),
            );
            await insertHistorialLote(
              tx,
              { recurso: RECURSO_TRANSPORTE, empresa: 'transporte', usuario: autor, requestId },
              lote.map((a) => ({
                registro_id: a.id,
                cambios: cambiosEntre(
                  undefined,
                  instantaneaTransporte({
                    numero: a.numero,
                    estado: a.estado,
                    clienteId: a.cliente_id,
                    fecha: a.fecha,
                    datos: a.datos,
                    matricula: a.matricula,
                    pesoKg: a.peso_kg,
                    precio: a.precio,
                    tipoIva: a.tipo_iva,
                    observaciones: a.observaciones,
                    referenciaExterna: a.referencia_externa,
                    firma: null,
                    sinFirmaMotivo: a.sin_firma_motivo,
                    anulacion: null,
                  } as unknown as AlbaranRow),
                  CAMPOS_TRANSPORTE,
                ),
              })),
            );
            salida.linea({
              tipo: 'progreso',
              fase: 'importando',
              procesadas: i + lote.length,
              total,
            });
            await ceder();
          }
          const resumen = imp.resumen as ResumenImportacion;
          const r: ResultadoImportacion = {
            creados: filas.length,
            primerNumero: filas[0]?.numero ?? null,
            ultimoNumero: filas.at(-1)?.numero ?? null,
            omitidas: imp.totalFilas - filas.length,
            conErrores: resumen.conErrores,
            duplicadas: resumen.duplicadas,
            duracionMs: Date.now() - inicio,
          };
          await updateImportacion(tx, id, {
            estado: 'importada',
            resultado: r,
            contenido: null,
          });
          return r;
        });
        salida.linea({ tipo: 'resultado', resultado: resultado });
      };
      void trabajo()
        .catch(async (error: unknown) => {
          if (!empezado) {
            rechazar(error);
            return;
          }
          const motivo =
            error instanceof HttpError ||
            (error instanceof Error && /^Fallo inyectado/.test(error.message))
              ? error.message
              : 'Error inesperado al guardar los albaranes.';
          await db
            .transaction((tx) =>
              updateImportacion(tx, id, { estado: 'fallida', motivoFallo: motivo }),
            )
            .catch(() => undefined);
          salida.linea({ tipo: 'error', message: motivo });
        })
        .finally(() => {
          if (empezado) salida.fin();
        });
      await listo;
      return salida.stream;
    },
  };
};

export type ImportacionService = ReturnType<typeof createImportacionService>;
