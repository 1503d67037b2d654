import { randomUUID } from 'node:crypto';
import { can } from '@tvsistema/domain/auth';
import { checkSpanishDocument, checkSpanishPlate } from '@tvsistema/domain/documento';
import { diaEnMadrid } from '@tvsistema/domain/format';
import type { HistorialQuery } from '@tvsistema/domain/historial';
import { pageMetaOf } from '@tvsistema/domain/lists';
import type { Direccion } from '@tvsistema/domain/localizacion';
import {
  ESTADO_TRANSPORTE_LABELS,
  faltanDocumentoControl,
  instanteMadrid,
  LOGISTICA_MESSAGES as M,
  normalizarDni,
  parseTransporteSort,
  transporteCreateSchema,
  type FirmaInput,
  type Transporte,
  type TransporteCreate,
  type TransporteListQuery,
  type TransporteResumen,
  type TransporteUpdate,
} from '@tvsistema/domain/logistica';
import type { Database } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { pgErrorOf, UNIQUE_VIOLATION } from '../../db/pg-errors.js';
import { invalidData, notFound } from '../../http/errors.js';
import { checkVersion } from '../../http/versioning.js';
import { datosEmisor, emisorPorDefecto, facturacionDeOrigenes } from '../finanzas/index.js';
import { camionesParaAlbaran } from '../flota/index.js';
import { articulos } from '../inventario/index.js';
import { leerHistorial, registrarHistorial } from '../historial/index.js';
import { validateDireccion } from '../localizacion/index.js';
import { asignarNumero } from '../numeracion/index.js';
import {
  findAlbaran,
  findFirma,
  findParte,
  findPorReferencia,
  insertAlbaran,
  insertFirma,
  lineasDe,
  paginaDeTransporte,
  albaranesPorLotes,
  transporteConContexto,
  type FilaTransporte,
  updateAlbaran,
  type AlbaranRow,
} from './logistica.repository.js';
import { camionesPorMatricula, clientesPorNif } from './importacion.repository.js';
import type { DatosTransporte } from './logistica.table.js';
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

// §2.3, §3 (transport), R9–R17: transport albaranes — the documento de control. Numbered at
// creation (AT); R10 gates leaving pendiente; after pendiente only precio, IVA and observaciones.

export const RECURSO_TRANSPORTE = 'albaran_transporte';
export const CAMPOS_TRANSPORTE = [
  'numero',
  'estado',
  'clienteId',
  'fechaCarga',
  'destinatario',
  'origen',
  'destino',
  'matricula',
  'conductor',
  'mercancia',
  'pesoKg',
  'precio',
  'tipoIva',
  'observaciones',
  'referenciaExterna',
  'firma',
  'sinFirmaMotivo',
  'anulacion',
] as const;
export const instantaneaTransporte = (r: AlbaranRow) => ({
  numero: r.numero,
  estado: r.estado,
  clienteId: r.clienteId,
  fechaCarga: r.fecha,
  destinatario: r.datos?.destinatario.nombre ?? null,
  origen: r.datos?.origen.direccion.municipio ?? null,
  destino: r.datos?.destino.direccion.municipio ?? null,
  matricula: r.matricula,
  conductor: r.datos?.conductor.nombre ?? null,
  mercancia: r.datos?.mercancia.descripcion ?? null,
  pesoKg: r.pesoKg,
  precio: r.precio,
  tipoIva: r.tipoIva,
  observaciones: r.observaciones,
  referenciaExterna: r.referenciaExterna,
  firma: r.firma ? `${r.firma.nombre} (${r.firma.dni})` : null,
  sinFirmaMotivo: r.sinFirmaMotivo,
  anulacion: r.anulacion?.motivo ?? null,
});

const PLACA_INVALIDA =
  'La matrícula no tiene un formato válido (1234 BCD, R 1234 BCD, E 1234 BCD o PM 1234 AB)';
export const placaTexto = (v: string | null | undefined) =>
  v ? (checkSpanishPlate(v)?.texto ?? v) : null;

export type Transportista = Transporte['transportista'];

/** R10: what the control document still lacks (labels of §4). */
export const faltanDatos = (row: AlbaranRow, transportista: Transportista) => {
  const d = row.datos as DatosTransporte;
  return faltanDocumentoControl({
    clienteNif: row.cliente.documento,
    transportistaNif: transportista.nif,
    origenMunicipioId: d.origen.direccion.municipioId,
    destinoMunicipioId: d.destino.direccion.municipioId,
    mercancia: d.mercancia.descripcion,
    pesoKg: row.pesoKg,
    matricula: row.matricula,
    conductor: d.conductor.nombre,
  });
};

/** The list's summary of a row (§6), R10 checked with the emisor's NIF for own transport. */
const resumenDe = (f: FilaTransporte, emisorNif: string): TransporteResumen => {
  const t = f.transportista;
  return {
    _id: f.id,
    version: f.version,
    numero: f.numero ?? '',
    estado: f.estado as TransporteResumen['estado'],
    fechaCarga: f.fecha,
    cliente: f.cliente,
    origen: f.origen,
    destino: f.destino,
    matricula: placaTexto(f.matricula),
    conductor: f.conductor,
    pesoKg: f.pesoKg,
    precio: f.precio,
    documentoControlCompleto:
      f.exento ||
      faltanDocumentoControl({
        clienteNif: f.cliente.documento,
        transportistaNif: t.tipo === 'propio' ? emisorNif : t.proveedor.documento,
        origenMunicipioId: f.origenMunicipioId,
        destinoMunicipioId: f.destinoMunicipioId,
        mercancia: f.mercancia,
        pesoKg: f.pesoKg,
        matricula: f.matricula,
        conductor: f.conductor,
      }).length === 0,
    factura: f.factura,
  };
};

/** R9 for transport: the art. 6 data, goods, plates, driver and the delivery. */
export const contenidoFirmado = (row: AlbaranRow, transportista: Transportista) => {
  const d = row.datos as DatosTransporte;
  const lugar = (l: DatosTransporte['origen']) => ({
    nombre: l.nombre,
    municipio: l.direccion.municipio ?? null,
    calle: l.direccion.calle ?? null,
    altura: l.direccion.altura ?? null,
    codigoPostal: l.direccion.codigoPostal ?? null,
  });
  return {
    numero: row.numero,
    fechaCarga: row.fecha,
    horaCarga: d.horaCarga,
    cliente: { nombre: row.cliente.nombre, documento: row.cliente.documento },
    transportista: { nombre: transportista.nombre, nif: transportista.nif },
    remitente: d.remitente,
    destinatario: d.destinatario,
    origen: lugar(d.origen),
    destino: lugar(d.destino),
    mercancia: d.mercancia,
    matricula: row.matricula,
    matriculaRemolque: d.matriculaRemolque,
    conductor: d.conductor,
    entregadoAt: row.entregadoAt?.toISOString() ?? null,
    firma: row.firma
      ? {
          nombre: row.firma.nombre,
          dni: row.firma.dni,
          firmadoAt: row.firma.firmadoAt,
          imagen: row.firma.imagenSha256,
        }
      : null,
    sinFirmaMotivo: row.sinFirmaMotivo,
  };
};

/** `ahora` is the server clock of departures, deliveries and annulments (the demo world's is past). */
export const createTransporteService = (
  database: Database,
  today: () => string,
  ahora: () => Date = () => new Date(),
) => {
  const { db } = database;

  const leer = async (tx: Executor, id: string, { lock = false } = {}) => {
    const row = idValido(id) ? await findAlbaran(tx, id, { lock }) : undefined;
    if (!row || row.clase !== 'transporte') throw notFound(M.albaranNoEncontrado);
    return row;
  };

  /** Own transport is the emisor's: its name and NIF (datosEmisor's, stored or default). */
  const transportistaCon = (
    row: AlbaranRow,
    emisor: { razonSocial: string; nif: string },
  ): Transportista => {
    const t = (row.datos as DatosTransporte).transportista;
    if (t.tipo === 'subcontratado')
      return {
        tipo: 'subcontratado',
        nombre: t.proveedor.nombre,
        nif: t.proveedor.documento,
        proveedorId: t.proveedor._id,
      };
    return { tipo: 'propio', nombre: emisor.razonSocial, nif: emisor.nif, proveedorId: null };
  };
  const transportistaDe = async (tx: Executor, row: AlbaranRow): Promise<Transportista> =>
    transportistaCon(
      row,
      (row.datos as DatosTransporte).transportista.tipo === 'propio'
        ? await datosEmisor(tx, 'transporte')
        : { razonSocial: '', nif: '' },
    );

  const facturaDe = async (tx: Executor, ids: string[]) => {
    const mapa = await facturacionDeOrigenes(tx, { origenTipo: 'albaran', origenIds: ids });
    return (id: string) => {
      const f = (mapa.get(id) ?? []).find((o) => o.facturaNumero && o.facturaEstado !== 'anulada');
      return f ? { _id: f.facturaId, numero: f.facturaNumero ?? '' } : null;
    };
  };

  const aTransporte = async (tx: Executor, row: AlbaranRow): Promise<Transporte> =>
    transporteDe(row, await transportistaDe(tx, row), (await facturaDe(tx, [row.id]))(row.id));

  const transporteDe = (
    row: AlbaranRow,
    transportista: Transportista,
    factura: Transporte['factura'],
  ): Transporte => {
    const d = row.datos as DatosTransporte;
    const faltan = d.exentoDocumentoControl ? [] : faltanDatos(row, transportista);
    return {
      _id: row.id,
      version: row.version,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      createdBy: row.createdByEmail,
      updatedBy: row.updatedByEmail,
      empresa: 'transporte',
      numero: row.numero ?? '',
      estado: row.estado as Transporte['estado'],
      cliente: row.cliente,
      remitente: d.remitente,
      destinatario: d.destinatario,
      origen: d.origen,
      destino: d.destino,
      fechaCarga: row.fecha,
      horaCarga: d.horaCarga,
      fechaEntregaPrevista: d.fechaEntregaPrevista,
      transportista,
      camion: d.camion,
      matricula: row.matricula,
      matriculaTexto: placaTexto(row.matricula),
      matriculaRemolque: d.matriculaRemolque,
      conductor: d.conductor,
      mercancia: d.mercancia,
      exentoDocumentoControl: d.exentoDocumentoControl,
      motivoExencion: d.motivoExencion as Transporte['motivoExencion'],
      precio: row.precio,
      tipoIva: row.tipoIva ?? 21,
      huella: row.firma?.huella ?? null,
      firma: row.firma?.imagenId
        ? {
            nombre: row.firma.nombre,
            dni: row.firma.dni,
            imagenId: row.firma.imagenId,
            firmadoAt: row.firma.firmadoAt,
            firmadoPor: row.firma.firmadoPor,
            huella: row.firma.huella,
          }
        : null,
      sinFirmaMotivo: row.sinFirmaMotivo,
      salidaAt: row.salidaAt?.toISOString() ?? null,
      entregadoAt: row.entregadoAt?.toISOString() ?? null,
      avisos: row.avisos,
      inspecciones: d.inspecciones,
      referenciaExterna: row.referenciaExterna,
      observaciones: row.observaciones,
      anulacion: row.anulacion,
      origenDocumento: row.origenDocumento,
      importacionId: row.importacionId,
      factura,
      documentoControl: { completo: faltan.length === 0, faltan },
    };
  };

  /** The stored values of a full body (create, or a pendiente's PUT merged over what it had). */
  const resolver = async (tx: Executor, b: TransporteCreate, exceptoId?: string) => {
    const errores: string[] = [];
    const cliente = await findParte(tx, b.clienteId, 'cliente', 'transporte');
    if (!cliente?.activo) errores.push(`clienteId: ${M.clienteNoValido}`);
    const origen = await validateDireccion(tx, b.origen.direccion, 'origen.direccion');
    const destino = await validateDireccion(tx, b.destino.direccion, 'destino.direccion');
    errores.push(...origen.errors, ...destino.errors);
    if (!origen.direccion?.municipioId)
      errores.push(`origen.direccion.municipioId: ${M.municipioObligatorio}`);
    if (!destino.direccion?.municipioId)
      errores.push(`destino.direccion.municipioId: ${M.municipioObligatorio}`);
    let transportista: DatosTransporte['transportista'] = { tipo: 'propio' };
    if (b.transportista?.tipo === 'subcontratado') {
      const p = await findParte(tx, b.transportista.proveedorId, 'proveedor', 'transporte');
      if (!p?.activo) errores.push(`transportista.proveedorId: ${M.proveedorNoValido}`);
      else
        transportista = {
          tipo: 'subcontratado',
          proveedor: { _id: p._id, nombre: p.nombre, documento: p.documento },
        };
    }
    let camion: DatosTransporte['camion'] = null;
    let matricula: string | null = null;
    if (b.camionId) {
      const [c] = await camionesParaAlbaran(tx, [b.camionId], today());
      if (!c) errores.push(`camionId: ${M.camionNoValido}`);
      else {
        camion = { _id: c._id, matricula: c.matricula };
        matricula = c.matricula;
      }
    } else if (b.matricula) {
      const p = checkSpanishPlate(b.matricula);
      if (!p) errores.push(`matricula: ${PLACA_INVALIDA}`);
      else matricula = p.normalizada;
    }
    let remolque: string | null = null;
    if (b.matriculaRemolque) {
      const p = checkSpanishPlate(b.matriculaRemolque);
      if (!p) errores.push(`matriculaRemolque: ${PLACA_INVALIDA}`);
      else remolque = p.normalizada;
    }
    let dniConductor: string | null = null;
    if (b.conductor?.dni) {
      dniConductor = normalizarDni(b.conductor.dni);
      if (checkSpanishDocument(dniConductor) === 'invalid')
        errores.push('conductor.dni: El DNI/NIE del conductor no es válido');
    }
    if (errores.length > 0 || !cliente || !origen.direccion || !destino.direccion)
      throw invalidData(errores);
    if (b.referenciaExterna) {
      const otro = await findPorReferencia(
        tx,
        'transporte',
        cliente._id,
        b.referenciaExterna,
        exceptoId,
      );
      if (otro) throw conflicto(M.referenciaDuplicada(otro.numero ?? '', b.referenciaExterna));
    }
    const datos: DatosTransporte = {
      remitente: b.remitente
        ? { nombre: b.remitente.nombre, documento: b.remitente.documento ?? null }
        : null,
      destinatario: {
        nombre: b.destinatario.nombre,
        documento: b.destinatario.documento ?? null,
        telefono: b.destinatario.telefono ?? null,
      },
      origen: { nombre: b.origen.nombre ?? null, direccion: origen.direccion as Direccion },
      destino: { nombre: b.destino.nombre ?? null, direccion: destino.direccion as Direccion },
      horaCarga: b.horaCarga ?? null,
      fechaEntregaPrevista: b.fechaEntregaPrevista ?? null,
      transportista,
      camion,
      matriculaRemolque: remolque,
      conductor: { nombre: b.conductor?.nombre ?? null, dni: dniConductor },
      mercancia: {
        descripcion: b.mercancia.descripcion,
        bultos: b.mercancia.bultos ?? null,
        pesoKg: b.mercancia.pesoKg ?? null,
        pesoEstimado: b.mercancia.pesoEstimado ?? false,
      },
      exentoDocumentoControl: b.exentoDocumentoControl ?? false,
      motivoExencion: b.exentoDocumentoControl ? (b.motivoExencion ?? null) : null,
      inspecciones: [],
    };
    return {
      clienteId: cliente._id,
      cliente: { _id: cliente._id, nombre: cliente.nombre, documento: cliente.documento },
      fechaHora: new Date(instanteMadrid(b.fechaCarga, b.horaCarga ?? '00:00')),
      fecha: b.fechaCarga,
      matricula,
      conductor: datos.conductor.nombre,
      referenciaExterna: b.referenciaExterna ?? null,
      observaciones: b.observaciones ?? null,
      datos,
      camionId: camion?._id ?? null,
      pesoKg: datos.mercancia.pesoKg,
      precio: b.precio ?? null,
      tipoIva: b.tipoIva ?? 21,
      busqueda: columnaBusqueda(
        cliente.nombre,
        cliente.documento,
        b.referenciaExterna,
        datos.destinatario.nombre,
        datos.destino.direccion.municipio,
        datos.destino.nombre,
        matricula,
        placaTexto(matricula),
      ),
    };
  };

  /** The body a stored albarán was made from (a PUT in pendiente merges over it). */
  const cuerpoDe = (row: AlbaranRow): TransporteCreate => {
    const d = row.datos as DatosTransporte;
    const dir = (x: Direccion) => ({
      paisId: x.paisId ?? null,
      provinciaId: x.provinciaId ?? null,
      municipioId: x.municipioId ?? null,
      ciudadId: x.ciudadId ?? null,
      calleId: x.calleId ?? null,
      codigoPostalId: x.codigoPostalId ?? null,
      altura: x.altura ?? null,
      planta: x.planta ?? null,
      local: x.local ?? null,
      observacion: x.observacion ?? null,
    });
    return {
      clienteId: row.clienteId,
      remitente: d.remitente
        ? { nombre: d.remitente.nombre, documento: d.remitente.documento ?? undefined }
        : null,
      destinatario: {
        nombre: d.destinatario.nombre,
        documento: d.destinatario.documento ?? undefined,
        telefono: d.destinatario.telefono ?? undefined,
      },
      origen: { nombre: d.origen.nombre ?? undefined, direccion: dir(d.origen.direccion) },
      destino: { nombre: d.destino.nombre ?? undefined, direccion: dir(d.destino.direccion) },
      fechaCarga: row.fecha,
      horaCarga: d.horaCarga ?? undefined,
      fechaEntregaPrevista: d.fechaEntregaPrevista ?? undefined,
      transportista:
        d.transportista.tipo === 'propio'
          ? { tipo: 'propio' }
          : { tipo: 'subcontratado', proveedorId: d.transportista.proveedor._id },
      camionId: d.camion?._id ?? null,
      matricula: d.camion ? undefined : (row.matricula ?? undefined),
      matriculaRemolque: d.matriculaRemolque ?? undefined,
      conductor: { nombre: d.conductor.nombre ?? undefined, dni: d.conductor.dni ?? undefined },
      mercancia: d.mercancia,
      exentoDocumentoControl: d.exentoDocumentoControl,
      motivoExencion: (d.motivoExencion as TransporteCreate['motivoExencion']) ?? null,
      precio: row.precio,
      tipoIva: row.tipoIva ?? 21,
      referenciaExterna: row.referenciaExterna ?? undefined,
      observaciones: row.observaciones ?? undefined,
    } as TransporteCreate;
  };

  /** R10, R11, R12 before leaving pendiente; the warnings to keep. */
  const comprobarSalida = async (tx: Executor, row: AlbaranRow) => {
    const d = row.datos as DatosTransporte;
    const transportista = await transportistaDe(tx, row);
    if (!d.exentoDocumentoControl) {
      const faltan = faltanDatos(row, transportista);
      if (faltan.length > 0) throw conflicto(M.faltanDatosControl(faltan));
    }
    const avisos: string[] = [];
    // R11 reads the fleet's truck: the one chosen, else the one whose plate was typed (a
    // subcontracted carrier's own truck is not in the fleet: nothing to check).
    const camionId =
      d.camion?._id ??
      (row.matricula ? (await camionesPorMatricula(tx, [row.matricula]))[0]?._id : undefined);
    if (!camionId && row.matricula && d.transportista.tipo === 'propio')
      throw conflicto(M.camionNoEnFlota(placaTexto(row.matricula) ?? row.matricula));
    if (camionId) {
      const [c] = await camionesParaAlbaran(tx, [camionId], today());
      if (c) {
        const texto = c.matriculaTexto;
        // Flota's `activo` is `estado === 'activo'`: the workshop is asked first.
        if (c.estado === 'en_taller') throw conflicto(M.camionTaller(texto));
        if (c.estado === 'baja' || !c.activo) throw conflicto(M.camionBaja(texto));
        if (c.itvHasta < row.fecha) throw conflicto(M.itvVencida(texto, c.itvHasta));
        for (const m of c.motivosNoApto) if (!/ITV/i.test(m)) avisos.push(m);
        if (row.pesoKg && c.cargaUtilKg && row.pesoKg > c.cargaUtilKg)
          avisos.push(M.sobrepeso(row.pesoKg, c.cargaUtilKg));
      }
    }
    return avisos;
  };

  const historial = (
    tx: Executor,
    antes: AlbaranRow | null,
    despues: AlbaranRow | null,
    accion: 'crear' | 'modificar' | 'cambiar_estado',
    user: Usuario,
  ) =>
    registrarHistorial(tx, {
      recurso: RECURSO_TRANSPORTE,
      registroId: (despues ?? antes)?.id as string,
      empresa: 'transporte',
      accion,
      antes: antes ? instantaneaTransporte(antes) : undefined,
      despues: despues ? instantaneaTransporte(despues) : undefined,
      campos: [...CAMPOS_TRANSPORTE],
      usuario: user,
    });

  /** §3: a new transport albarán, numbered at creation (AT), pendiente, with its history row. */
  const insertarNuevo = async (
    tx: Executor,
    user: Usuario,
    body: TransporteCreate,
    extra: Partial<AlbaranRow> = {},
  ) => {
    const valores = await resolver(tx, body);
    const { numero } = await asignarNumero(tx, {
      empresa: 'transporte',
      tipo: 'albaran_transporte',
      anio: Number(body.fechaCarga.slice(0, 4)),
    });
    const row = await insertAlbaran(tx, {
      empresa: 'transporte',
      clase: 'transporte',
      tipo: null,
      numero,
      estado: 'pendiente',
      ...valores,
      ...extra,
      busqueda: columnaBusqueda(numero) + '\u001f' + valores.busqueda,
      ...autoria(user, { crear: true }),
    });
    await historial(tx, null, row, 'crear', user);
    return row;
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

  const transicion = (
    user: Operador,
    id: string,
    version: number | undefined,
    fn: (tx: Executor, row: AlbaranRow) => Promise<Partial<AlbaranRow>>,
  ) =>
    db.transaction(async (tx) => {
      const row = await leer(tx, id, { lock: true });
      checkVersion(row.version, version);
      const cambios = await fn(tx, row);
      const despues = await updateAlbaran(tx, id, {
        ...cambios,
        ...autoria(user, { crear: false }),
      });
      await historial(tx, row, despues, 'cambiar_estado', user);
      return aTransporte(tx, despues);
    });

  const noPermitido = (accion: string, row: AlbaranRow) =>
    conflicto(
      M.estadoNoPermite(accion, ESTADO_TRANSPORTE_LABELS[row.estado as 'pendiente'].toLowerCase()),
    );

  return {
    aTransporte,
    /** R10's transportista efectivo of own transport: the emisor's name and NIF. */
    transportistaPropio: async () => {
      const e = await datosEmisor(db, 'transporte');
      return { nombre: e.razonSocial, nif: e.nif };
    },
    /** §10: the record, the emisor and its factura in one statement (no transaction to open). */
    leer: async (id: string) => {
      const r = idValido(id) ? await transporteConContexto(db, id) : undefined;
      if (!r || r.row.clase !== 'transporte') throw notFound(M.albaranNoEncontrado);
      return transporteDe(
        r.row,
        transportistaCon(r.row, r.emisor ?? emisorPorDefecto('transporte')),
        r.factura,
      );
    },

    list: async (query: TransporteListQuery) => {
      const sort = parseTransporteSort(query.sort) ?? { field: 'fecha', direction: 'desc' };
      const { total, emisorNif, filas } = await paginaDeTransporte(
        database,
        {
          estado: query.estado,
          desde: query.desde,
          hasta: query.hasta,
          clienteId: query.clienteId,
          camionId: query.camionId,
          importacionId: query.importacionId,
          busqueda: query.searchTerm ? columnaBusqueda(query.searchTerm) : undefined,
          facturado: query.facturado,
          incompleto: query.incompleto,
        },
        { sort, limit: query.limit, offset: (query.page - 1) * query.limit },
      );
      // datosEmisor's NIF: the stored one, else the default record's ('').
      const nif = emisorNif ?? emisorPorDefecto('transporte').nif;
      return {
        data: filas.map((f) => resumenDe(f, nif)),
        meta: pageMetaOf(query.page, query.limit, total),
      };
    },

    /** The CSV's records in batches of one snapshot, each batch with its invoices (§10: streamed). */
    exportar: async function* (query: Omit<TransporteListQuery, 'page' | 'limit'>) {
      const sort = parseTransporteSort(query.sort) ?? { field: 'fecha', direction: 'desc' };
      const lotes = albaranesPorLotes(
        database,
        {
          empresa: 'transporte',
          clase: 'transporte',
          estado: query.estado,
          desde: query.desde,
          hasta: query.hasta,
          clienteId: query.clienteId,
          camionId: query.camionId,
          importacionId: query.importacionId,
          busqueda: query.searchTerm ? columnaBusqueda(query.searchTerm) : undefined,
          facturado: query.facturado,
          incompleto: query.incompleto,
        },
        sort,
      );
      for await (const rows of lotes) {
        const factura = await facturaDe(
          db,
          rows.map((r) => r.id),
        );
        yield rows.map((r) => ({ row: r, factura: factura(r.id) }));
      }
    },

    crear: (user: Usuario, body: TransporteCreate) =>
      conUnicidad(() =>
        db.transaction(async (tx) => {
          const row = await insertarNuevo(tx, user, body);
          return aTransporte(tx, row);
        }),
      ),

    /**
     * §11.5: the transport of an emitted entrega, asked of Mallorca Transporta. The alquileres
     * company is its client (found by NIF); the goods are the albarán's lines, their weight from
     * inventario (estimated when an article has none); both albaranes name each other.
     */
    solicitarDesdeEntrega: (user: Operador, albaranId: string, version: number | undefined) =>
      conUnicidad(() =>
        db.transaction(async (tx) => {
          if (!can(user.roles, 'albaranes.edit')) throw prohibido();
          const entrega = idValido(albaranId)
            ? await findAlbaran(tx, albaranId, { lock: true })
            : undefined;
          if (!entrega || entrega.clase !== 'alquiler') throw notFound(M.albaranNoEncontrado);
          checkVersion(entrega.version, version);
          if (entrega.tipo !== 'entrega' || !['emitido', 'firmado'].includes(entrega.estado))
            throw conflicto(M.soloEntregaEmitida);
          if (entrega.transporte)
            throw conflicto(M.transporteYaSolicitado(entrega.transporte.numero));
          const emisor = await datosEmisor(tx, 'alquileres');
          const [cliente] = emisor.nif
            ? await clientesPorNif(tx, 'transporte', [emisor.nif.toUpperCase()])
            : [];
          if (!cliente) throw conflicto(M.altaClienteTransporte(emisor.razonSocial));
          const lineas = (await lineasDe(tx, albaranId)).filter((l) => l.clase !== 'concepto');
          const pesos = new Map(
            (
              await articulos(tx, {
                ids: lineas.map((l) => l.articuloId),
                clases: ['maquina', 'andamio'],
                limit: lineas.length || 1,
              })
            ).map((a) => [a._id, a.pesoKg]),
          );
          const sinPeso = lineas.some((l) => !pesos.get(l.articuloId));
          const pesoKg = Math.round(
            lineas.reduce(
              (s, l) => s + Number(l.cantidad) * Number(pesos.get(l.articuloId) ?? 0),
              0,
            ),
          );
          const numeroEntrega = entrega.numero ?? '';
          const body = transporteCreateSchema.parse({
            clienteId: cliente._id,
            destinatario: { nombre: entrega.cliente.nombre },
            origen: { nombre: emisor.razonSocial, direccion: emisor.direccion },
            destino: { direccion: entrega.direccionObra },
            fechaCarga: entrega.fecha,
            mercancia: {
              descripcion: M.mercanciaDeAlquiler(numeroEntrega),
              ...(pesoKg > 0 ? { pesoKg, pesoEstimado: sinPeso } : {}),
            },
            observaciones: `Entrega ${numeroEntrega} del alquiler ${entrega.alquilerNumero ?? ''}`,
          });
          const row = await insertarNuevo(tx, user, body, {
            origenDocumento: { _id: entrega.id, numero: numeroEntrega },
          });
          await updateAlbaran(tx, entrega.id, {
            transporte: { _id: row.id, numero: row.numero ?? '' },
            ...autoria(user, { crear: false }),
          });
          return aTransporte(tx, row);
        }),
      ),

    actualizar: (user: Usuario, id: string, body: TransporteUpdate, version: number | undefined) =>
      conUnicidad(() =>
        db.transaction(async (tx) => {
          const row = await leer(tx, id, { lock: true });
          checkVersion(row.version, version);
          const { version: _v, empresa: _e, ...cambios } = body;
          if (row.estado === 'anulado') throw conflicto(M.yaAnulado);
          if (row.estado !== 'pendiente') {
            const otros = Object.keys(cambios).filter(
              (k) =>
                !['precio', 'tipoIva', 'observaciones'].includes(k) &&
                cambios[k as keyof typeof cambios] !== undefined,
            );
            if (otros.length > 0) throw conflicto(M.soloPrecioTrasPendiente);
            const factura = (await facturaDe(tx, [id]))(id);
            if (factura && ('precio' in cambios || 'tipoIva' in cambios))
              throw conflicto(M.facturado(row.numero ?? '', factura.numero));
            const despues = await updateAlbaran(tx, id, {
              ...(cambios.precio !== undefined ? { precio: cambios.precio } : {}),
              ...(cambios.tipoIva !== undefined ? { tipoIva: cambios.tipoIva } : {}),
              ...(cambios.observaciones !== undefined
                ? { observaciones: cambios.observaciones }
                : {}),
              ...autoria(user, { crear: false }),
            });
            await historial(tx, row, despues, 'modificar', user);
            return aTransporte(tx, despues);
          }
          // A field sent empty ("" → undefined) clears it: the body's keys override the stored ones.
          const cuerpo = { ...cuerpoDe(row), ...cambios } as TransporteCreate;
          const valores = await resolver(tx, cuerpo, id);
          const anio = Number(cuerpo.fechaCarga.slice(0, 4));
          if (anio !== Number(row.fecha.slice(0, 4)))
            throw invalidData([
              'fechaCarga: La fecha de carga no puede cambiar de año: el número ya está asignado',
            ]);
          const d = row.datos as DatosTransporte;
          const despues = await updateAlbaran(tx, id, {
            ...valores,
            datos: { ...valores.datos, inspecciones: d.inspecciones },
            busqueda: columnaBusqueda(row.numero) + '\u001f' + valores.busqueda,
            ...autoria(user, { crear: false }),
          });
          await historial(tx, row, despues, 'modificar', user);
          return aTransporte(tx, despues);
        }),
      ),

    iniciarRuta: (user: Operador, id: string, version: number | undefined) =>
      transicion(user, id, version, async (tx, row) => {
        if (row.estado !== 'pendiente') throw noPermitido('iniciar la ruta de', row);
        const avisos = await comprobarSalida(tx, row);
        return { estado: 'en_ruta', salidaAt: ahora(), avisos };
      }),

    volverAPendiente: (user: Operador, id: string, version: number | undefined) =>
      transicion(user, id, version, async (_tx, row) => {
        if (row.estado !== 'en_ruta') throw noPermitido('volver a pendiente', row);
        return { estado: 'pendiente', salidaAt: null };
      }),

    entregar: (
      user: Operador,
      id: string,
      version: number | undefined,
      {
        firma,
        sinFirmaMotivo,
      }: { firma?: FirmaInput | undefined; sinFirmaMotivo?: string | undefined },
    ) =>
      transicion(user, id, version, async (tx, row) => {
        if (row.estado !== 'pendiente' && row.estado !== 'en_ruta')
          throw noPermitido('registrar la entrega de', row);
        if (!firma && !sinFirmaMotivo) throw invalidData([`firma: ${M.entregaSinFirma}`]);
        if (today() < row.fecha)
          throw invalidData([`entregadoAt: ${M.entregaAntesDeCarga(row.fecha)}`]);
        const avisos = row.estado === 'pendiente' ? await comprobarSalida(tx, row) : row.avisos;
        const entregadoAt = ahora();
        let firmaGuardada: AlbaranRow['firma'] = null;
        if (firma) {
          const dni = normalizarDni(firma.dni);
          const errores: string[] = [];
          if (!/^[A-Z0-9]{5,20}$/.test(dni) || checkSpanishDocument(dni) === 'invalid')
            errores.push(`firma.dni: ${M.firmaDni}`);
          const png = leerPng(firma.imagen);
          if (!png) errores.push(`firma.imagen: ${M.firmaImagen}`);
          if (errores.length > 0 || !png) throw invalidData(errores);
          const imagenSha256 = sha256(png);
          const imagenId = await insertFirma(tx, {
            albaranId: id,
            sha256: imagenSha256,
            bytes: png.length,
            png,
          });
          firmaGuardada = {
            nombre: firma.nombre,
            dni,
            imagenId,
            imagenSha256,
            firmadoAt: entregadoAt.toISOString(),
            firmadoPor: user.email,
            huella: '',
          };
        }
        const transportista = await transportistaDe(tx, row);
        const base = {
          ...row,
          entregadoAt,
          firma: firmaGuardada,
          sinFirmaMotivo: firma ? null : (sinFirmaMotivo ?? null),
        };
        const huella = huellaDe(contenidoFirmado(base, transportista));
        return {
          estado: 'entregado',
          entregadoAt,
          salidaAt: row.salidaAt ?? entregadoAt,
          avisos,
          firma: firmaGuardada
            ? { ...firmaGuardada, huella }
            : {
                nombre: '',
                dni: '',
                imagenId: '',
                imagenSha256: '',
                firmadoAt: entregadoAt.toISOString(),
                firmadoPor: user.email,
                huella,
              },
          sinFirmaMotivo: firma ? null : (sinFirmaMotivo ?? null),
        };
      }),

    anular: (user: Operador, id: string, version: number | undefined, motivo: string) =>
      transicion(user, id, version, async (tx, row) => {
        if (row.estado === 'anulado') throw conflicto(M.yaAnulado);
        if (row.estado === 'entregado' && !can(user.roles, 'albaranes.anular')) throw prohibido();
        const factura = (await facturaDe(tx, [id]))(id);
        if (factura) throw conflicto(M.anularFacturado(factura.numero));
        return {
          estado: 'anulado',
          anulacion: { motivo, anuladoAt: ahora().toISOString(), anuladoPor: user.email },
        };
      }),

    inspeccion: (
      user: Operador,
      id: string,
      i: { codigo: string; fecha: string; notas?: string | undefined },
    ) =>
      db.transaction(async (tx) => {
        const row = await leer(tx, id, { lock: true });
        const d = row.datos as DatosTransporte;
        const nueva = {
          _id: randomUUID(),
          codigo: i.codigo,
          fecha: i.fecha,
          notas: i.notas ?? null,
          enviadoAt: null,
          registradoPor: user.email,
        };
        const despues = await updateAlbaran(tx, id, {
          datos: { ...d, inspecciones: [...d.inspecciones, nueva] },
          ...autoria(user, { crear: false }),
        });
        return aTransporte(tx, despues);
      }),

    inspeccionEnviada: (user: Operador, id: string, inspeccionId: string) =>
      db.transaction(async (tx) => {
        const row = await leer(tx, id, { lock: true });
        const d = row.datos as DatosTransporte;
        const inspeccion = d.inspecciones.find((x) => x._id === inspeccionId);
        if (!inspeccion) throw notFound('Inspección no encontrada');
        // Sent once, at that instant: a second "Marcar como enviado" (another tab, a retry) keeps
        // the first enviadoAt, which is what the electronic control document records.
        if (inspeccion.enviadoAt) return aTransporte(tx, row);
        const inspecciones = d.inspecciones.map((x) =>
          x._id === inspeccionId ? { ...x, enviadoAt: ahora().toISOString() } : x,
        );
        const despues = await updateAlbaran(tx, id, {
          datos: { ...d, inspecciones },
          ...autoria(user, { crear: false }),
        });
        return aTransporte(tx, despues);
      }),

    verificacion: (id: string) =>
      db.transaction(async (tx) => {
        const row = await leer(tx, id);
        if (!row.firma) return { integro: false, huellaGuardada: null, huellaCalculada: null };
        const imagen = row.firma.imagenId ? await findFirma(tx, row.firma.imagenId) : undefined;
        const base = {
          ...row,
          firma: row.firma.imagenId
            ? { ...row.firma, imagenSha256: imagen ? sha256(imagen.png) : 'sin-imagen' }
            : null,
        };
        const calculada = huellaDe(contenidoFirmado(base, await transportistaDe(tx, row)));
        return {
          integro: calculada === row.firma.huella,
          huellaGuardada: row.firma.huella,
          huellaCalculada: calculada,
        };
      }),

    firmaPng: (id: string) =>
      db.transaction(async (tx) => {
        const row = await leer(tx, id);
        const imagen = row.firma?.imagenId ? await findFirma(tx, row.firma.imagenId) : undefined;
        if (!imagen) throw notFound('Este albarán no tiene firma');
        return imagen.png;
      }),

    historial: async (id: string, query: HistorialQuery) => {
      await db.transaction((tx) => leer(tx, id));
      return leerHistorial(database, RECURSO_TRANSPORTE, id, query);
    },
    hoy: () => diaEnMadrid(),
  };
};

export type TransporteService = ReturnType<typeof createTransporteService>;
