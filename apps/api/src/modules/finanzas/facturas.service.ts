import { randomUUID } from 'node:crypto';
import QRCode from 'qrcode';
import { checkIban, checkSpanishDocument } from '@tvsistema/domain/documento';
import { sumarDias } from '@tvsistema/domain/fechas';
import {
  calcularFactura,
  esVencida,
  FACTURA_MESSAGES as M,
  mensajesDocumento,
  LIMITE_EFECTIVO_FACTURA,
  LIMITE_SIMPLIFICADA,
  parseFacturaSort,
  TIPOS_RECTIFICATIVA,
  type Condiciones,
  type CondicionesInput,
  type Factura,
  type FacturaFields,
  type FacturaListQuery,
  type LineaFactura,
  type FuenteFacturable,
  type LineaFacturable,
  type OrigenTipo,
  type PendienteFacturable,
  type VerifactuFactura,
} from '@tvsistema/domain/finanzas';
import { formatFecha } from '@tvsistema/domain/format';
import { normalizeSearchText } from '@tvsistema/domain/localizacion';
import { pageMetaOf } from '@tvsistema/domain/lists';
import { addDecimals, compareDecimals, subtractDecimals } from '@tvsistema/domain/money';
import type { HistorialQuery } from '@tvsistema/domain/historial';
import type { Database } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { pgErrorOf } from '../../db/pg-errors.js';
import { HttpError, invalidData, notFound } from '../../http/errors.js';
import { isUuid } from '../../http/schemas.js';
import { checkVersion } from '../../http/versioning.js';
import type { FuentesFacturables } from '../../module.js';
import { leerHistorial, registrarHistorial } from '../historial/index.js';
import { asignarNumero } from '../numeracion/index.js';
import { datosEmisor } from './emisores.service.js';
import {
  autoria,
  conflicto,
  exigirEdicion,
  exigirLectura,
  instanteRegistro,
  lineasDireccion,
  prohibido,
  type Reloj,
  type Usuario,
} from './facturas-comun.js';
import {
  borrarOrigenes,
  cobrosDe,
  deleteCobro,
  deleteFactura,
  desactivarOrigenes,
  findCondiciones,
  findFactura,
  findParte,
  insertCobro,
  insertFactura,
  insertOrigenes,
  notasDe,
  origenesOcupados,
  registrosDeFactura,
  pageOfFacturas,
  setContrapartida,
  updateFactura,
  upsertCondiciones,
  type CobroRow,
  type FacturaInsert,
  type FacturaRow,
  type OrigenInsert,
} from './facturas.repository.js';
import { registrarAlta, registrarAnulacion } from './verifactu.service.js';

// finanzas.md §3–§6: invoices and credit notes (clase `rectificativa`) from draft to collected,
// the billing runs from the sources, the VERI*FACTU records of each issue.

export const RECURSO_FACTURA = 'factura';
type Clase = 'factura' | 'rectificativa';

const HISTORY_FIELDS = [
  'estado',
  'numero',
  'clienteId',
  'tipoFactura',
  'fechaOperacion',
  'formaPago',
  'diasVencimiento',
  'retencionPct',
  'referenciaCliente',
  'descripcionOperacion',
  'observaciones',
  'lineas',
  'importeTotal',
  'cobrado',
  'pendiente',
  'motivoAnulacion',
] as const;

const noEncontrada = (clase: Clase) =>
  notFound(clase === 'rectificativa' ? M.notaNoEncontrada : M.facturaNoEncontrada);

/** The API's record of an invoice row (with its cobros and notas when given). */
export const aFactura = (
  row: FacturaRow,
  hoy: string,
  extra: { cobros?: CobroRow[]; notas?: FacturaRow[]; rectificadaNumero?: string | null } = {},
): Factura => {
  const notasEmitidas = (extra.notas ?? []).filter(
    (n) => n.estado !== 'borrador' && n.estado !== 'anulada',
  );
  return {
    _id: row.id,
    empresa: row.empresa as Factura['empresa'],
    clase: row.clase as Clase,
    tipoFactura: row.tipoFactura as Factura['tipoFactura'],
    estado: row.estado as Factura['estado'],
    vencida: esVencida(row, hoy),
    rectificadaParcialmente: row.estado !== 'rectificada' && notasEmitidas.length > 0,
    serie: row.serie,
    ejercicio: row.ejercicio,
    secuencial: row.secuencial,
    numero: row.numero,
    fechaExpedicion: row.fechaExpedicion,
    fechaVencimiento: row.fechaVencimiento,
    fechaOperacion: row.fechaOperacion,
    clienteId: row.clienteId,
    cliente: row.cliente,
    emisor: row.emisor ?? null,
    formaPago: row.formaPago as Factura['formaPago'],
    diasVencimiento: row.diasVencimiento,
    retencionPct: String(Number(row.retencionPct)),
    recargoEquivalencia: row.recargoEquivalencia,
    referenciaCliente: row.referenciaCliente,
    descripcionOperacion: row.descripcionOperacion,
    observaciones: row.observaciones,
    origen: row.origen as Factura['origen'],
    lineas: row.lineas,
    desglose: row.desglose,
    baseImponible: row.baseImponible,
    cuotaIva: row.cuotaIva,
    cuotaRecargo: row.cuotaRecargo,
    importeTotal: row.importeTotal,
    retencion: row.retencion,
    totalAPagar: row.totalAPagar,
    cobrado: row.cobrado,
    pendiente: row.pendiente,
    facturaRectificadaId: row.facturaRectificadaId,
    facturaRectificadaNumero: extra.rectificadaNumero ?? null,
    tipoRectificacion: (row.tipoRectificacion as 'I' | 'S' | null) ?? null,
    motivo: row.motivo,
    motivoAnulacion: row.motivoAnulacion,
    anuladaAt: row.anuladaAt ? row.anuladaAt.toISOString() : null,
    verifactu: row.verifactu ?? null,
    cobros: (extra.cobros ?? []).map((c) => ({
      _id: c.id,
      fecha: c.fecha,
      importe: c.importe,
      medio: c.medio as Factura['cobros'][number]['medio'],
      referencia: c.referencia,
      contrapartidaId: c.contrapartidaId,
      createdAt: c.createdAt.toISOString(),
      createdBy: c.createdByEmail,
    })),
    notas: (extra.notas ?? []).map((n) => ({
      _id: n.id,
      numero: n.numero,
      fechaExpedicion: n.fechaExpedicion,
      tipoFactura: n.tipoFactura,
      importeTotal: n.importeTotal,
      estado: n.estado,
    })),
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
};

const tipoContador = (tipoFactura: string) =>
  tipoFactura === 'F1'
    ? ('factura' as const)
    : tipoFactura === 'F2'
      ? ('factura_simplificada' as const)
      : ('rectificativa' as const);

/** Rule 9: the non-blocking deadline warning. */
const avisoPlazo = (row: FacturaRow, hoy: string): string[] => {
  const fechas = [row.fechaOperacion, ...row.lineas.map((l) => l.origen?.hasta ?? null)].filter(
    (f): f is string => Boolean(f),
  );
  if (fechas.length === 0) return [];
  const ultima = fechas.sort().at(-1) as string;
  const [y, m] = ultima.split('-').map(Number) as [number, number];
  const siguiente = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return hoy > `${siguiente}-15` ? [M.fueraDePlazo] : [];
};

export type CrearOpciones = { clase: Clase; empresa: string };

export const createFacturasService = ({
  database,
  reloj,
  fuentes,
}: {
  database: Database;
  reloj: Reloj;
  fuentes: FuentesFacturables;
}) => {
  const db = database.db;

  const leerConExtras = async (tx: Executor, row: FacturaRow) => {
    const [cobros, notas, rectificada] = await Promise.all([
      cobrosDe(tx, row.id),
      row.clase === 'factura' ? notasDe(tx, row.id) : Promise.resolve([]),
      row.facturaRectificadaId
        ? findFactura(tx, row.facturaRectificadaId)
        : Promise.resolve(undefined),
    ]);
    return aFactura(row, reloj.today(), {
      cobros,
      notas,
      rectificadaNumero: rectificada?.numero ?? null,
    });
  };

  const cargar = async (tx: Executor, id: string, clase: Clase, { lock = false } = {}) => {
    const row = isUuid(id) ? await findFactura(tx, id, { lock }) : undefined;
    if (!row || row.clase !== clase) throw noEncontrada(clase);
    return row;
  };

  /** The client of a draft: active cliente of the empresa, with its snapshot and conditions. */
  const clienteDe = async (tx: Executor, clienteId: string, empresa: string) => {
    const parte = await findParte(tx, clienteId);
    if (!parte || parte.tipo !== 'cliente' || parte.empresa !== empresa || !parte.activo)
      throw invalidData([M.clienteInvalido]);
    const condiciones = await findCondiciones(tx, clienteId);
    return {
      parte,
      condiciones,
      snapshot: {
        nombre: parte.nombre,
        documento: parte.documento,
        direccion: lineasDireccion(parte.direccion),
        tipoIdentificacion: condiciones?.tipoIdentificacion ?? 'NIF',
        paisCodigo: condiciones?.paisCodigo ?? 'ES',
      },
    };
  };

  const prepararLineas = (
    input: FacturaFields['lineas'],
    clase: Clase,
  ): { lineas: LineaFactura[]; errores: string[] } => {
    const errores: string[] = [];
    const lineas = input.map((l, i): LineaFactura => {
      if (clase === 'factura' && compareDecimals(l.cantidad, 0) <= 0)
        errores.push(`lineas[${i}].cantidad: La cantidad debe ser mayor que 0`);
      const tratamiento = l.tratamiento;
      return {
        id: l.id && l.id.length > 0 ? l.id : randomUUID(),
        orden: i,
        conceptoId: l.conceptoId ?? null,
        descripcion: l.descripcion,
        cantidad: l.cantidad,
        unidad: l.unidad || 'ud',
        precioUnitario: l.precioUnitario,
        descuentoPct: l.descuentoPct,
        naturaleza: l.naturaleza,
        tratamiento,
        causa: tratamiento === 'exenta' || tratamiento === 'no_sujeta' ? (l.causa ?? null) : null,
        tipoIva: tratamiento === 'general' ? l.tipoIva : 0,
        base: '0.00',
        origen: l.origen
          ? {
              tipo: l.origen.tipo,
              id: l.origen.id,
              numero: l.origen.numero,
              lineaId: l.origen.lineaId,
              desde: l.origen.desde ?? null,
              hasta: l.origen.hasta ?? null,
            }
          : null,
      };
    });
    return { lineas, errores };
  };

  const origenesDe = (facturaId: string, lineas: LineaFactura[]): OrigenInsert[] =>
    lineas
      .filter((l) => l.origen)
      .map((l) => {
        const o = l.origen as NonNullable<LineaFactura['origen']>;
        return {
          facturaId,
          lineaId: l.id,
          origenTipo: o.tipo,
          origenId: o.id,
          origenNumero: o.numero,
          origenLineaId: o.tipo === 'albaran' ? o.id : o.lineaId,
          desde: o.tipo === 'albaran' ? null : (o.desde ?? null),
          hasta: o.tipo === 'albaran' ? null : (o.hasta ?? null),
        };
      });

  const conflictoOrigen = (o: {
    origenTipo: string;
    origenNumero: string;
    desde: string | null;
    hasta: string | null;
    numero: string | null;
  }) => {
    const factura = o.numero ?? 'un borrador';
    return conflicto(
      o.origenTipo === 'albaran'
        ? M.albaranFacturado(o.origenNumero, factura)
        : M.periodoFacturado(
            formatFecha(o.desde ?? ''),
            formatFecha(o.hasta ?? ''),
            o.origenNumero,
            factura,
          ),
    );
  };

  /** §2: drafts reserve their origins; another active invoice holding one is a 409. */
  const reservarOrigenes = async (tx: Executor, facturaId: string, lineas: LineaFactura[]) => {
    const origenes = origenesDe(facturaId, lineas);
    await borrarOrigenes(tx, facturaId);
    if (origenes.length === 0) return;
    const [ocupado] = await origenesOcupados(tx, facturaId, origenes);
    if (ocupado) throw conflictoOrigen(ocupado);
    try {
      await tx.transaction(async (sp) => insertOrigenes(sp, origenes));
    } catch (error) {
      const pg = pgErrorOf(error);
      if (pg && (pg.code === '23P01' || pg.code === '23505'))
        throw conflicto('Alguno de los orígenes ya está facturado en otra factura.');
      throw error;
    }
  };

  /**
   * §2 and rule 7: an invoice is F1 or F2; a nota R1–R4, or R5 exactly when it rectifies an F2
   * (its default then). Checked again when the nota is issued (comprobarNota).
   */
  const tipoDe = async (tx: Executor, clase: Clase, input: FacturaFields) => {
    const rectificativa = (t: string) => (TIPOS_RECTIFICATIVA as readonly string[]).includes(t);
    if (clase === 'factura') {
      const tipo = input.tipoFactura ?? 'F1';
      if (rectificativa(tipo)) throw invalidData([M.tipoDeFactura]);
      return tipo;
    }
    const rectificada = input.facturaRectificadaId
      ? await findFactura(tx, input.facturaRectificadaId)
      : undefined;
    const tipo = input.tipoFactura ?? (rectificada?.tipoFactura === 'F2' ? 'R5' : 'R1');
    if (!rectificativa(tipo)) throw invalidData([M.tipoDeNota]);
    return tipo;
  };

  const valoresBorrador = async (
    tx: Executor,
    empresa: string,
    clase: Clase,
    input: FacturaFields,
    user: Usuario,
    crear: boolean,
  ) => {
    const { snapshot, condiciones } = await clienteDe(tx, input.clienteId, empresa);
    const emisor = await datosEmisor(tx, empresa as 'alquileres');
    const tipoFactura = await tipoDe(tx, clase, input);
    const { lineas, errores } = prepararLineas(input.lineas, clase);
    if (errores.length > 0) throw invalidData(errores);
    const retencionPct =
      input.retencionPct ?? (condiciones ? String(Number(condiciones.retencionPct)) : '0');
    const recargoEquivalencia =
      input.recargoEquivalencia ?? condiciones?.recargoEquivalencia ?? false;
    const totales = calcularFactura(lineas, { retencionPct, recargoEquivalencia });
    lineas.forEach((l, i) => {
      l.base = totales.bases[i] as string;
    });
    const origen = lineas.some((l) => l.origen?.tipo === 'alquiler')
      ? 'alquiler'
      : lineas.some((l) => l.origen?.tipo === 'albaran')
        ? 'albaran'
        : 'manual';
    const values: Omit<FacturaInsert, 'empresa'> = {
      clase,
      tipoFactura,
      clienteId: input.clienteId,
      cliente: snapshot,
      fechaOperacion: input.fechaOperacion ?? null,
      formaPago: input.formaPago ?? (condiciones?.formaPago as 'transferencia') ?? 'transferencia',
      diasVencimiento:
        input.diasVencimiento ?? condiciones?.diasVencimiento ?? emisor.diasVencimiento ?? 30,
      retencionPct,
      recargoEquivalencia,
      referenciaCliente: input.referenciaCliente ?? null,
      descripcionOperacion: input.descripcionOperacion ?? emisor.descripcionOperacion,
      observaciones: input.observaciones ?? null,
      origen,
      lineas,
      desglose: totales.desglose,
      baseImponible: totales.baseImponible,
      cuotaIva: totales.cuotaIva,
      cuotaRecargo: totales.cuotaRecargo,
      importeTotal: totales.importeTotal,
      retencion: totales.retencion,
      totalAPagar: totales.totalAPagar,
      cobrado: '0',
      pendiente: totales.totalAPagar,
      facturaRectificadaId: clase === 'rectificativa' ? (input.facturaRectificadaId ?? null) : null,
      tipoRectificacion: clase === 'rectificativa' ? (input.tipoRectificacion ?? 'I') : null,
      motivo: clase === 'rectificativa' ? (input.motivo ?? null) : null,
      busqueda: normalizeSearchText([snapshot.nombre, snapshot.documento ?? ''].join(' ')),
      ...autoria(user, { crear }),
    };
    return values;
  };

  const historial = async (
    tx: Executor,
    row: FacturaRow,
    accion: 'crear' | 'modificar' | 'cambiar_estado' | 'eliminar',
    antes: unknown,
    despues: unknown,
    user: Usuario,
  ) =>
    registrarHistorial(tx, {
      recurso: RECURSO_FACTURA,
      registroId: row.id,
      empresa: row.empresa as 'alquileres',
      accion,
      antes: antes as Record<string, unknown> | undefined,
      despues: despues as Record<string, unknown> | undefined,
      campos: HISTORY_FIELDS,
      usuario: user,
    });

  const crearEn = async (
    tx: Executor,
    user: Usuario,
    empresa: string,
    clase: Clase,
    input: FacturaFields,
  ) => {
    const values = await valoresBorrador(tx, empresa, clase, input, user, true);
    const row = await insertFactura(tx, { ...values, empresa });
    await reservarOrigenes(tx, row.id, row.lineas);
    await historial(tx, row, 'crear', undefined, row, user);
    return row;
  };

  // ---- rule 7: notas -----------------------------------------------------------------------

  const netoRectificada = async (tx: Executor, rectificada: FacturaRow, excluirId?: string) => {
    const notas = (await notasDe(tx, rectificada.id)).filter(
      (n) => n.id !== excluirId && (n.estado === 'emitida' || n.estado === 'cobrada'),
    );
    return notas.reduce((s, n) => addDecimals(s, n.importeTotal), rectificada.importeTotal);
  };

  const comprobarNota = async (tx: Executor, nota: FacturaRow, hoy: string) => {
    if (!nota.facturaRectificadaId) throw invalidData([M.rectificadaInvalida]);
    const rectificada = await findFactura(tx, nota.facturaRectificadaId, { lock: true });
    if (
      !rectificada ||
      rectificada.clase !== 'factura' ||
      rectificada.empresa !== nota.empresa ||
      rectificada.clienteId !== nota.clienteId ||
      !['emitida', 'cobrada', 'rectificada'].includes(rectificada.estado)
    )
      throw invalidData([M.rectificadaInvalida]);
    if (rectificada.tipoFactura === 'F2' && nota.tipoFactura !== 'R5')
      throw invalidData([M.simplificadaR5]);
    if (rectificada.tipoFactura !== 'F2' && nota.tipoFactura === 'R5')
      throw invalidData([M.r5SoloSimplificada]);
    const base = rectificada.fechaOperacion ?? rectificada.fechaExpedicion ?? hoy;
    const [y, m, d] = base.split('-');
    if (hoy > `${Number(y) + 4}-${m}-${d}`) throw conflicto(M.cuatroAnios);
    const neto = await netoRectificada(tx, rectificada, nota.id);
    if (nota.tipoRectificacion === 'S') {
      if (compareDecimals(rectificada.cobrado, 0) !== 0 || rectificada.estado === 'rectificada')
        throw conflicto(M.sustitucionConCobros);
    } else if (
      rectificada.estado === 'rectificada' ||
      compareDecimals(addDecimals(neto, nota.importeTotal), 0) < 0
    )
      throw conflicto(
        M.notaSupera(rectificada.numero ?? '', rectificada.estado === 'rectificada' ? '0' : neto),
      );
    return { rectificada, neto };
  };

  /** After an I nota: compensación cobros, rectificada at net 0 (origins released). */
  const liquidarNota = async (
    tx: Executor,
    nota: FacturaRow,
    rectificada: FacturaRow,
    neto: string,
    user: Usuario,
    hoy: string,
  ) => {
    if (nota.tipoRectificacion === 'S') {
      await updateFactura(tx, rectificada.id, {
        estado: 'rectificada',
        pendiente: '0',
        version: rectificada.version + 1,
      });
      await desactivarOrigenes(tx, rectificada.id);
      return;
    }
    const notaPendiente = nota.pendiente.startsWith('-') ? nota.pendiente.slice(1) : nota.pendiente;
    const recPendiente =
      compareDecimals(rectificada.pendiente, 0) > 0 ? rectificada.pendiente : '0';
    const liquidar =
      compareDecimals(notaPendiente, recPendiente) <= 0 ? notaPendiente : recPendiente;
    let rec = rectificada;
    let notaRow = nota;
    if (compareDecimals(liquidar, 0) > 0) {
      const quien = { createdBySub: user?.sub ?? null, createdByEmail: user?.email ?? null };
      const a = await insertCobro(tx, {
        facturaId: rectificada.id,
        fecha: hoy,
        importe: liquidar,
        medio: 'compensacion',
        referencia: nota.numero,
        ...quien,
      });
      const b = await insertCobro(tx, {
        facturaId: nota.id,
        fecha: hoy,
        importe: `-${liquidar}`,
        medio: 'compensacion',
        referencia: rectificada.numero,
        contrapartidaId: a.id,
        ...quien,
      });
      await setContrapartida(tx, a.id, b.id);
      rec = await updateFactura(tx, rectificada.id, {
        cobrado: addDecimals(rectificada.cobrado, liquidar),
        pendiente: subtractDecimals(rectificada.pendiente, liquidar),
        version: rectificada.version + 1,
      });
      notaRow = await updateFactura(tx, nota.id, {
        cobrado: subtractDecimals(nota.cobrado, liquidar),
        pendiente: addDecimals(nota.pendiente, liquidar),
      });
    }
    if (compareDecimals(notaRow.pendiente, 0) === 0)
      await updateFactura(tx, nota.id, { estado: 'cobrada' });
    const netoDespues = addDecimals(neto, nota.importeTotal);
    if (compareDecimals(netoDespues, 0) === 0) {
      await updateFactura(tx, rec.id, { estado: 'rectificada', version: rec.version + 1 });
      await desactivarOrigenes(tx, rec.id);
    } else if (compareDecimals(rec.pendiente, 0) === 0 && rec.estado === 'emitida') {
      await updateFactura(tx, rec.id, { estado: 'cobrada' });
    }
  };

  // ---- emission (rule 2) -------------------------------------------------------------------

  const emitirEn = async (
    tx: Executor,
    user: Usuario,
    id: string,
    clase: Clase,
    /** The version the caller read; `null` from "Emitir seleccionadas", which names only ids (§6). */
    version: number | undefined | null,
  ) => {
    const row = await cargar(tx, id, clase, { lock: true });
    exigirEdicion(user, row.empresa);
    if (version !== null) checkVersion(row.version, version);
    if (row.estado !== 'borrador') throw conflicto(M.soloEmitirBorradores);
    const hoy = reloj.today();
    const emisor = await datosEmisor(tx, row.empresa as 'alquileres');
    const errores: string[] = [];
    if (row.lineas.length === 0) errores.push(M.sinLineas);
    if (!emisor.nif || !emisor.iban || !(emisor.direccion.calle || emisor.direccion.municipio))
      throw conflicto(M.emisorIncompleto);
    const { snapshot, parte, condiciones } = await clienteDe(tx, row.clienteId, row.empresa);
    if (clase === 'factura' && compareDecimals(row.importeTotal, 0) < 0)
      errores.push(M.totalNegativo);
    if (row.tipoFactura === 'F1' || /^R[1-4]$/.test(row.tipoFactura)) {
      const nifOk =
        (condiciones?.tipoIdentificacion ?? 'NIF') === 'NIF'
          ? parte.documento !== null && checkSpanishDocument(parte.documento) === 'valid'
          : Boolean(parte.documento);
      if (!nifOk) errores.push(M.sinNif);
      else if (snapshot.direccion.length === 0) errores.push(M.sinDireccion);
      // Rule 3: the reverse charge only to a client identified by a valid Spanish NIF.
      const nifEspanol =
        (condiciones?.tipoIdentificacion ?? 'NIF') === 'NIF' &&
        parte.documento !== null &&
        checkSpanishDocument(parte.documento) === 'valid';
      if (!nifEspanol && row.lineas.some((l) => l.tratamiento === 'isp')) errores.push(M.ispSinNif);
    }
    if (row.tipoFactura === 'F2' || row.tipoFactura === 'R5') {
      if (compareDecimals(row.importeTotal, LIMITE_SIMPLIFICADA) > 0)
        errores.push(M.simplificadaLimite);
      if (row.lineas.some((l) => l.tratamiento === 'isp')) errores.push(M.simplificadaIsp);
    }
    if (errores.length > 0)
      throw new HttpError(400, mensajesDocumento(clase).noEmitir, { errors: errores });
    let nota: { rectificada: FacturaRow; neto: string } | undefined;
    if (clase === 'rectificativa') nota = await comprobarNota(tx, row, hoy);
    const anio = Number(hoy.slice(0, 4));
    const { numero, secuencia } = await asignarNumero(tx, {
      empresa: row.empresa as 'alquileres',
      tipo: tipoContador(row.tipoFactura),
      anio,
    });
    const emisorSnapshot = {
      razonSocial: emisor.razonSocial,
      nif: emisor.nif,
      direccion: lineasDireccion(emisor.direccion),
      telefono: emisor.telefono,
      email: emisor.email,
      iban: emisor.iban,
      registroMercantil: emisor.registroMercantil,
    };
    const conDatos = await updateFactura(tx, row.id, {
      estado: 'emitida',
      serie: numero.replace(/\d{4}-\d+$/, ''),
      ejercicio: anio,
      secuencial: secuencia,
      numero,
      fechaExpedicion: hoy,
      fechaVencimiento: sumarDias(hoy, row.diasVencimiento),
      cliente: snapshot,
      emisor: emisorSnapshot,
      busqueda: normalizeSearchText([numero, snapshot.nombre, snapshot.documento ?? ''].join(' ')),
      version: row.version + 1,
      ...autoria(user, { crear: false }),
    });
    const { verifactu } = await registrarAlta(tx, {
      factura: conDatos,
      numero,
      fecha: hoy,
      instante: instanteRegistro(reloj),
      rectificada: nota?.rectificada,
    });
    let emitida = await updateFactura(tx, row.id, { verifactu });
    if (nota) {
      await liquidarNota(tx, emitida, nota.rectificada, nota.neto, user, hoy);
      emitida = (await findFactura(tx, row.id)) as FacturaRow;
    }
    await historial(tx, emitida, 'cambiar_estado', row, emitida, user);
    return { row: emitida, avisos: avisoPlazo(emitida, hoy) };
  };

  // ---- the service -------------------------------------------------------------------------

  const service = {
    list: async (user: Usuario, clase: Clase, query: FacturaListQuery) => {
      exigirLectura(user, query.empresa);
      const sort = parseFacturaSort(query.sort);
      if (!sort) throw invalidData(['sort: Orden no válido']);
      const hoy = reloj.today();
      const { rows, total, sumas } = await pageOfFacturas(
        db,
        {
          empresa: query.empresa,
          clase,
          estado: query.estado,
          clienteId: query.clienteId,
          desde: query.desde,
          hasta: query.hasta,
          origen: query.origen,
          search: query.searchTerm ? normalizeSearchText(query.searchTerm) : undefined,
          hoy,
        },
        sort,
        { limit: query.limit, offset: (query.page - 1) * query.limit },
      );
      return {
        data: rows.map((r) => aFactura(r, hoy)),
        meta: { ...pageMetaOf(query.page, query.limit, total), sumas },
      };
    },

    /** Every row of the filtered list (CSV export), at most 10.000. */
    exportRows: async (
      user: Usuario,
      clase: Clase,
      query: Omit<FacturaListQuery, 'page' | 'limit'>,
    ) => {
      const page = await service.list(user, clase, { ...query, page: 1, limit: 10_000 });
      return page.data;
    },

    get: async (user: Usuario, id: string, clase: Clase) => {
      const row = await cargar(db, id, clase);
      exigirLectura(user, row.empresa);
      return leerConExtras(db, row);
    },

    /** §5 "VERI*FACTU" tab: the document's records, each with its last envío, and its QR. */
    verifactu: async (user: Usuario, id: string, clase: Clase): Promise<VerifactuFactura> => {
      const row = await cargar(db, id, clase);
      exigirLectura(user, row.empresa);
      const registros = await registrosDeFactura(db, id);
      const url = row.estado === 'borrador' ? null : (row.verifactu?.qrUrl ?? null);
      return {
        // `orden` is a bigint, text on PostgreSQL's driver: a number on both engines.
        registros: registros.map((r) => ({
          orden: Number(r.orden),
          tipo: r.tipo as 'alta' | 'anulacion',
          subsanacion: Boolean(r.subsanacion),
          fechaHoraHusoGenRegistro: r.fechaHoraHusoGenRegistro,
          huella: r.huella,
          huellaAnterior: r.huellaAnterior || null,
          cadena: r.cadena,
          estado: (r.estado ?? 'pendiente') as VerifactuFactura['registros'][number]['estado'],
          csvAeat: r.csvAeat,
          codigoError: r.codigoError,
          descripcionError: r.descripcionError,
        })),
        qr: url
          ? {
              url,
              svg: await QRCode.toString(url, {
                type: 'svg',
                margin: 1,
                errorCorrectionLevel: 'M',
              }),
            }
          : null,
      };
    },

    create: async (user: Usuario, clase: Clase, input: FacturaFields & { empresa: string }) => {
      exigirEdicion(user, input.empresa);
      const { empresa, ...fields } = input;
      return db.transaction(async (tx) =>
        leerConExtras(tx, await crearEn(tx, user, empresa, clase, fields)),
      );
    },

    update: async (
      user: Usuario,
      id: string,
      clase: Clase,
      input: FacturaFields & { empresa?: unknown },
      version: number | undefined,
    ) => {
      if (input.empresa !== undefined) throw invalidData([M.empresaInmutable]);
      return db.transaction(async (tx) => {
        const row = await cargar(tx, id, clase, { lock: true });
        exigirEdicion(user, row.empresa);
        if (row.estado !== 'borrador')
          throw conflicto(mensajesDocumento(clase).emitidaNoModificable);
        checkVersion(row.version, version);
        const values = await valoresBorrador(tx, row.empresa, clase, input, user, false);
        const nueva = await updateFactura(tx, id, { ...values, version: row.version + 1 });
        await reservarOrigenes(tx, id, nueva.lineas);
        await historial(tx, nueva, 'modificar', row, nueva, user);
        return leerConExtras(tx, nueva);
      });
    },

    remove: async (user: Usuario, id: string, clase: Clase, version: number | undefined) =>
      db.transaction(async (tx) => {
        const row = await cargar(tx, id, clase, { lock: true });
        exigirEdicion(user, row.empresa);
        if (row.estado !== 'borrador') throw conflicto(M.soloBorradores);
        checkVersion(row.version, version);
        await borrarOrigenes(tx, id);
        await deleteFactura(tx, id);
        await historial(tx, row, 'eliminar', row, undefined, user);
      }),

    emitir: async (user: Usuario, id: string, clase: Clase, version: number | undefined) =>
      db.transaction(async (tx) => {
        const { row, avisos } = await emitirEn(tx, user, id, clase, version);
        return { data: await leerConExtras(tx, row), avisos };
      }),

    emitirLote: async (user: Usuario, ids: readonly string[]) => {
      const data: { id: string; numero: string }[] = [];
      const errores: { id: string; message: string }[] = [];
      for (const id of ids) {
        try {
          const { row } = await db.transaction((tx) => emitirEn(tx, user, id, 'factura', null));
          data.push({ id, numero: row.numero ?? '' });
        } catch (error) {
          const message =
            error instanceof HttpError
              ? [error.message, ...((error as { errors?: string[] }).errors ?? [])].join(' ')
              : 'Error al emitir';
          errores.push({ id, message });
        }
      }
      return { data, errores };
    },

    cobrar: async (
      user: Usuario,
      id: string,
      clase: Clase,
      input: {
        fecha: string;
        importe: string;
        medio: string;
        referencia?: string | null | undefined;
      },
      version: number | undefined,
    ) =>
      db.transaction(async (tx) => {
        const row = await cargar(tx, id, clase, { lock: true });
        exigirEdicion(user, row.empresa);
        checkVersion(row.version, version);
        const D = mensajesDocumento(clase);
        if (row.estado !== 'emitida') throw conflicto(D.soloEmitidas);
        const hoy = reloj.today();
        if (input.fecha < (row.fechaExpedicion ?? hoy) || input.fecha > hoy)
          throw invalidData([M.fechaCobro]);
        const negativo = clase === 'rectificativa';
        const signoOk = negativo
          ? compareDecimals(input.importe, 0) < 0
          : compareDecimals(input.importe, 0) > 0;
        if (!signoOk) throw invalidData([D.importeConSigno]);
        const excede = negativo
          ? compareDecimals(input.importe, row.pendiente) < 0
          : compareDecimals(input.importe, row.pendiente) > 0;
        if (excede) throw conflicto(D.cobroSupera(row.pendiente));
        const totalAbs = row.importeTotal.startsWith('-')
          ? row.importeTotal.slice(1)
          : row.importeTotal;
        if (input.medio === 'efectivo' && compareDecimals(totalAbs, LIMITE_EFECTIVO_FACTURA) >= 0)
          throw conflicto(M.efectivo);
        await insertCobro(tx, {
          facturaId: id,
          fecha: input.fecha,
          importe: input.importe,
          medio: input.medio,
          referencia: input.referencia ?? null,
          createdBySub: user?.sub ?? null,
          createdByEmail: user?.email ?? null,
        });
        const pendiente = subtractDecimals(row.pendiente, input.importe);
        const nueva = await updateFactura(tx, id, {
          cobrado: addDecimals(row.cobrado, input.importe),
          pendiente,
          estado: compareDecimals(pendiente, 0) === 0 ? 'cobrada' : 'emitida',
          version: row.version + 1,
        });
        await historial(tx, nueva, 'modificar', row, nueva, user);
        return leerConExtras(tx, nueva);
      }),

    eliminarCobro: async (user: Usuario, id: string, clase: Clase, cobroId: string) =>
      db.transaction(async (tx) => {
        const row = await cargar(tx, id, clase, { lock: true });
        exigirEdicion(user, row.empresa);
        const cobro = (await cobrosDe(tx, id)).find((c) => c.id === cobroId);
        const D = mensajesDocumento(clase);
        if (!cobro) throw notFound(D.cobroNoEncontrado);
        if (cobro.medio === 'compensacion') throw conflicto(D.compensacionNoSeElimina);
        await deleteCobro(tx, cobroId);
        const nueva = await updateFactura(tx, id, {
          cobrado: subtractDecimals(row.cobrado, cobro.importe),
          pendiente: addDecimals(row.pendiente, cobro.importe),
          estado: row.estado === 'cobrada' ? 'emitida' : row.estado,
          version: row.version + 1,
        });
        await historial(tx, nueva, 'modificar', row, nueva, user);
      }),

    anular: async (user: Usuario, id: string, motivo: string, version: number | undefined) =>
      db.transaction(async (tx) => {
        const row = await cargar(tx, id, 'factura', { lock: true });
        exigirEdicion(user, row.empresa);
        checkVersion(row.version, version);
        if (row.estado !== 'emitida') throw conflicto(M.soloAnularEmitidas);
        const notas = (await notasDe(tx, id)).filter((n) => n.estado !== 'borrador');
        if (compareDecimals(row.cobrado, 0) !== 0 || notas.length > 0) throw conflicto(M.noAnular);
        const { estado, huella } = await registrarAnulacion(tx, row, instanteRegistro(reloj));
        await desactivarOrigenes(tx, id);
        const nueva = await updateFactura(tx, id, {
          estado: 'anulada',
          motivoAnulacion: motivo,
          anuladaAt: new Date(),
          anuladaBySub: user?.sub ?? null,
          pendiente: '0',
          verifactu: { estado, huella, qrUrl: row.verifactu?.qrUrl ?? null },
          version: row.version + 1,
        });
        await historial(tx, nueva, 'cambiar_estado', row, nueva, user);
        return leerConExtras(tx, nueva);
      }),

    history: async (user: Usuario, id: string, clase: Clase, query: HistorialQuery) => {
      const row = await cargar(db, id, clase);
      exigirLectura(user, row.empresa);
      return leerHistorial(database, RECURSO_FACTURA, id, query);
    },

    // ---- billing runs (rule 10) ------------------------------------------------------------

    pendientes: async (
      user: Usuario,
      origenTipo: OrigenTipo,
      query: {
        empresa: string;
        hasta: string;
        clienteId?: string | undefined;
        desde?: string | undefined;
      },
    ) => {
      exigirEdicion(user, query.empresa);
      const fuente = fuentes.find((f) => f.origenTipo === origenTipo);
      if (!fuente) return [];
      return fuente.pendientes(db, query, reloj.today());
    },

    /**
     * GET lineas-albaranes / lineas-alquileres: the invoice lines the chosen pending origins
     * would bring (as `desde-*` would write them), for the form to add to a draft; the ids no
     * longer pending (invoiced meanwhile) are left out.
     */
    lineasPendientes: async (
      user: Usuario,
      origenTipo: OrigenTipo,
      empresa: string,
      hasta: string,
      ids: readonly string[],
    ) => {
      exigirEdicion(user, empresa);
      const fuente = fuentes.find((f) => f.origenTipo === origenTipo);
      if (!fuente || ids.length === 0) return [];
      const hoy = reloj.today();
      return db.transaction(async (tx) => {
        const pendientes = await fuente.pendientes(tx, { empresa, hasta }, hoy);
        const elegidos = ids.flatMap((id) => pendientes.filter((p) => p.origenId === id));
        return lineasDe(tx, fuente, elegidos, hoy);
      });
    },

    /** POST desde-alquileres: one draft per alquiler and period, origin lines reserved. */
    desdeOrigenes: async (
      user: Usuario,
      origenTipo: OrigenTipo,
      empresa: string,
      hasta: string,
      ids: readonly string[],
    ) => {
      exigirEdicion(user, empresa);
      const fuente = fuentes.find((f) => f.origenTipo === origenTipo);
      if (!fuente) return [];
      const hoy = reloj.today();
      return db.transaction(async (tx) => {
        const pendientes = await fuente.pendientes(tx, { empresa, hasta }, hoy);
        const creadas: string[] = [];
        const porCliente = new Map<string, typeof pendientes>();
        for (const p of pendientes.filter((x) => ids.includes(x.origenId))) {
          const clave = origenTipo === 'albaran' ? p.clienteId : p.origenId;
          porCliente.set(clave, [...(porCliente.get(clave) ?? []), p]);
        }
        for (const grupo of porCliente.values()) {
          const primero = grupo[0];
          if (!primero) continue;
          const lineas = await lineasDe(tx, fuente, grupo, hoy);
          // A client without NIF (a private person) can only get a simplified invoice (rule 6).
          const cliente = await findParte(tx, primero.clienteId);
          const row = await crearEn(tx, user, empresa, 'factura', {
            clienteId: primero.clienteId,
            tipoFactura: cliente?.documento ? 'F1' : 'F2',
            fechaOperacion:
              grupo
                .map((p) => p.hasta)
                .sort()
                .at(-1) ?? null,
            referenciaCliente:
              origenTipo === 'alquiler' ? (primero.detalle?.slice(0, 60) ?? null) : null,
            lineas,
          } as FacturaFields);
          creadas.push(row.id);
        }
        return creadas;
      });
    },

    condiciones: async (user: Usuario, clienteId: string): Promise<Condiciones> => {
      const parte = isUuid(clienteId) ? await findParte(db, clienteId) : undefined;
      if (!parte || parte.tipo !== 'cliente') throw notFound(M.clienteNoEncontrado);
      exigirLectura(user, parte.empresa);
      const c = await findCondiciones(db, clienteId);
      return aCondiciones(clienteId, c);
    },

    guardarCondiciones: async (
      user: Usuario,
      clienteId: string,
      input: CondicionesInput,
      version: number | undefined,
    ): Promise<Condiciones> =>
      db.transaction(async (tx) => {
        const parte = isUuid(clienteId) ? await findParte(tx, clienteId) : undefined;
        if (!parte || parte.tipo !== 'cliente') throw notFound(M.clienteNoEncontrado);
        exigirEdicion(user, parte.empresa);
        const antes = await findCondiciones(tx, clienteId);
        checkVersion(antes?.version ?? 0, version);
        let iban: string | null = null;
        if (input.ibanCliente) {
          const ok = checkIban(input.ibanCliente);
          if (!ok) throw invalidData(['ibanCliente: IBAN inválido']);
          iban = ok.normalizado;
        } else if (input.formaPago === 'domiciliacion')
          throw invalidData(['ibanCliente: La domiciliación necesita el IBAN del cliente']);
        await upsertCondiciones(tx, {
          clienteId,
          formaPago: input.formaPago ?? 'transferencia',
          diasVencimiento: (input.diasVencimiento as number | null | undefined) ?? null,
          ibanCliente: iban,
          referenciaMandato: input.referenciaMandato ?? null,
          emailFacturacion: input.emailFacturacion ?? null,
          retencionPct: input.retencionPct ?? '0',
          recargoEquivalencia: input.recargoEquivalencia ?? false,
          contratistaObra: input.contratistaObra ?? false,
          tipoIdentificacion: input.tipoIdentificacion ?? 'NIF',
          paisCodigo: input.paisCodigo ?? 'ES',
          ...autoria(user, { crear: !antes }),
        });
        const despues = await findCondiciones(tx, clienteId);
        await registrarHistorial(tx, {
          recurso: 'condiciones_facturacion',
          registroId: clienteId,
          empresa: parte.empresa as 'alquileres',
          accion: antes ? 'modificar' : 'crear',
          antes: antes as Record<string, unknown> | undefined,
          despues: despues as Record<string, unknown> | undefined,
          campos: [
            'formaPago',
            'diasVencimiento',
            'ibanCliente',
            'retencionPct',
            'contratistaObra',
          ],
          usuario: user,
        });
        return aCondiciones(clienteId, despues);
      }),
  };
  return service;
};

const aCondiciones = (
  clienteId: string,
  c: Awaited<ReturnType<typeof findCondiciones>>,
): Condiciones => ({
  clienteId,
  formaPago: (c?.formaPago as Condiciones['formaPago']) ?? 'transferencia',
  diasVencimiento: c?.diasVencimiento ?? null,
  ibanCliente: c?.ibanCliente ?? null,
  referenciaMandato: c?.referenciaMandato ?? null,
  emailFacturacion: c?.emailFacturacion ?? null,
  retencionPct: c ? String(Number(c.retencionPct)) : '0',
  recargoEquivalencia: c?.recargoEquivalencia ?? false,
  contratistaObra: c?.contratistaObra ?? false,
  tipoIdentificacion: c?.tipoIdentificacion ?? 'NIF',
  paisCodigo: c?.paisCodigo ?? 'ES',
  version: c?.version ?? 0,
});

/** The invoice lines of pending origins, each with its client's rule 3 default. */
const lineasDe = async (
  tx: Executor,
  fuente: FuenteFacturable<Executor>,
  pendientes: readonly PendienteFacturable[],
  hoy: string,
): Promise<FacturaFields['lineas']> => {
  const lineas: FacturaFields['lineas'] = [];
  const contratista = new Map<string, boolean>();
  for (const p of pendientes) {
    if (!contratista.has(p.clienteId))
      contratista.set(
        p.clienteId,
        (await findCondiciones(tx, p.clienteId))?.contratistaObra ?? false,
      );
    const propuestas: LineaFacturable[] = await fuente.lineas(
      tx,
      { origenTipo: p.origenTipo, origenId: p.origenId, desde: p.desde, hasta: p.hasta },
      hoy,
    );
    lineas.push(
      ...propuestas.map((l) => lineaDesdeFuente(l, p, contratista.get(p.clienteId) ?? false)),
    );
  }
  return lineas;
};

/** A source's line as an invoice line (rule 3: servicio_obra to a contractor defaults to ISP). */
export const lineaDesdeFuente = (
  l: LineaFacturable,
  p: { origenTipo: OrigenTipo; origenId: string; numero: string; desde: string; hasta: string },
  contratistaObra: boolean,
): FacturaFields['lineas'][number] => {
  const motivo = l.motivoIva0;
  const tratamiento =
    l.tipoIva === 0 && motivo === 'no_sujeta'
      ? 'no_sujeta'
      : l.tipoIva === 0 && motivo === 'exenta'
        ? 'exenta'
        : l.naturaleza === 'servicio_obra' && contratistaObra
          ? 'isp'
          : 'general';
  return {
    conceptoId: l.conceptoId ?? null,
    descripcion: l.descripcion.slice(0, 500),
    cantidad: l.cantidad,
    unidad: l.unidad.slice(0, 20),
    precioUnitario: l.precioUnitario,
    descuentoPct: l.descuentoPct,
    naturaleza: l.naturaleza,
    tratamiento,
    causa: tratamiento === 'no_sujeta' ? 'N1' : tratamiento === 'exenta' ? 'E1' : null,
    tipoIva: (tratamiento === 'general' ? l.tipoIva : 21) as 21,
    origen: {
      tipo: p.origenTipo,
      id: p.origenId,
      numero: p.numero,
      lineaId: l.origenLineaId,
      // One-off lines and cargos carry no dates: they are billed with the origin's period.
      desde: l.desde ?? p.desde,
      hasta: l.hasta ?? p.hasta,
    },
  };
};

export { prohibido };
