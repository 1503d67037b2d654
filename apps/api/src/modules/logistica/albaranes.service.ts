import { formatFecha } from '@tvsistema/domain/format';
import { diaEnMadrid } from '@tvsistema/domain/format';
import type { HistorialQuery } from '@tvsistema/domain/historial';
import { pageMetaOf } from '@tvsistema/domain/lists';
import type { Direccion } from '@tvsistema/domain/localizacion';
import { checkSpanishDocument, checkSpanishPlate } from '@tvsistema/domain/documento';
import {
  asignarFifo,
  horaMadrid,
  instanteMadrid,
  LOGISTICA_MESSAGES as M,
  normalizarDni,
  parseAlbaranSort,
  type Albaran,
  type AlbaranCreate,
  type AlbaranListQuery,
  type AlbaranResumen,
  type AlbaranUpdate,
  type FirmaInput,
  type LineaAlbaranParsed,
  type Saldo,
} from '@tvsistema/domain/logistica';
import { can } from '@tvsistema/domain/auth';
import { multiplyDecimals, addDecimals, round2 } from '@tvsistema/domain/money';
import type { Database } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { pgErrorOf, UNIQUE_VIOLATION } from '../../db/pg-errors.js';
import { HttpError, invalidData, notFound } from '../../http/errors.js';
import { checkVersion } from '../../http/versioning.js';
import { alquilerParaLogistica, registrarMovimientoLogistico } from '../comercial/index.js';
import { leerHistorial, registrarHistorial } from '../historial/index.js';
import {
  articulos,
  registrarDevolucion,
  registrarEntrega,
  revertirAlbaran,
  type Articulo,
} from '../inventario/index.js';
import { validateDireccion } from '../localizacion/index.js';
import { asignarNumero } from '../numeracion/index.js';
import {
  asignacionesDe,
  asignacionesDeLotes,
  deleteAlbaran,
  entregadoPorArticulo,
  findAlbaran,
  findFirma,
  findParte,
  findPorReferencia,
  insertAlbaran,
  insertAsignaciones,
  insertFirma,
  insertLotes,
  lineasDe,
  lotesConSaldo,
  pageOfAlbaranes,
  type FilaResumenAlbaran,
  recogidaVivaDeEntrega,
  reemplazarLineas,
  sumarPendiente,
  albaranesPorLotes,
  updateAlbaran,
  vaciarLotesDeEntrega,
  type AlbaranRow,
  type LineaInsert,
  type LineaRow,
} from './logistica.repository.js';
import {
  autoria,
  columnaBusqueda,
  conflicto,
  huellaDe,
  idValido,
  leerPng,
  prohibido,
  sha256,
  type Operador,
  type Usuario,
} from './logistica-comun.js';

// §2.1–2.4, §3 and R1–R9, R14, R15, R17: rental albaranes (entrega / recogida). Every write is one
// transaction with its history row; emission, signature and annulment tell comercial (its port)
// and move stock through inventario inside that same transaction.

export const RECURSO_ALBARAN = 'albaran';
const CAMPOS = [
  'numero',
  'estado',
  'alquilerId',
  'fechaHora',
  'fechaFinCobro',
  'matricula',
  'conductor',
  'referenciaExterna',
  'observaciones',
  'unidades',
  'firma',
  'anulacion',
  'obra',
] as const;
/** The Obra as the detail and the PDF write it: calle and número, código postal, municipio, provincia. */
const obraTexto = (d: Direccion | null) =>
  d
    ? [
        d.calle && `${d.calle}${d.altura ? ` ${d.altura}` : ''}`,
        d.codigoPostal,
        d.municipio,
        d.provincia,
      ]
        .filter(Boolean)
        .join(', ')
    : null;
const instantanea = (r: AlbaranRow) => ({
  numero: r.numero,
  estado: r.estado,
  alquilerId: r.alquilerId,
  fechaHora: r.fechaHora.toISOString(),
  fechaFinCobro: r.fechaFinCobro,
  matricula: r.matricula,
  conductor: r.conductor,
  referenciaExterna: r.referenciaExterna,
  observaciones: r.observaciones,
  unidades: r.unidades,
  firma: r.firma ? `${r.firma.nombre} (${r.firma.dni})` : null,
  anulacion: r.anulacion?.motivo ?? null,
  obra: obraTexto(r.direccionObra),
});

const esArticulo = (clase: string) => clase === 'maquina' || clase === 'andamio';
const entero = (v: string | number) => Math.round(Number(v));

/** Now, rounded down to 5 minutes, on "today"'s Madrid date (tests fix the day). */
const ahoraRedondeada = (hoy: string) => {
  const ahora = new Date(Math.floor(Date.now() / 300_000) * 300_000);
  return instanteMadrid(hoy, horaMadrid(ahora));
};

export type AlbaranLeido = { row: AlbaranRow; lineas: LineaRow[] };

type AsignacionDeLote = Awaited<ReturnType<typeof asignacionesDeLotes>>[number];
const viva = (a: AsignacionDeLote) =>
  a.recogidaId !== null && a.cantidad !== null && a.recogidaEstado !== 'anulado';

/**
 * §5 Asignación "Pendiente tras la recogida": the lote's units less what this recogida and the
 * live ones emitted before it (lower número) took.
 */
const pendienteTras = (row: AlbaranRow, lote: AsignacionDeLote[]) =>
  (lote[0]?.loteCantidad ?? 0) -
  lote
    .filter(
      (a) =>
        a.recogidaId === row.id ||
        (viva(a) && row.numero !== null && (a.recogidaNumero ?? '') < row.numero),
    )
    .reduce((s, a) => s + (a.cantidad ?? 0), 0);

/** §5 Devoluciones of an entrega: per article line, delivered, returned, on site, by which recogidas. */
const devolucionesDe = async (tx: Executor, row: AlbaranRow, lineas: LineaRow[]) => {
  if (row.tipo !== 'entrega') return [];
  const filas = await asignacionesDeLotes(tx, { entregaId: row.id });
  return lineas.flatMap((l) => {
    const deLinea = filas.filter((f) => f.lineaId === l.id);
    const lotes = [...new Map(deLinea.map((f) => [f.loteId, f])).values()];
    if (lotes.length === 0) return [];
    const vivas = deLinea.filter(viva);
    const recogidas = [
      ...new Map(vivas.map((a) => [a.recogidaId as string, a.recogidaNumero ?? ''])).entries(),
    ].map(([_id, numero]) => ({ _id, numero }));
    return [
      {
        articuloId: l.articuloId,
        codigo: l.codigo,
        descripcion: l.descripcion,
        entregadas: lotes.reduce((s, f) => s + f.loteCantidad, 0),
        devueltas: vivas.reduce((s, a) => s + (a.cantidad ?? 0), 0),
        enObra: lotes.reduce((s, f) => s + f.pendiente, 0),
        recogidas,
      },
    ];
  });
};

/** The API's record of a rental albarán. */
const aAlbaran = async (tx: Executor, { row, lineas }: AlbaranLeido): Promise<Albaran> => {
  const asignaciones =
    row.tipo === 'recogida'
      ? await asignacionesDe(
          tx,
          lineas.map((l) => l.id),
        )
      : [];
  const deLotes = await asignacionesDeLotes(tx, {
    loteIds: [...new Set(asignaciones.map((a) => a.loteId))],
  });
  return {
    _id: row.id,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    createdBy: row.createdByEmail,
    updatedBy: row.updatedByEmail,
    empresa: 'alquileres',
    tipo: row.tipo as 'entrega' | 'recogida',
    numero: row.numero,
    estado: row.estado as Albaran['estado'],
    alquiler: { _id: row.alquilerId as string, numero: row.alquilerNumero ?? '' },
    cliente: row.cliente,
    fechaHora: row.fechaHora.toISOString(),
    fechaFinCobro: row.fechaFinCobro,
    direccionObra: row.direccionObra,
    matricula: row.matricula,
    matriculaTexto: row.matricula
      ? (checkSpanishPlate(row.matricula)?.texto ?? row.matricula)
      : null,
    conductor: row.conductor,
    referenciaExterna: row.referenciaExterna,
    observaciones: row.observaciones,
    lineas: lineas.map((l) => ({
      _id: l.id,
      clase: l.clase as 'maquina',
      articuloId: l.articuloId,
      codigo: l.codigo,
      descripcion: l.descripcion,
      cantidad: l.cantidad,
      horometro: l.horometro,
      correcto: l.correcto,
      danado: l.danado,
      falta: l.falta,
      observacionDano: l.observacionDano,
      precioUnitario: l.precioUnitario,
      cargoDano: l.cargoDano,
      tipoIva: l.tipoIva,
      importe: l.importe,
      asignaciones: asignaciones
        .filter((a) => a.recogidaLineaId === l.id)
        .map((a) => ({
          loteId: a.loteId,
          entregaId: a.entregaId,
          numero: a.numero ?? '',
          fecha: a.fecha,
          cantidad: a.cantidad,
          pendienteTras: pendienteTras(
            row,
            deLotes.filter((x) => x.loteId === a.loteId),
          ),
        })),
    })),
    unidades: row.unidades,
    firma: row.firma
      ? {
          nombre: row.firma.nombre,
          dni: row.firma.dni,
          imagenId: row.firma.imagenId,
          firmadoAt: row.firma.firmadoAt,
          firmadoPor: row.firma.firmadoPor,
          huella: row.firma.huella,
        }
      : null,
    anulacion: row.anulacion,
    transporte: row.transporte,
    importacionId: row.importacionId,
    avisos: row.avisos,
    devoluciones: await devolucionesDe(tx, row, lineas),
  };
};

const aResumen = (row: FilaResumenAlbaran): AlbaranResumen => ({
  _id: row.id,
  version: row.version,
  tipo: row.tipo as 'entrega',
  numero: row.numero,
  estado: row.estado as 'borrador',
  fechaHora: row.fechaHora.toISOString(),
  cliente: row.cliente,
  alquiler: { _id: row.alquilerId as string, numero: row.alquilerNumero ?? '' },
  obra: row.direccionObra?.municipio ?? null,
  unidades: row.unidades,
  firmado: row.firma !== null,
  firmante: row.firma?.nombre ?? null,
  referenciaExterna: row.referenciaExterna,
});

/**
 * R9: what the signature covers — número, tipo, dates, parties with NIF, address, lines and
 * counts, signer and image hash. Prices and observaciones stay outside.
 */
export const contenidoFirmado = (
  row: AlbaranRow,
  lineas: LineaRow[],
  firma: NonNullable<AlbaranRow['firma']>,
) => {
  const d: Partial<Direccion> = row.direccionObra ?? {};
  return {
    numero: row.numero,
    tipo: row.tipo,
    fechaHora: row.fechaHora.toISOString(),
    fechaFinCobro: row.fechaFinCobro,
    alquiler: row.alquilerNumero,
    cliente: { nombre: row.cliente.nombre, documento: row.cliente.documento },
    obra: {
      pais: d.pais ?? null,
      provincia: d.provincia ?? null,
      municipio: d.municipio ?? null,
      ciudad: d.ciudad ?? null,
      calle: d.calle ?? null,
      codigoPostal: d.codigoPostal ?? null,
      altura: d.altura ?? null,
      planta: d.planta ?? null,
      local: d.local ?? null,
    },
    matricula: row.matricula,
    conductor: row.conductor,
    lineas: lineas.map((l) => ({
      clase: l.clase,
      codigo: l.codigo,
      descripcion: l.descripcion,
      cantidad: Number(l.cantidad).toString(),
      horometro: l.horometro === null ? null : Number(l.horometro).toFixed(1),
      correcto: l.correcto,
      danado: l.danado,
      falta: l.falta,
      observacionDano: l.observacionDano,
    })),
    firma: {
      nombre: firma.nombre,
      dni: firma.dni,
      firmadoAt: firma.firmadoAt,
      imagen: firma.imagenSha256,
    },
  };
};

const madridDe = (fechaHora: string | Date) =>
  diaEnMadrid(typeof fechaHora === 'string' ? new Date(fechaHora) : fechaHora);

type DatosCabecera = {
  alquilerId: string;
  fechaHora?: string | undefined;
  fechaFinCobro?: string | undefined;
  direccionObra?: AlbaranCreate['direccionObra'];
  matricula?: string | undefined;
  conductor?: string | undefined;
  referenciaExterna?: string | undefined;
  observaciones?: string | undefined;
  lineas: LineaAlbaranParsed[];
};

/** `ahora` is the server clock of signatures and annulments (the demo world runs it at past dates). */
export const createAlbaranesService = (
  database: Database,
  today: () => string,
  ahora: () => Date = () => new Date(),
) => {
  const { db } = database;

  const leer = async (tx: Executor, id: string, { lock = false } = {}) => {
    const row = idValido(id) ? await findAlbaran(tx, id, { lock }) : undefined;
    if (!row || row.clase !== 'alquiler') throw notFound(M.albaranNoEncontrado);
    return { row, lineas: await lineasDe(tx, id) };
  };

  /** The alquiler, the client, the address and the resolved lines of a body (borrador rules). */
  const resolver = async (
    tx: Executor,
    tipo: 'entrega' | 'recogida',
    datos: DatosCabecera,
    exceptoId?: string,
  ) => {
    const hoy = today();
    let alquiler: Awaited<ReturnType<typeof alquilerParaLogistica>>;
    try {
      alquiler = await alquilerParaLogistica(tx, datos.alquilerId, hoy);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404)
        throw invalidData([`alquilerId: ${M.alquilerNoEncontrado}`]);
      throw error;
    }
    const saldo = tipo === 'recogida' ? await lotesConSaldo(tx, alquiler._id) : [];
    const permite =
      tipo === 'entrega' ? alquiler.permiteEntrega : saldo.length > 0 || alquiler.permiteRecogida;
    if (!permite) throw conflicto(M.alquilerNoPermite(tipo, alquiler.numero));
    const cliente = await findParte(tx, alquiler.clienteId, 'cliente', 'alquileres');
    if (!cliente) throw invalidData([`alquilerId: ${M.alquilerNoEncontrado}`]);
    const errores: string[] = [];
    let direccion: Direccion | null = (alquiler.direccionObra as Direccion | null) ?? null;
    if (datos.direccionObra) {
      const check = await validateDireccion(tx, datos.direccionObra, 'direccionObra');
      errores.push(...check.errors);
      direccion = check.direccion;
    }
    if (!direccion?.municipioId) errores.push(`direccionObra: ${M.direccionObraObligatoria}`);
    let matricula: string | null = null;
    if (datos.matricula) {
      const p = checkSpanishPlate(datos.matricula);
      if (!p)
        errores.push(
          'matricula: La matrícula no tiene un formato válido (1234 BCD, R 1234 BCD, E 1234 BCD o PM 1234 AB)',
        );
      else matricula = p.normalizada;
    }
    const ids = [...new Set(datos.lineas.map((l) => l.articuloId))];
    const encontrados = await articulos(tx, { ids, limit: ids.length * 3 + 10 });
    const porId = new Map(encontrados.map((a) => [`${a.clase}:${a._id}`, a]));
    const vistos = new Set<string>();
    const lineas: (LineaInsert & { articulo: Articulo })[] = [];
    datos.lineas.forEach((l, i) => {
      const articulo = porId.get(`${l.clase}:${l.articuloId}`);
      if (!articulo || !articulo.activo) {
        errores.push(`lineas[${i}].articuloId: ${M.articuloNoValido}`);
        return;
      }
      if (vistos.has(articulo._id))
        errores.push(`lineas[${i}].articuloId: ${M.articuloRepetido(articulo.codigo)}`);
      vistos.add(articulo._id);
      const cantidad = l.cantidad;
      let correcto: number | null = null;
      let danado: number | null = null;
      let falta: number | null = null;
      let precioUnitario: string | null = null;
      let importe = '0';
      const cargoDano = l.cargoDano ?? '0';
      let tipoIva = l.tipoIva ?? 21;
      if (l.clase === 'concepto') {
        precioUnitario = l.precioUnitario ?? articulo.precio ?? '0';
        tipoIva = l.tipoIva ?? articulo.tipoIva ?? 21;
        importe = round2(multiplyDecimals(cantidad, precioUnitario));
      } else if (tipo === 'recogida') {
        const total = entero(cantidad);
        correcto = l.correcto ?? (l.danado === undefined && l.falta === undefined ? total : 0);
        danado = l.danado ?? 0;
        falta = l.falta ?? 0;
        if (l.clase === 'maquina' && !l.horometro)
          errores.push(`lineas[${i}].horometro: ${M.horometroObligatorio}`);
        const reposicion = articulo.precios?.reposicion ?? null;
        if (falta > 0) precioUnitario = reposicion ?? '0';
        importe = round2(addDecimals(multiplyDecimals(precioUnitario ?? '0', falta), cargoDano));
        tipoIva = 21;
      }
      lineas.push({
        orden: i,
        clase: l.clase,
        articuloId: articulo._id,
        codigo: articulo.codigo,
        descripcion: articulo.descripcion,
        cantidad,
        horometro: l.horometro ?? null,
        correcto,
        danado,
        falta,
        observacionDano: l.observacionDano ?? null,
        precioUnitario,
        cargoDano,
        tipoIva,
        importe,
        articulo,
      });
    });
    if (errores.length > 0) throw invalidData(errores);
    if (datos.referenciaExterna) {
      const otro = await findPorReferencia(
        tx,
        'alquileres',
        cliente._id,
        datos.referenciaExterna,
        exceptoId,
      );
      if (otro)
        throw conflicto(
          M.referenciaDuplicada(otro.numero ?? 'en borrador', datos.referenciaExterna),
        );
    }
    const fechaHora = datos.fechaHora ?? ahoraRedondeada(hoy);
    const fecha = madridDe(fechaHora);
    if (datos.fechaFinCobro && datos.fechaFinCobro > fecha)
      throw invalidData([`fechaFinCobro: ${M.fechaFinCobroPosterior}`]);
    const unidades = lineas
      .filter((l) => esArticulo(l.clase))
      .reduce((s, l) => s + entero(l.cantidad), 0);
    return {
      alquiler,
      cliente: { _id: cliente._id, nombre: cliente.nombre, documento: cliente.documento },
      valores: {
        alquilerId: alquiler._id,
        alquilerNumero: alquiler.numero,
        clienteId: cliente._id,
        cliente: { _id: cliente._id, nombre: cliente.nombre, documento: cliente.documento },
        fechaHora: new Date(fechaHora),
        fecha,
        fechaFinCobro: tipo === 'recogida' ? (datos.fechaFinCobro ?? fecha) : null,
        direccionObra: direccion,
        matricula,
        conductor: datos.conductor ?? null,
        referenciaExterna: datos.referenciaExterna ?? null,
        observaciones: datos.observaciones ?? null,
        unidades,
        busqueda: columnaBusqueda(
          alquiler.numero,
          cliente.nombre,
          cliente.documento,
          datos.referenciaExterna,
          direccion?.municipio,
        ),
      },
      lineas: lineas.map(({ articulo: _a, ...l }) => l),
    };
  };

  /** Create (and, with `accion: 'emitir'`, emit) inside the caller's transaction (the import). */
  const crearEnTx = async (
    tx: Executor,
    user: Usuario,
    body: AlbaranCreate,
    { importacionId = null }: { importacionId?: string | null } = {},
  ) => {
    const r = await resolver(tx, body.tipo, body);
    const row = await insertAlbaran(tx, {
      empresa: 'alquileres',
      clase: 'alquiler',
      tipo: body.tipo,
      estado: 'borrador',
      ...r.valores,
      importacionId,
      ...autoria(user, { crear: true }),
    });
    const lineas = await reemplazarLineas(tx, row.id, r.lineas);
    await registrarHistorial(tx, {
      recurso: RECURSO_ALBARAN,
      registroId: row.id,
      empresa: 'alquileres',
      accion: 'crear',
      antes: undefined,
      despues: instantanea(row),
      campos: [...CAMPOS],
      usuario: user,
    });
    return body.accion === 'emitir' ? emitirEnTx(tx, { row, lineas }, user) : row;
  };

  /**
   * R15 under a race: another request took the reference between our check and our insert. The
   * index refuses ours once theirs has committed, so running the write again (ours rolled back)
   * meets the check, which names their albarán in R15's text.
   */
  const conUnicidad = async <T>(fn: () => Promise<T>, intentos = 2): Promise<T> => {
    try {
      return await fn();
    } catch (error) {
      const pg = pgErrorOf(error);
      if (pg?.code !== UNIQUE_VIOLATION || pg.constraint !== 'albaranes_referencia_key')
        throw error;
      if (intentos > 1) return conUnicidad(fn, intentos - 1);
      throw conflicto('Ya existe un albarán con esa referencia para este cliente.');
    }
  };

  /** §3 emission (R1–R8) of a borrador already written, inside `tx`. */
  const emitirEnTx = async (tx: Executor, leido: AlbaranLeido, user: Usuario) => {
    const { row, lineas } = leido;
    const hoy = today();
    const fecha = row.fecha;
    if (fecha > hoy) throw invalidData([`fechaHora: ${M.fechaFutura}`]);
    const alquiler = await alquilerParaLogistica(tx, row.alquilerId as string, hoy);
    const origen = { tipo: 'alquiler' as const, id: alquiler._id, numero: alquiler.numero };
    const tipo = row.tipo as 'entrega' | 'recogida';
    const avisos: string[] = [];
    const articulosLineas = lineas.filter((l) => esArticulo(l.clase));
    if (tipo === 'entrega') {
      if (!alquiler.permiteEntrega)
        throw conflicto(M.alquilerNoPermite('entrega', alquiler.numero));
      // R2: inventario's stock figures, checked before anything moves.
      const stock = await articulos(tx, {
        ids: articulosLineas.filter((l) => l.clase === 'andamio').map((l) => l.articuloId),
        clases: ['andamio'],
        limit: 500,
      });
      for (const l of articulosLineas.filter((x) => x.clase === 'andamio')) {
        const a = stock.find((s) => s._id === l.articuloId);
        const disponible = a?.stock?.disponible ?? 0;
        if (entero(l.cantidad) > disponible)
          throw conflicto(M.stockInsuficiente(l.codigo, disponible, entero(l.cantidad)));
      }
      const entregado = await entregadoPorArticulo(tx, alquiler._id);
      for (const l of articulosLineas) {
        const contratadas = alquiler.lineas
          .filter((c) => c.articuloId === l.articuloId)
          .reduce((s, c) => s + c.cantidad, 0);
        const total = (entregado.get(l.articuloId) ?? 0) + entero(l.cantidad);
        if (total > contratadas)
          avisos.push(M.entregaMasDeLoContratado(l.codigo, contratadas, total));
      }
    }
    // R3, R4, R6: the recogida's lotes, oldest first.
    const asignaciones: { lineaId: string; loteId: string; cantidad: number }[] = [];
    if (tipo === 'recogida') {
      const lotes = await lotesConSaldo(tx, alquiler._id, { lock: true });
      let ultima: { fecha: string; numero: string } | null = null;
      const errores: string[] = [];
      lineas.forEach((l, i) => {
        if (!esArticulo(l.clase)) return;
        const propios = lotes.filter((x) => x.articuloId === l.articuloId);
        const saldo = propios.reduce((s, x) => s + x.pendiente, 0);
        const n = entero(l.cantidad);
        const { asignaciones: a, resto } = asignarFifo(
          propios.map((x) => ({
            loteId: x.id,
            fecha: x.fecha,
            pendiente: x.pendiente,
            numero: x.numero,
          })),
          n,
        );
        if (resto > 0) {
          errores.push(`lineas[${i}].cantidad: ${M.devuelveMasDeLoQueHay(n, l.codigo, saldo)}`);
          return;
        }
        for (const x of a) {
          asignaciones.push({ lineaId: l.id, loteId: x.loteId, cantidad: x.cantidad });
          if (!ultima || x.fecha > ultima.fecha)
            ultima = { fecha: x.fecha, numero: x.numero ?? '' };
        }
      });
      if (errores.length > 0) throw invalidData(errores);
      const fin = row.fechaFinCobro ?? fecha;
      if (fin > fecha) throw invalidData([`fechaFinCobro: ${M.fechaFinCobroPosterior}`]);
      const u = ultima as { fecha: string; numero: string } | null;
      if (u && fin < u.fecha)
        throw invalidData([`fechaFinCobro: ${M.fechaFinCobroAnterior(u.numero, u.fecha)}`]);
    }
    const { numero } = await asignarNumero(tx, {
      empresa: 'alquileres',
      tipo: tipo === 'entrega' ? 'albaran_entrega' : 'albaran_recogida',
      anio: Number(fecha.slice(0, 4)),
    });
    const albaran = { _id: row.id, numero };
    const lineasPuerto = lineas.map((l) => ({
      clase: l.clase as 'maquina' | 'andamio' | 'concepto',
      articuloId: l.articuloId,
      cantidad: Number(l.cantidad),
      ...(l.clase === 'concepto' && l.precioUnitario ? { precioUnitario: l.precioUnitario } : {}),
    }));
    if (tipo === 'entrega') {
      await registrarMovimientoLogistico(tx, {
        evento: 'emitido',
        alquilerId: alquiler._id,
        albaran: { ...albaran, tipo },
        fecha,
        lineas: lineasPuerto,
        hoy,
      });
      await registrarEntrega(tx, {
        origen,
        fecha,
        albaran,
        maquinas: articulosLineas
          .filter((l) => l.clase === 'maquina')
          .map((l) => ({ maquinaId: l.articuloId, horometro: l.horometro ?? undefined })),
        componentes: articulosLineas
          .filter((l) => l.clase === 'andamio')
          .map((l) => ({ componenteId: l.articuloId, cantidad: entero(l.cantidad) })),
        usuario: user,
        hoy,
      });
      await insertLotes(
        tx,
        articulosLineas.map((l) => ({
          alquilerId: alquiler._id,
          entregaId: row.id,
          lineaId: l.id,
          clase: l.clase,
          articuloId: l.articuloId,
          fecha,
          cantidad: entero(l.cantidad),
          pendiente: entero(l.cantidad),
        })),
      );
    } else {
      const { horas } = await registrarDevolucion(tx, {
        origen,
        fecha,
        albaran,
        maquinas: articulosLineas
          .filter((l) => l.clase === 'maquina')
          .map((l) => ({
            maquinaId: l.articuloId,
            horometro: l.horometro ?? '0',
            incidencia: (l.danado ?? 0) > 0 ? (l.observacionDano ?? undefined) : undefined,
          })),
        componentes: articulosLineas
          .filter((l) => l.clase === 'andamio')
          .map((l) => ({
            componenteId: l.articuloId,
            correcto: l.correcto ?? 0,
            danado: l.danado ?? 0,
            falta: l.falta ?? 0,
          })),
        usuario: user,
        hoy,
      });
      const cargos: {
        tipo: 'dano' | 'falta';
        articuloId: string;
        descripcion: string;
        importe: string;
        tipoIva: number;
      }[] = [];
      for (const l of articulosLineas) {
        if ((l.falta ?? 0) > 0)
          cargos.push({
            tipo: 'falta',
            articuloId: l.articuloId,
            descripcion: `Falta: ${l.falta} × ${l.codigo} ${l.descripcion} (${numero})`,
            importe: round2(multiplyDecimals(l.precioUnitario ?? '0', l.falta ?? 0)),
            tipoIva: 21,
          });
        if (Number(l.cargoDano) > 0)
          cargos.push({
            tipo: 'dano',
            articuloId: l.articuloId,
            descripcion: `Daños: ${l.codigo} ${l.descripcion} (${numero})`,
            importe: round2(l.cargoDano),
            tipoIva: 21,
          });
      }
      await registrarMovimientoLogistico(tx, {
        evento: 'emitido',
        alquilerId: alquiler._id,
        albaran: { ...albaran, tipo },
        fecha,
        fechaFinCobro: row.fechaFinCobro ?? fecha,
        lineas: lineasPuerto,
        horas: horas.map((h) => ({
          maquinaId: h.maquinaId,
          entrega: Number(h.entrega ?? h.devolucion),
          devolucion: Number(h.devolucion),
        })),
        cargos,
        hoy,
      });
      await insertAsignaciones(
        tx,
        asignaciones.map((a) => ({
          recogidaLineaId: a.lineaId,
          loteId: a.loteId,
          cantidad: a.cantidad,
        })),
      );
      for (const a of asignaciones) await sumarPendiente(tx, a.loteId, -a.cantidad);
    }
    const cliente = await findParte(tx, alquiler.clienteId, 'cliente', 'alquileres');
    const despues = await updateAlbaran(tx, row.id, {
      numero,
      estado: 'emitido',
      ...(cliente
        ? { cliente: { _id: cliente._id, nombre: cliente.nombre, documento: cliente.documento } }
        : {}),
      avisos,
      busqueda: columnaBusqueda(
        numero,
        row.alquilerNumero,
        row.cliente.nombre,
        row.cliente.documento,
        row.referenciaExterna,
        row.direccionObra?.municipio,
      ),
      ...autoria(user, { crear: false }),
    });
    await registrarHistorial(tx, {
      recurso: RECURSO_ALBARAN,
      registroId: row.id,
      empresa: 'alquileres',
      accion: 'cambiar_estado',
      antes: instantanea(row),
      despues: instantanea(despues),
      campos: [...CAMPOS],
      usuario: user,
    });
    return despues;
  };

  const saldoDe = async (tx: Executor, alquilerId: string): Promise<Saldo> => {
    const lotes = await lotesConSaldo(tx, alquilerId);
    if (lotes.length === 0) return [];
    const ids = [...new Set(lotes.map((l) => l.articuloId))];
    const info = new Map(
      (await articulos(tx, { ids, clases: ['maquina', 'andamio'], limit: ids.length * 2 + 5 })).map(
        (a) => [a._id, a],
      ),
    );
    const porArticulo = new Map<string, Saldo[number]>();
    for (const l of lotes) {
      let s = porArticulo.get(l.articuloId);
      if (!s) {
        const a = info.get(l.articuloId);
        s = {
          clase: l.clase as 'maquina',
          articuloId: l.articuloId,
          codigo: a?.codigo ?? '',
          descripcion: a?.descripcion ?? '',
          enObra: 0,
          lotes: [],
        };
        porArticulo.set(l.articuloId, s);
      }
      s.enObra += l.pendiente;
      s.lotes.push({
        loteId: l.id,
        entregaId: l.entregaId,
        numero: l.numero,
        fecha: l.fecha,
        pendiente: l.pendiente,
      });
    }
    return [...porArticulo.values()].sort((a, b) => a.codigo.localeCompare(b.codigo));
  };

  return {
    leer: (id: string) => db.transaction(async (tx) => aAlbaran(tx, await leer(tx, id))),

    list: async (query: AlbaranListQuery) => {
      const sort = parseAlbaranSort(query.sort) ?? { field: 'fecha', direction: 'desc' };
      // "Pendientes de firma": a rental albarán emitted and unsigned is exactly one `emitido`
      // (signing makes it `firmado`), so the page walks the estado index and the total comes
      // from the trigger-kept counters (§10) instead of counting every emitted one.
      const pendientes =
        query.firmado === false && (query.estado === undefined || query.estado === 'emitido');
      const { rows, total } = await pageOfAlbaranes(
        db,
        {
          empresa: 'alquileres',
          clase: 'alquiler',
          tipo: query.tipo,
          estado: pendientes ? 'emitido' : query.estado,
          desde: query.desde,
          hasta: query.hasta,
          clienteId: query.clienteId,
          alquilerId: query.alquilerId,
          firmado: pendientes ? undefined : query.firmado,
          importacionId: query.importacionId,
          busqueda: query.searchTerm ? columnaBusqueda(query.searchTerm) : undefined,
        },
        { sort, limit: query.limit, offset: (query.page - 1) * query.limit },
      );
      return { data: rows.map(aResumen), meta: pageMetaOf(query.page, query.limit, total) };
    },

    /** The CSV's rows in batches of one snapshot (§10: the first byte must not wait for all). */
    exportar: (query: Omit<AlbaranListQuery, 'page' | 'limit'>) => {
      const sort = parseAlbaranSort(query.sort) ?? { field: 'fecha', direction: 'desc' };
      return albaranesPorLotes(
        database,
        {
          empresa: 'alquileres',
          clase: 'alquiler',
          tipo: query.tipo,
          estado: query.estado,
          desde: query.desde,
          hasta: query.hasta,
          clienteId: query.clienteId,
          alquilerId: query.alquilerId,
          firmado: query.firmado,
          busqueda: query.searchTerm ? columnaBusqueda(query.searchTerm) : undefined,
        },
        sort,
      );
    },

    saldo: (alquilerId: string) =>
      db.transaction(async (tx) => {
        if (!idValido(alquilerId)) throw notFound(M.alquilerNoEncontrado);
        await alquilerParaLogistica(tx, alquilerId, today()).catch(() => {
          throw notFound(M.alquilerNoEncontrado);
        });
        return saldoDe(tx, alquilerId);
      }),

    articulos: (q: string | undefined, clase: 'maquina' | 'andamio' | 'concepto' | undefined) =>
      articulos(db, {
        ...(q ? { q } : {}),
        clases: clase ? [clase] : ['maquina', 'andamio', 'concepto'],
        limit: 100,
      }),

    crear: (user: Usuario, body: AlbaranCreate) =>
      conUnicidad(() =>
        db.transaction(async (tx) => {
          const final = await crearEnTx(tx, user, body);
          return aAlbaran(tx, { row: final, lineas: await lineasDe(tx, final.id) });
        }),
      ),
    crearEnTx,

    actualizar: (user: Usuario, id: string, body: AlbaranUpdate, version: number | undefined) =>
      conUnicidad(() =>
        db.transaction(async (tx) => {
          const { row } = await leer(tx, id, { lock: true });
          checkVersion(row.version, version);
          if (row.estado !== 'borrador') throw conflicto(M.soloBorrador);
          const r = await resolver(tx, row.tipo as 'entrega', body, row.id);
          const despues = await updateAlbaran(tx, id, {
            ...r.valores,
            ...autoria(user, { crear: false }),
          });
          const lineas = await reemplazarLineas(tx, id, r.lineas);
          await registrarHistorial(tx, {
            recurso: RECURSO_ALBARAN,
            registroId: id,
            empresa: 'alquileres',
            accion: 'modificar',
            antes: instantanea(row),
            despues: instantanea(despues),
            campos: [...CAMPOS],
            usuario: user,
          });
          return aAlbaran(tx, { row: despues, lineas });
        }),
      ),

    eliminar: (user: Usuario, id: string, version: number | undefined) =>
      db.transaction(async (tx) => {
        const { row } = await leer(tx, id, { lock: true });
        if (version !== undefined) checkVersion(row.version, version);
        if (row.estado !== 'borrador') throw conflicto(M.soloBorradorEliminar);
        await deleteAlbaran(tx, id);
        await registrarHistorial(tx, {
          recurso: RECURSO_ALBARAN,
          registroId: id,
          empresa: 'alquileres',
          accion: 'eliminar',
          antes: instantanea(row),
          despues: undefined,
          campos: [...CAMPOS],
          usuario: user,
        });
      }),

    emitir: (user: Usuario, id: string, version: number | undefined) =>
      db.transaction(async (tx) => {
        const leido = await leer(tx, id, { lock: true });
        checkVersion(leido.row.version, version);
        if (leido.row.estado !== 'borrador') throw conflicto(M.soloBorradorEmitir);
        const row = await emitirEnTx(tx, leido, user);
        return aAlbaran(tx, { row, lineas: await lineasDe(tx, id) });
      }),

    firmar: (user: Operador, id: string, version: number | undefined, input: FirmaInput) =>
      db.transaction(async (tx) => {
        const { row, lineas } = await leer(tx, id, { lock: true });
        checkVersion(row.version, version);
        if (row.estado !== 'emitido' || row.firma) throw conflicto(M.soloEmitidoFirmar);
        const dni = normalizarDni(input.dni);
        const errores: string[] = [];
        if (!/^[A-Z0-9]{5,20}$/.test(dni) || checkSpanishDocument(dni) === 'invalid')
          errores.push(`firma.dni: ${M.firmaDni}`);
        const png = leerPng(input.imagen);
        if (!png) errores.push(`firma.imagen: ${M.firmaImagen}`);
        if (errores.length > 0 || !png) throw invalidData(errores);
        const imagenSha256 = sha256(png);
        const imagenId = await insertFirma(tx, {
          albaranId: id,
          sha256: imagenSha256,
          bytes: png.length,
          png,
        });
        const sinHuella = {
          nombre: input.nombre,
          dni,
          imagenId,
          imagenSha256,
          firmadoAt: ahora().toISOString(),
          firmadoPor: user.email,
          huella: '',
        };
        const firma = { ...sinHuella, huella: huellaDe(contenidoFirmado(row, lineas, sinHuella)) };
        const despues = await updateAlbaran(tx, id, {
          estado: 'firmado',
          firma,
          ...autoria(user, { crear: false }),
        });
        await registrarMovimientoLogistico(tx, {
          evento: 'firmado',
          alquilerId: row.alquilerId as string,
          albaran: { _id: id, numero: row.numero ?? '', tipo: row.tipo as 'entrega' },
          fecha: row.fecha,
          hoy: today(),
        });
        await registrarHistorial(tx, {
          recurso: RECURSO_ALBARAN,
          registroId: id,
          empresa: 'alquileres',
          accion: 'cambiar_estado',
          antes: instantanea(row),
          despues: instantanea(despues),
          campos: [...CAMPOS],
          usuario: user,
        });
        return aAlbaran(tx, { row: despues, lineas });
      }),

    anular: (user: Operador, id: string, version: number | undefined, motivo: string) =>
      db.transaction(async (tx) => {
        const { row } = await leer(tx, id, { lock: true });
        checkVersion(row.version, version);
        if (row.estado === 'anulado') throw conflicto(M.yaAnulado);
        if (row.estado === 'borrador') throw conflicto(M.borradorNoSeAnula);
        if (row.estado === 'firmado' && !can(user.roles, 'albaranes.anular')) throw prohibido();
        if (row.tipo === 'entrega') {
          const recogida = await recogidaVivaDeEntrega(tx, id);
          if (recogida)
            throw conflicto(M.anularConRecogida(row.numero ?? '', recogida.numero ?? ''));
        }
        const albaran = { _id: id, numero: row.numero ?? '' };
        await registrarMovimientoLogistico(tx, {
          evento: 'anulado',
          alquilerId: row.alquilerId as string,
          albaran: { ...albaran, tipo: row.tipo as 'entrega' },
          fecha: row.fecha,
          hoy: today(),
        });
        await revertirAlbaran(tx, { albaran, fecha: today(), usuario: user });
        if (row.tipo === 'entrega') await vaciarLotesDeEntrega(tx, id);
        else {
          const lineas = await lineasDe(tx, id);
          for (const a of await asignacionesDe(
            tx,
            lineas.map((l) => l.id),
          ))
            await sumarPendiente(tx, a.loteId, a.cantidad);
        }
        const despues = await updateAlbaran(tx, id, {
          estado: 'anulado',
          anulacion: { motivo, anuladoAt: ahora().toISOString(), anuladoPor: user.email },
          ...autoria(user, { crear: false }),
        });
        await registrarHistorial(tx, {
          recurso: RECURSO_ALBARAN,
          registroId: id,
          empresa: 'alquileres',
          accion: 'cambiar_estado',
          antes: instantanea(row),
          despues: instantanea(despues),
          campos: [...CAMPOS],
          usuario: user,
        });
        return aAlbaran(tx, { row: despues, lineas: await lineasDe(tx, id) });
      }),

    verificacion: (id: string) =>
      db.transaction(async (tx) => {
        const { row, lineas } = await leer(tx, id);
        if (!row.firma) return { integro: false, huellaGuardada: null, huellaCalculada: null };
        const imagen = await findFirma(tx, row.firma.imagenId);
        const firma = { ...row.firma, imagenSha256: imagen ? sha256(imagen.png) : 'sin-imagen' };
        const calculada = huellaDe(contenidoFirmado(row, lineas, firma));
        return {
          integro: calculada === row.firma.huella,
          huellaGuardada: row.firma.huella,
          huellaCalculada: calculada,
        };
      }),

    firmaPng: (id: string) =>
      db.transaction(async (tx) => {
        const { row } = await leer(tx, id);
        const imagen = row.firma ? await findFirma(tx, row.firma.imagenId) : undefined;
        if (!imagen) throw notFound('Este albarán no tiene firma');
        return imagen.png;
      }),

    historial: async (id: string, query: HistorialQuery) => {
      await db.transaction((tx) => leer(tx, id));
      return leerHistorial(database, RECURSO_ALBARAN, id, query);
    },

    formatFecha,
  };
};

export type AlbaranesService = ReturnType<typeof createAlbaranesService>;
