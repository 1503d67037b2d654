import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Direccion } from '@tvsistema/domain/localizacion';
import type { OrigenFacturado, OrigenTipo } from '@tvsistema/domain/finanzas';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/database.js';
import { rowsOf, type Executor } from '../../db/executor.js';
import { escapeLike } from '../../db/like.js';
import { direccionJsonSql } from '../localizacion/index.js';
import {
  cobros,
  condicionesFacturacion,
  facturaOrigenes,
  facturas,
  verifactuCadenas,
  verifactuEnvios,
  verifactuRegistros,
} from './facturas.table.js';

// The only SQL of finanzas' invoices, credit notes, billed origins and VERI*FACTU records.

export type FacturaRow = typeof facturas.$inferSelect;
export type FacturaInsert = typeof facturas.$inferInsert;
export type CobroRow = typeof cobros.$inferSelect;
export type RegistroRow = typeof verifactuRegistros.$inferSelect;
export type RegistroInsert = typeof verifactuRegistros.$inferInsert;
export type CondicionesRow = typeof condicionesFacturacion.$inferSelect;

// ---- parties ------------------------------------------------------------------------------

export type ParteFiscal = {
  id: string;
  tipo: string;
  empresa: string;
  activo: boolean;
  nombre: string;
  documento: string | null;
  direccion: Direccion;
  cuentaContableCompra: string | null;
};

/** A party as finanzas reads it (partes_fiscales_v plus its address's names). */
export const findParte = async (tx: Executor, id: string): Promise<ParteFiscal | undefined> => {
  const [row] = await rowsOf<ParteFiscal>(
    tx,
    sql`select v.id, v.tipo, v.empresa, v.activo, v.nombre, v.documento,
          v.cuenta_contable_compra as "cuentaContableCompra",
          ${sql.raw(direccionJsonSql('p'))} as direccion
        from partes_fiscales_v v join partes p on p.id = v.id where v.id = ${id}`,
  );
  return row;
};

export const findCondiciones = async (tx: Executor, clienteId: string) => {
  const [row] = await tx
    .select()
    .from(condicionesFacturacion)
    .where(eq(condicionesFacturacion.clienteId, clienteId));
  return row;
};

export const upsertCondiciones = async (
  tx: Executor,
  values: typeof condicionesFacturacion.$inferInsert,
) => {
  await tx
    .insert(condicionesFacturacion)
    .values(values)
    .onConflictDoUpdate({
      target: condicionesFacturacion.clienteId,
      set: {
        ...values,
        updatedAt: sql`now()`,
        version: sql`${condicionesFacturacion.version} + 1`,
      },
    });
};

// ---- invoices -----------------------------------------------------------------------------

export const insertFactura = async (tx: Executor, values: FacturaInsert) => {
  const [row] = await tx.insert(facturas).values(values).returning();
  if (!row) throw new Error('insert facturas returned no row');
  return row;
};

export const updateFactura = async (tx: Executor, id: string, values: Partial<FacturaInsert>) => {
  const [row] = await tx
    .update(facturas)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(facturas.id, id))
    .returning();
  if (!row) throw new Error('update facturas returned no row');
  return row;
};

export const deleteFactura = async (tx: Executor, id: string) => {
  await tx.delete(facturas).where(eq(facturas.id, id));
};

export const findFactura = async (tx: Executor, id: string, { lock = false } = {}) => {
  const q = tx.select().from(facturas).where(eq(facturas.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
};

export const findFacturas = async (tx: Executor, ids: readonly string[]) =>
  ids.length === 0
    ? []
    : tx
        .select()
        .from(facturas)
        .where(inArray(facturas.id, [...ids]));

export const notasDe = async (tx: Executor, facturaId: string) =>
  tx
    .select()
    .from(facturas)
    .where(eq(facturas.facturaRectificadaId, facturaId))
    .orderBy(asc(facturas.createdAt));

export const cobrosDe = async (tx: Executor, facturaId: string) =>
  tx
    .select()
    .from(cobros)
    .where(eq(cobros.facturaId, facturaId))
    .orderBy(asc(cobros.fecha), asc(cobros.createdAt));

export const insertCobro = async (tx: Executor, values: typeof cobros.$inferInsert) => {
  const [row] = await tx.insert(cobros).values(values).returning();
  if (!row) throw new Error('insert cobros returned no row');
  return row;
};

export const setContrapartida = async (tx: Executor, id: string, contrapartidaId: string) => {
  await tx.update(cobros).set({ contrapartidaId }).where(eq(cobros.id, id));
};

export const deleteCobro = async (tx: Executor, id: string) => {
  await tx.delete(cobros).where(eq(cobros.id, id));
};

export type FacturaFiltro = {
  empresa: string;
  clase: 'factura' | 'rectificativa';
  estado?: string | undefined;
  clienteId?: string | undefined;
  desde?: string | undefined;
  hasta?: string | undefined;
  origen?: string | undefined;
  search?: string | undefined;
  hoy: string;
};

/**
 * An invoice's list date: its issue date, or a draft's creation day in Madrid (the expression of
 * `facturas_lista_fecha_idx`, so the default order and the date filters walk that index).
 */
const FECHA_LISTA =
  "coalesce(f.fecha_expedicion, (f.created_at at time zone 'Europe/Madrid')::date)";

const whereOf = (f: FacturaFiltro): SQL => {
  const parts: SQL[] = [sql`f.empresa = ${f.empresa}`, sql`f.clase = ${f.clase}`];
  if (f.estado === 'vencida')
    parts.push(sql`f.estado = 'emitida' and f.fecha_vencimiento < ${f.hoy} and f.pendiente <> 0`);
  else if (f.estado === 'emitida')
    parts.push(
      // coalesce: an issued invoice without a due date is not overdue, so it is "emitida".
      sql`f.estado = 'emitida' and not coalesce(f.fecha_vencimiento < ${f.hoy} and f.pendiente <> 0, false)`,
    );
  else if (f.estado) parts.push(sql`f.estado = ${f.estado}`);
  if (f.clienteId) parts.push(sql`f.cliente_id = ${f.clienteId}`);
  if (f.desde) parts.push(sql`${sql.raw(FECHA_LISTA)} >= ${f.desde}`);
  if (f.hasta) parts.push(sql`${sql.raw(FECHA_LISTA)} <= ${f.hasta}`);
  if (f.origen) parts.push(sql`f.origen = ${f.origen}`);
  if (f.search) parts.push(sql`f.busqueda like ${`%${escapeLike(f.search)}%`}`);
  return sql.join(parts, sql` and `);
};

const SORTS: Record<string, string> = {
  fecha: FECHA_LISTA,
  numero: 'f.numero',
  cliente: "f.cliente->>'nombre'",
  total: 'f.importe_total',
  pendiente: 'f.pendiente',
  vencimiento: 'f.fecha_vencimiento',
};

type Sumas = { total: number; base: string; importe: string; pendiente: string; vencido: string };

/** Without filters besides empresa, clase and estado, the list's footer comes from `facturas_sumas`. */
const soloEstado = (f: FacturaFiltro) =>
  !f.clienteId && !f.desde && !f.hasta && !f.origen && !f.search;

/** The footer summed over the matching invoices (a filtered list). */
const sumasDeFilas = (hoy: string, where: SQL) =>
  sql`select count(*)::int as total,
        coalesce(sum(f.base_imponible) filter (where f.estado not in ('borrador','anulada')), 0)::numeric(18,2)::text as base,
        coalesce(sum(f.importe_total) filter (where f.estado not in ('borrador','anulada')), 0)::numeric(18,2)::text as importe,
        coalesce(sum(f.pendiente) filter (where f.estado = 'emitida'), 0)::numeric(18,2)::text as pendiente,
        coalesce(sum(f.pendiente) filter (where f.estado = 'emitida' and f.fecha_vencimiento < ${hoy}), 0)::numeric(18,2)::text as vencido
      from facturas f where ${where}`;

/**
 * The same footer from the per-estado counters and the overdue invoices (issued, past due, unpaid:
 * few, read through the partial index on issued ones). "vencida" and "emitida" are split by `hoy`
 * (whereOf): the overdue ones, and the issued ones without them.
 */
const sumasDeContadores = (f: FacturaFiltro) => {
  const cuenta = (estado: string | undefined) =>
    estado === undefined ? sql`true` : sql`c.estado = ${estado}`;
  const facturado = sql`c.estado not in ('borrador', 'anulada')`;
  const base = sql`with c as (
        select estado, n, base, importe, pendiente from facturas_sumas
        where empresa = ${f.empresa} and clase = ${f.clase}),
      v as (
        select count(*) as n, coalesce(sum(base_imponible), 0) as base,
               coalesce(sum(importe_total), 0) as importe, coalesce(sum(pendiente), 0) as pendiente
        from facturas where empresa = ${f.empresa} and clase = ${f.clase} and estado = 'emitida'
          and fecha_vencimiento < ${f.hoy} and pendiente <> 0)`;
  const texto = (x: SQL) => sql`(${x})::numeric(18,2)::text`;
  if (f.estado === 'vencida')
    return sql`${base} select v.n::int as total, ${texto(sql`v.base`)} as base,
      ${texto(sql`v.importe`)} as importe, ${texto(sql`v.pendiente`)} as pendiente,
      ${texto(sql`v.pendiente`)} as vencido from v`;
  if (f.estado === 'emitida')
    return sql`${base} select (coalesce(sum(c.n), 0) - v.n)::int as total,
      ${texto(sql`coalesce(sum(c.base), 0) - v.base`)} as base,
      ${texto(sql`coalesce(sum(c.importe), 0) - v.importe`)} as importe,
      ${texto(sql`coalesce(sum(c.pendiente), 0) - v.pendiente`)} as pendiente, '0.00' as vencido
      from v left join c on c.estado = 'emitida' group by v.n, v.base, v.importe, v.pendiente`;
  return sql`${base} select coalesce(sum(c.n), 0)::int as total,
      ${texto(sql`coalesce(sum(c.base) filter (where ${facturado}), 0)`)} as base,
      ${texto(sql`coalesce(sum(c.importe) filter (where ${facturado}), 0)`)} as importe,
      ${texto(sql`coalesce(sum(c.pendiente) filter (where c.estado = 'emitida'), 0)`)} as pendiente,
      ${texto(f.estado === undefined ? sql`max(v.pendiente)` : sql`0`)} as vencido
    from v left join c on ${cuenta(f.estado)} group by v.n`;
};

export const pageOfFacturas = async (
  tx: Executor,
  filtro: FacturaFiltro,
  { field, direction }: { field: string; direction: 'asc' | 'desc' },
  { limit, offset }: { limit: number; offset: number },
) => {
  const where = whereOf(filtro);
  const order = sql.raw(
    `${SORTS[field] ?? SORTS['fecha']} ${direction} nulls last, f.created_at ${direction}, f.id`,
  );
  const rows = await rowsOf<{ id: string }>(
    tx,
    sql`select f.id from facturas f where ${where} order by ${order} limit ${limit} offset ${offset}`,
  );
  const [totals] = await rowsOf<Sumas>(
    tx,
    soloEstado(filtro) ? sumasDeContadores(filtro) : sumasDeFilas(filtro.hoy, where),
  );
  const ids = rows.map((r) => r.id);
  const byId = new Map((await findFacturas(tx, ids)).map((r) => [r.id, r]));
  return {
    rows: ids.map((id) => byId.get(id)).filter((r): r is FacturaRow => Boolean(r)),
    total: totals?.total ?? 0,
    sumas: {
      base: totals?.base ?? '0',
      total: totals?.importe ?? '0',
      pendiente: totals?.pendiente ?? '0',
      vencido: totals?.vencido ?? '0',
    },
  };
};

/** Issued invoices and notas of a period, for the books and the 347. */
export const facturasEmitidasEntre = async (
  tx: Executor,
  empresa: string,
  desde: string,
  hasta: string,
) =>
  tx
    .select()
    .from(facturas)
    .where(
      and(
        eq(facturas.empresa, empresa),
        sql`${facturas.estado} in ('emitida', 'cobrada', 'rectificada')`,
        sql`${facturas.fechaExpedicion} between ${desde} and ${hasta}`,
      ),
    )
    .orderBy(asc(facturas.fechaExpedicion), asc(facturas.serie), asc(facturas.secuencial));

/** What the libro registro de facturas expedidas reads of an invoice (rule 17). */
export const columnasLibroExpedidas = {
  id: facturas.id,
  tipoFactura: facturas.tipoFactura,
  serie: facturas.serie,
  secuencial: facturas.secuencial,
  numero: facturas.numero,
  fechaExpedicion: facturas.fechaExpedicion,
  fechaOperacion: facturas.fechaOperacion,
  cliente: facturas.cliente,
  desglose: facturas.desglose,
  importeTotal: facturas.importeTotal,
  retencion: facturas.retencion,
  retencionPct: facturas.retencionPct,
};

export type FacturaLibro = Pick<FacturaRow, keyof typeof columnasLibroExpedidas>;

/**
 * A read of many rows in batches from one snapshot (`Database.lotesDeUnaInstantanea`), each row
 * mapped from its driver values to `columnas`' fields as a Drizzle select would.
 */
export async function* lotesDeColumnas<Row>(
  database: Database,
  columnas: Record<string, PgColumn>,
  query: SQL,
  lote: number,
): AsyncGenerator<Row[]> {
  const campos = Object.entries(columnas);
  for await (const filas of database.lotesDeUnaInstantanea(query, lote))
    yield filas.map((fila) => {
      const fuera: Record<string, unknown> = {};
      for (const [campo, columna] of campos) {
        const valor = fila[columna.name];
        fuera[campo] =
          valor === null || valor === undefined ? null : columna.mapFromDriverValue(valor);
      }
      return fuera as Row;
    });
}

/**
 * Rule 17's book in batches of `lote` (finanzas.md §10: streamed, so neither the first byte nor
 * the memory grow with the year): the issued invoices of `desde`–`hasta` in the book's order
 * (fecha de expedición, serie, número; `facturas_libro_idx`), all of one snapshot taken at the
 * first batch, so an invoice issued or annulled while the book streams changes none of its rows.
 */
export const facturasEmitidasPorLotes = (
  database: Database,
  empresa: string,
  desde: string,
  hasta: string,
  lote = 500,
): AsyncGenerator<FacturaLibro[]> =>
  lotesDeColumnas<FacturaLibro>(
    database,
    columnasLibroExpedidas,
    database.db
      .select(columnasLibroExpedidas)
      .from(facturas)
      .where(
        and(
          eq(facturas.empresa, empresa),
          sql`${facturas.estado} in ('emitida', 'cobrada', 'rectificada')`,
          sql`${facturas.fechaExpedicion} between ${desde} and ${hasta}`,
        ),
      )
      .orderBy(
        asc(facturas.fechaExpedicion),
        asc(facturas.serie),
        asc(facturas.secuencial),
        asc(facturas.id),
      )
      .getSQL(),
    lote,
  );

export const cobrosEnEfectivo = async (tx: Executor, ids: readonly string[]) =>
  ids.length === 0
    ? []
    : tx
        .select()
        .from(cobros)
        .where(and(inArray(cobros.facturaId, [...ids]), eq(cobros.medio, 'efectivo')));

// ---- billed origins -----------------------------------------------------------------------

export type OrigenInsert = {
  facturaId: string;
  lineaId: string;
  origenTipo: OrigenTipo;
  origenId: string;
  origenNumero: string;
  origenLineaId: string;
  desde: string | null;
  hasta: string | null;
};

/** The active reservations another invoice holds over these origins (for the 409's text). */
export const origenesOcupados = async (
  tx: Executor,
  facturaId: string | null,
  origenes: readonly OrigenInsert[],
) => {
  if (origenes.length === 0) return [];
  const values = origenes.map(
    (o) =>
      sql`(${o.origenTipo}::text, ${o.origenId}::uuid, ${o.origenLineaId}::text, ${o.desde}::date, ${o.hasta}::date, ${o.origenNumero}::text)`,
  );
  return rowsOf<{
    origenTipo: string;
    origenNumero: string;
    desde: string | null;
    hasta: string | null;
    numero: string | null;
  }>(
    tx,
    sql`select distinct q.tipo as "origenTipo", q.numero as "origenNumero",
          to_char(q.desde, 'YYYY-MM-DD') as desde, to_char(q.hasta, 'YYYY-MM-DD') as hasta,
          f.numero
        from (values ${sql.join(values, sql`, `)}) as q(tipo, id, linea, desde, hasta, numero)
        join factura_origenes o on o.activo and o.origen_tipo = q.tipo and o.origen_id = q.id
          and (q.tipo = 'albaran' or (o.origen_linea_id = q.linea
            and o.periodo && daterange(q.desde, q.hasta, '[]')))
        join facturas f on f.id = o.factura_id
        where ${facturaId ? sql`o.factura_id <> ${facturaId}` : sql`true`}`,
  );
};

export const insertOrigenes = async (tx: Executor, origenes: readonly OrigenInsert[]) => {
  for (const o of origenes) {
    await tx.execute(
      sql`insert into factura_origenes
            (factura_id, linea_id, origen_tipo, origen_id, origen_numero, origen_linea_id, periodo)
          values (${o.facturaId}, ${o.lineaId}, ${o.origenTipo}, ${o.origenId}, ${o.origenNumero},
            ${o.origenLineaId},
            ${o.desde && o.hasta ? sql`daterange(${o.desde}::date, ${o.hasta}::date, '[]')` : sql`null`})`,
    );
  }
};

export const borrarOrigenes = async (tx: Executor, facturaId: string) => {
  await tx.delete(facturaOrigenes).where(eq(facturaOrigenes.facturaId, facturaId));
};

export const desactivarOrigenes = async (tx: Executor, facturaId: string) => {
  await tx
    .update(facturaOrigenes)
    .set({ activo: false })
    .where(eq(facturaOrigenes.facturaId, facturaId));
};

/**
 * The view facturacion_origenes_v for some origins. The ids travel as one array parameter: a list of one parameter per id broke past 65,535 of
 * them (the protocol's limit), which the export of 100,000 transport albaranes reached.
 */
export const leerFacturacionOrigenes = async (
  tx: Executor,
  origenTipo: OrigenTipo,
  origenIds: readonly string[],
): Promise<OrigenFacturado[]> =>
  origenIds.length === 0
    ? []
    : rowsOf<OrigenFacturado>(
        tx,
        sql`select origen_tipo as "origenTipo", origen_id as "origenId",
              origen_linea_id as "origenLineaId", to_char(desde, 'YYYY-MM-DD') as desde,
              to_char(hasta, 'YYYY-MM-DD') as hasta, factura_id as "facturaId",
              factura_numero as "facturaNumero", factura_estado as "facturaEstado"
            from facturacion_origenes_v
            where origen_tipo = ${origenTipo}
              and origen_id = any(${`{${origenIds.join(',')}}`}::uuid[])
            order by desde nulls first`,
      );

/** The lines of some invoices (an origin's billed periods sum their bases). */
export const lineasDeFacturas = async (tx: Executor, ids: readonly string[]) =>
  ids.length === 0
    ? []
    : tx
        .select({ id: facturas.id, lineas: facturas.lineas })
        .from(facturas)
        .where(inArray(facturas.id, [...ids]));

// ---- VERI*FACTU ---------------------------------------------------------------------------

/** Locks (creating it if needed) the chain head of an NIF for the rest of the transaction. */
export const bloquearCadena = async (tx: Executor, nif: string) => {
  await tx.insert(verifactuCadenas).values({ nif }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(verifactuCadenas)
    .where(eq(verifactuCadenas.nif, nif))
    .for('update');
  if (!row) throw new Error('verifactu_cadenas: no head row');
  return row;
};

export const insertRegistro = async (tx: Executor, values: RegistroInsert) => {
  const [row] = await tx.insert(verifactuRegistros).values(values).returning();
  if (!row) throw new Error('insert verifactu_registros returned no row');
  await tx
    .update(verifactuCadenas)
    .set({
      ultimoOrden: row.orden,
      ultimaHuella: row.huella,
      ultimoNumSerie: row.numSerieFactura,
      ultimaFecha: row.fechaExpedicionFactura,
    })
    .where(eq(verifactuCadenas.nif, row.nif));
  return row;
};

export const insertEnvio = async (tx: Executor, values: typeof verifactuEnvios.$inferInsert) => {
  await tx.insert(verifactuEnvios).values(values);
};

export const registrosDeFactura = async (tx: Executor, facturaId: string) =>
  rowsOf<
    RegistroRow & {
      estado: string | null;
      csvAeat: string | null;
      codigoError: string | null;
      descripcionError: string | null;
    }
  >(tx, sql`${registrosSelect} where r.factura_id = ${facturaId} order by r.orden`);

const registrosSelect = sql`select r.orden, r.empresa, r.nif, r.tipo, r.subsanacion,
    r.rechazo_previo as "rechazoPrevio", r.factura_id as "facturaId",
    r.num_serie_factura as "numSerieFactura",
    to_char(r.fecha_expedicion_factura, 'YYYY-MM-DD') as "fechaExpedicionFactura",
    r.tipo_factura as "tipoFactura", r.cuota_total::text as "cuotaTotal",
    r.importe_total::text as "importeTotal", r.registro_anterior_orden as "registroAnteriorOrden",
    r.huella_anterior as "huellaAnterior",
    r.fecha_hora_huso_gen_registro as "fechaHoraHusoGenRegistro", r.cadena, r.huella,
    r.contenido, r.created_at as "createdAt", e.estado, e.csv_aeat as "csvAeat",
    e.codigo_error as "codigoError", e.descripcion_error as "descripcionError"
  from verifactu_registros r
  left join lateral (select * from verifactu_envios v where v.registro_orden = r.orden
    order by v.id desc limit 1) e on true`;

export type RegistroFiltro = {
  empresa: string;
  desde?: string | undefined;
  hasta?: string | undefined;
  tipo?: string | undefined;
  estado?: string | undefined;
  facturaId?: string | undefined;
};

const registroWhere = (f: RegistroFiltro) => {
  const parts: SQL[] = [sql`r.empresa = ${f.empresa}`];
  if (f.desde) parts.push(sql`left(r.fecha_hora_huso_gen_registro, 10) >= ${f.desde}`);
  if (f.hasta) parts.push(sql`left(r.fecha_hora_huso_gen_registro, 10) <= ${f.hasta}`);
  if (f.tipo) parts.push(sql`r.tipo = ${f.tipo}`);
  if (f.estado) parts.push(sql`coalesce(e.estado, 'pendiente') = ${f.estado}`);
  if (f.facturaId) parts.push(sql`r.factura_id = ${f.facturaId}`);
  return sql.join(parts, sql` and `);
};

export const pageOfRegistros = async (
  tx: Executor,
  f: RegistroFiltro,
  asc_: boolean,
  { limit, offset }: { limit: number; offset: number },
) => {
  const where = registroWhere(f);
  const rows = await rowsOf<Record<string, unknown>>(
    tx,
    sql`${registrosSelect} where ${where} order by r.orden ${sql.raw(asc_ ? 'asc' : 'desc')}
        limit ${limit} offset ${offset}`,
  );
  const [c] = await rowsOf<{ total: number }>(
    tx,
    sql`select count(*)::int as total from verifactu_registros r
        left join lateral (select * from verifactu_envios v where v.registro_orden = r.orden
          order by v.id desc limit 1) e on true where ${where}`,
  );
  return { rows, total: c?.total ?? 0 };
};

export const resumenRegistros = async (tx: Executor, empresa: string) => {
  const [row] = await rowsOf<{
    registros: number;
    pendientes: number;
    rechazados: number;
    ultimaHuella: string | null;
  }>(
    tx,
    sql`select count(*)::int as registros,
          count(*) filter (where coalesce(e.estado, 'pendiente') = 'pendiente')::int as pendientes,
          count(*) filter (where e.estado = 'rechazado')::int as rechazados,
          (select huella from verifactu_registros where empresa = ${empresa} order by orden desc limit 1) as "ultimaHuella"
        from verifactu_registros r
        left join lateral (select * from verifactu_envios v where v.registro_orden = r.orden
          order by v.id desc limit 1) e on true where r.empresa = ${empresa}`,
  );
  return row;
};

/** Every record of an NIF in chain order, in batches (verificar cadena). */
export const registrosDeCadena = async (
  tx: Executor,
  nif: string,
  desdeOrden: number,
  limit: number,
) =>
  tx
    .select({
      orden: verifactuRegistros.orden,
      tipo: verifactuRegistros.tipo,
      numSerieFactura: verifactuRegistros.numSerieFactura,
      cadena: verifactuRegistros.cadena,
      huella: verifactuRegistros.huella,
      huellaAnterior: verifactuRegistros.huellaAnterior,
    })
    .from(verifactuRegistros)
    .where(and(eq(verifactuRegistros.nif, nif), sql`${verifactuRegistros.orden} > ${desdeOrden}`))
    .orderBy(asc(verifactuRegistros.orden))
    .limit(limit);

export const ultimoRegistro = async (tx: Executor, facturaId: string) => {
  const [row] = await tx
    .select()
    .from(verifactuRegistros)
    .where(eq(verifactuRegistros.facturaId, facturaId))
    .orderBy(desc(verifactuRegistros.orden))
    .limit(1);
  return row;
};

export const findRegistro = async (tx: Executor, orden: number) => {
  const [row] = await rowsOf<RegistroRow & { estado: string | null }>(
    tx,
    sql`${registrosSelect} where r.orden = ${orden}`,
  );
  return row;
};

export const hayRegistrosDeNif = async (tx: Executor, nif: string) => {
  const [row] = await rowsOf<{ n: number }>(
    tx,
    sql`select count(*)::int as n from verifactu_registros where nif = ${nif}`,
  );
  return (row?.n ?? 0) > 0;
};

/** A party of the demo world by its name (finanzas' seed). */
export const parteDemo = async (tx: Executor, tipo: string, empresa: string, nombre: string) => {
  const [row] = await rowsOf<{ id: string }>(
    tx,
    sql`select id from partes_fiscales_v where tipo = ${tipo} and empresa = ${empresa} and nombre = ${nombre} limit 1`,
  );
  return row?.id;
};

export const hayFacturas = async (tx: Executor) => {
  const [row] = await rowsOf<{ n: number }>(tx, sql`select count(*)::int as n from facturas`);
  return (row?.n ?? 0) > 0;
};

// ---- VERI*FACTU envío (rule 13's worker) ------------------------------------------------------

/** A record still to send: its last envío pendiente or error_conexion (or none yet). */
const porEnviar = sql`coalesce((select v.estado from verifactu_envios v
    where v.registro_orden = r.orden order by v.id desc limit 1), 'pendiente')
    in ('pendiente', 'error_conexion')`;

/** The NIFs with records still to send, the one with the oldest first. */
export const nifsPorEnviar = async (tx: Executor) =>
  (
    await rowsOf<{ nif: string }>(
      tx,
      sql`select r.nif from verifactu_registros r where ${porEnviar}
        group by r.nif order by min(r.orden)`,
    )
  ).map((r) => r.nif);

export type RegistroPorEnviar = RegistroRow & { intento: number };

/**
 * Rule 13: the NIF's next envío — its records still to send, in chain order, at most `limite`,
 * locked FOR UPDATE SKIP LOCKED until the transaction ends. Empty when another replica holds the
 * NIF's first one (it is sending them): the chain goes to the AEAT in order.
 */
export const bloquearLoteVerifactu = async (
  tx: Executor,
  nif: string,
  limite: number,
): Promise<RegistroPorEnviar[]> => {
  const [primero] = await rowsOf<{ orden: string | number | null }>(
    tx,
    sql`select min(r.orden) as orden from verifactu_registros r where r.nif = ${nif} and ${porEnviar}`,
  );
  const lote = await rowsOf<RegistroPorEnviar>(
    tx,
    sql`select r.orden, r.empresa, r.nif, r.tipo, r.subsanacion,
        r.rechazo_previo as "rechazoPrevio", r.factura_id as "facturaId",
        r.num_serie_factura as "numSerieFactura",
        to_char(r.fecha_expedicion_factura, 'YYYY-MM-DD') as "fechaExpedicionFactura",
        r.tipo_factura as "tipoFactura", r.cuota_total::text as "cuotaTotal",
        r.importe_total::text as "importeTotal",
        r.registro_anterior_orden as "registroAnteriorOrden", r.huella_anterior as "huellaAnterior",
        r.fecha_hora_huso_gen_registro as "fechaHoraHusoGenRegistro", r.cadena, r.huella,
        r.contenido, r.created_at as "createdAt",
        (select count(*) from verifactu_envios v
          where v.registro_orden = r.orden and v.estado <> 'pendiente') + 1 as intento
      from verifactu_registros r
      where r.nif = ${nif} and ${porEnviar}
      order by r.orden
      limit ${limite}
      for update of r skip locked`,
  );
  // bigint and count come back as text from node-postgres.
  const filas = lote.map((r) => ({
    ...r,
    orden: Number(r.orden),
    registroAnteriorOrden:
      r.registroAnteriorOrden === null ? null : Number(r.registroAnteriorOrden),
    intento: Number(r.intento),
  }));
  return primero?.orden !== null && filas[0]?.orden === Number(primero?.orden) ? filas : [];
};

/** The records of these órdenes, as the next record's Encadenamiento names them. */
export const registrosAnteriores = async (tx: Executor, ordenes: readonly number[]) =>
  ordenes.length === 0
    ? []
    : (
        await rowsOf<{
          orden: string | number;
          nif: string;
          numSerieFactura: string;
          fechaExpedicionFactura: string;
          huella: string;
        }>(
          tx,
          sql`select r.orden, r.nif, r.num_serie_factura as "numSerieFactura",
            to_char(r.fecha_expedicion_factura, 'YYYY-MM-DD') as "fechaExpedicionFactura", r.huella
          from verifactu_registros r
          where r.orden in (${sql.join(
            ordenes.map((o) => sql`${o}`),
            sql`, `,
          )})`,
        )
      ).map((r) => ({ ...r, orden: Number(r.orden) }));
