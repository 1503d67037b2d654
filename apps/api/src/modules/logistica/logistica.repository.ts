import { and, asc, desc, eq, getTableColumns, gt, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { Database, PreparedValue } from '../../db/database.js';
import type { Executor } from '../../db/executor.js';
import { rowsOf } from '../../db/executor.js';
import { escapeLike } from '../../db/like.js';
import { tables as partesTables } from '../partes/index.js';
import {
  albaranAsignaciones,
  albaranes,
  albaranesTotales,
  albaranFirmas,
  albaranLineas,
  albaranLotes,
  type ClienteAlbaran,
  type DatosTransporte,
} from './logistica.table.js';

// The only SQL of logística: albaranes, their lines, lotes, assignments and signatures.

const { partes } = partesTables;

export type AlbaranRow = typeof albaranes.$inferSelect;
export type AlbaranInsert = typeof albaranes.$inferInsert;
export type LineaRow = typeof albaranLineas.$inferSelect;
export type LineaInsert = Omit<typeof albaranLineas.$inferInsert, 'albaranId'>;
export type LoteRow = typeof albaranLotes.$inferSelect;

export const findParte = async (
  tx: Executor,
  id: string,
  tipo: 'cliente' | 'proveedor',
  empresa: 'alquileres' | 'transporte',
) => {
  const [row] = await tx
    .select({
      _id: partes.id,
      nombre: partes.nombre,
      documento: partes.documento,
      activo: partes.activo,
    })
    .from(partes)
    .where(and(eq(partes.id, id), eq(partes.tipo, tipo), eq(partes.empresa, empresa)));
  return row;
};

export const findAlbaran = async (tx: Executor, id: string, { lock = false } = {}) => {
  const q = tx.select().from(albaranes).where(eq(albaranes.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
};

export const insertAlbaran = async (tx: Executor, values: AlbaranInsert) => {
  const [row] = await tx.insert(albaranes).values(values).returning();
  return row as AlbaranRow;
};

export const updateAlbaran = async (tx: Executor, id: string, values: Partial<AlbaranInsert>) => {
  const [row] = await tx
    .update(albaranes)
    .set({ ...values, updatedAt: new Date(), version: sql`${albaranes.version} + 1` })
    .where(eq(albaranes.id, id))
    .returning();
  return row as AlbaranRow;
};

export const deleteAlbaran = (tx: Executor, id: string) =>
  tx.delete(albaranes).where(eq(albaranes.id, id));

export const lineasDe = (tx: Executor, albaranId: string) =>
  tx
    .select()
    .from(albaranLineas)
    .where(eq(albaranLineas.albaranId, albaranId))
    .orderBy(asc(albaranLineas.orden));

export const reemplazarLineas = async (tx: Executor, albaranId: string, lineas: LineaInsert[]) => {
  await tx.delete(albaranLineas).where(eq(albaranLineas.albaranId, albaranId));
  if (lineas.length === 0) return [];
  return tx
    .insert(albaranLineas)
    .values(lineas.map((l) => ({ ...l, albaranId })))
    .returning();
};

export const updateLinea = (tx: Executor, id: string, values: Partial<LineaInsert>) =>
  tx.update(albaranLineas).set(values).where(eq(albaranLineas.id, id));

/** R15: a live albarán of the client with that reference, other than `exceptoId`. */
export const findPorReferencia = async (
  tx: Executor,
  empresa: string,
  clienteId: string,
  referencia: string,
  exceptoId?: string,
) => {
  const [row] = await tx
    .select({ id: albaranes.id, numero: albaranes.numero })
    .from(albaranes)
    .where(
      and(
        eq(albaranes.empresa, empresa),
        eq(albaranes.clienteId, clienteId),
        eq(albaranes.referenciaExterna, referencia),
        ne(albaranes.estado, 'anulado'),
        exceptoId ? ne(albaranes.id, exceptoId) : sql`true`,
      ),
    );
  return row;
};

// ---- lotes (§2.2) --------------------------------------------------------------------------

export type LoteSaldoRow = LoteRow & { numero: string };

/** The alquiler's lotes with something on site, oldest first, locked when asked. */
export const lotesConSaldo = async (tx: Executor, alquilerId: string, { lock = false } = {}) => {
  const q = tx
    .select({ lote: albaranLotes, numero: albaranes.numero })
    .from(albaranLotes)
    .innerJoin(albaranes, eq(albaranes.id, albaranLotes.entregaId))
    .where(
      and(
        eq(albaranLotes.alquilerId, alquilerId),
        gt(albaranLotes.pendiente, 0),
        ne(albaranes.estado, 'anulado'),
      ),
    )
    .orderBy(asc(albaranLotes.fecha), asc(albaranLotes.id));
  const rows = lock ? await q.for('update', { of: albaranLotes }) : await q;
  return rows.map((r) => ({ ...r.lote, numero: r.numero ?? '' }));
};

/** Units delivered so far per article by the alquiler's live entregas. */
export const entregadoPorArticulo = async (tx: Executor, alquilerId: string) => {
  const rows = await tx
    .select({
      articuloId: albaranLotes.articuloId,
      total: sql<number>`sum(${albaranLotes.cantidad})::int`,
    })
    .from(albaranLotes)
    .innerJoin(albaranes, eq(albaranes.id, albaranLotes.entregaId))
    .where(and(eq(albaranLotes.alquilerId, alquilerId), ne(albaranes.estado, 'anulado')))
    .groupBy(albaranLotes.articuloId);
  return new Map(rows.map((r) => [r.articuloId, Number(r.total)]));
};

export const insertLotes = async (tx: Executor, lotes: (typeof albaranLotes.$inferInsert)[]) => {
  if (lotes.length > 0) await tx.insert(albaranLotes).values(lotes);
};

export const sumarPendiente = (tx: Executor, loteId: string, delta: number) =>
  tx
    .update(albaranLotes)
    .set({ pendiente: sql`${albaranLotes.pendiente} + ${delta}` })
    .where(eq(albaranLotes.id, loteId));

export const vaciarLotesDeEntrega = (tx: Executor, entregaId: string) =>
  tx.update(albaranLotes).set({ pendiente: 0 }).where(eq(albaranLotes.entregaId, entregaId));

export const insertAsignaciones = async (
  tx: Executor,
  rows: (typeof albaranAsignaciones.$inferInsert)[],
) => {
  if (rows.length > 0) await tx.insert(albaranAsignaciones).values(rows);
};

/** The assignments of a recogida's lines, with the entrega each lote came from. */
export const asignacionesDe = (tx: Executor, lineaIds: string[]) =>
  lineaIds.length === 0
    ? Promise.resolve([])
    : tx
        .select({
          recogidaLineaId: albaranAsignaciones.recogidaLineaId,
          loteId: albaranAsignaciones.loteId,
          cantidad: albaranAsignaciones.cantidad,
          entregaId: albaranLotes.entregaId,
          fecha: albaranLotes.fecha,
          numero: albaranes.numero,
        })
        .from(albaranAsignaciones)
        .innerJoin(albaranLotes, eq(albaranLotes.id, albaranAsignaciones.loteId))
        .innerJoin(albaranes, eq(albaranes.id, albaranLotes.entregaId))
        .where(inArray(albaranAsignaciones.recogidaLineaId, lineaIds))
        .orderBy(asc(albaranLotes.fecha), asc(albaranLotes.id));

/**
 * §5 "Devoluciones" and "Asignación": every assignment of the given lotes with its recogida, and
 * the lote's line (article) and delivered quantity.
 */
export const asignacionesDeLotes = (
  tx: Executor,
  where: { entregaId: string } | { loteIds: string[] },
) =>
  rowsOf<{
    loteId: string;
    lineaId: string;
    articuloId: string;
    loteCantidad: number;
    pendiente: number;
    cantidad: number | null;
    recogidaId: string | null;
    recogidaNumero: string | null;
    recogidaEstado: string | null;
  }>(
    tx,
    sql`select l.id as "loteId", l.linea_id as "lineaId", l.articulo_id as "articuloId",
               l.cantidad::int as "loteCantidad", l.pendiente::int as pendiente,
               s.cantidad::int as cantidad, r.id as "recogidaId", r.numero as "recogidaNumero",
               r.estado as "recogidaEstado"
          from albaran_lotes l
          left join albaran_asignaciones s on s.lote_id = l.id
          left join albaran_lineas rl on rl.id = s.recogida_linea_id
          left join albaranes r on r.id = rl.albaran_id
        where ${
          'entregaId' in where
            ? sql`l.entrega_id = ${where.entregaId}`
            : where.loteIds.length === 0
              ? sql`false`
              : sql`l.id in (${sql.join(
                  where.loteIds.map((id) => sql`${id}`),
                  sql`, `,
                )})`
        }
        order by l.fecha, l.id, r.numero nulls last`,
  );

/** R8: a live recogida that returns units of this entrega. */
export const recogidaVivaDeEntrega = async (tx: Executor, entregaId: string) => {
  const [row] = await rowsOf<{ numero: string | null }>(
    tx,
    sql`select r.numero from albaran_asignaciones s
          join albaran_lotes l on l.id = s.lote_id
          join albaran_lineas rl on rl.id = s.recogida_linea_id
          join albaranes r on r.id = rl.albaran_id
        where l.entrega_id = ${entregaId} and r.estado <> 'anulado'
        order by r.fecha limit 1`,
  );
  return row;
};

// ---- firmas --------------------------------------------------------------------------------

export const insertFirma = async (
  tx: Executor,
  values: { albaranId: string; sha256: string; bytes: number; png: Buffer },
) => {
  const [row] = await tx.insert(albaranFirmas).values(values).returning({ id: albaranFirmas.id });
  return row?.id as string;
};

export const findFirma = async (tx: Executor, id: string) => {
  const [row] = await tx.select().from(albaranFirmas).where(eq(albaranFirmas.id, id));
  return row;
};

// ---- list ------------------------------------------------------------------------------------

export type Filtros = {
  empresa: string;
  clase: 'alquiler' | 'transporte';
  tipo?: string | undefined;
  estado?: string | undefined;
  desde?: string | undefined;
  hasta?: string | undefined;
  clienteId?: string | undefined;
  alquilerId?: string | undefined;
  camionId?: string | undefined;
  firmado?: boolean | undefined;
  importacionId?: string | undefined;
  busqueda?: string | undefined;
  /** Transport: with (true) or without (false, "Sin facturar") an active factura. */
  facturado?: boolean | undefined;
  /** Transport: "Documento de control incompleto" (R10, not exento). */
  incompleto?: boolean | undefined;
};

const condiciones = (f: Filtros): SQL => {
  const c: SQL[] = [eq(albaranes.empresa, f.empresa), eq(albaranes.clase, f.clase)];
  if (f.tipo) c.push(eq(albaranes.tipo, f.tipo));
  if (f.estado) c.push(eq(albaranes.estado, f.estado));
  if (f.desde) c.push(sql`${albaranes.fecha} >= ${f.desde}`);
  if (f.hasta) c.push(sql`${albaranes.fecha} <= ${f.hasta}`);
  if (f.clienteId) c.push(eq(albaranes.clienteId, f.clienteId));
  if (f.alquilerId) c.push(eq(albaranes.alquilerId, f.alquilerId));
  if (f.camionId) c.push(eq(albaranes.camionId, f.camionId));
  if (f.importacionId) c.push(eq(albaranes.importacionId, f.importacionId));
  if (f.firmado === true) c.push(sql`${albaranes.firma} is not null`);
  if (f.firmado === false)
    c.push(sql`${albaranes.firma} is null and ${albaranes.estado} in ('emitido', 'en_ruta')`);
  if (f.busqueda) c.push(sql`${albaranes.busqueda} like ${`%${escapeLike(f.busqueda)}%`}`);
  if (f.facturado !== undefined)
    c.push(sql.raw(`${facturaSql('albaranes.id')} is ${f.facturado ? 'not ' : ''}null`));
  if (f.incompleto) c.push(sql.raw(`not ${documentoControlCompletoSql('albaranes')}`));
  return and(...c) as SQL;
};

/** §10: a list filtered by no more than empresa, clase, tipo and estado reads its total from
 * the trigger-kept counters (`albaranes_totales`) instead of counting. */
const soloContadores = (f: Filtros) =>
  !f.desde &&
  !f.hasta &&
  !f.clienteId &&
  !f.alquilerId &&
  !f.camionId &&
  !f.importacionId &&
  f.firmado === undefined &&
  !f.busqueda;

const ORDEN = {
  fecha: albaranes.fecha,
  numero: albaranes.numero,
  cliente: sql`${albaranes.cliente}->>'nombre'`,
  estado: albaranes.estado,
} as const;
type Orden = { field: keyof typeof ORDEN; direction: 'asc' | 'desc' };

/**
 * §10: a list's order is its key, then fecha, fecha_hora and id in the same direction, which is
 * what each sort index holds (walked forwards or backwards). fecha is the Madrid day of
 * fecha_hora, so putting it before fecha_hora orders nothing differently.
 */
const ordenDe = ({ field, direction }: Orden) => {
  const dir = direction === 'desc' ? desc : asc;
  return [
    ...(field === 'fecha' ? [] : [dir(ORDEN[field])]),
    dir(albaranes.fecha),
    dir(albaranes.fechaHora),
    dir(albaranes.id),
  ];
};

/** What a list row shows (the service's `aResumen`): a third of the table's columns. */
const COLUMNAS_RESUMEN = {
  id: albaranes.id,
  version: albaranes.version,
  tipo: albaranes.tipo,
  numero: albaranes.numero,
  estado: albaranes.estado,
  fechaHora: albaranes.fechaHora,
  cliente: albaranes.cliente,
  alquilerId: albaranes.alquilerId,
  alquilerNumero: albaranes.alquilerNumero,
  direccionObra: albaranes.direccionObra,
  unidades: albaranes.unidades,
  firma: albaranes.firma,
  referenciaExterna: albaranes.referenciaExterna,
};
export type FilaResumenAlbaran = {
  [K in keyof typeof COLUMNAS_RESUMEN]: AlbaranRow[K];
};

export const pageOfAlbaranes = async (
  tx: Executor,
  f: Filtros,
  {
    sort,
    limit,
    offset,
  }: {
    sort: Orden;
    limit: number;
    offset: number;
  },
) => {
  const where = condiciones(f);
  const [rows, [total]] = await Promise.all([
    tx
      .select(COLUMNAS_RESUMEN)
      .from(albaranes)
      .where(where)
      .orderBy(...ordenDe(sort))
      .limit(limit)
      .offset(offset),
    soloContadores(f)
      ? tx
          .select({ n: sql<number>`coalesce(sum(${albaranesTotales.total}), 0)::int` })
          .from(albaranesTotales)
          .where(
            and(
              eq(albaranesTotales.empresa, f.empresa),
              eq(albaranesTotales.clase, f.clase),
              f.tipo ? eq(albaranesTotales.tipo, f.tipo) : undefined,
              f.estado ? eq(albaranesTotales.estado, f.estado) : undefined,
            ),
          )
      : tx
          .select({ n: sql<number>`count(*)::int` })
          .from(albaranes)
          .where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
};

export const todosLosAlbaranes = (tx: Executor, f: Filtros, sort: Orden) =>
  tx
    .select()
    .from(albaranes)
    .where(condiciones(f))
    .orderBy((sort.direction === 'desc' ? desc : asc)(ORDEN[sort.field]), asc(albaranes.id))
    .limit(100_000);

/**
 * The same rows as `todosLosAlbaranes`, in batches of one snapshot (§10: the CSV's first byte must
 * not wait for 100,000 rows), each mapped from its driver values as a Drizzle select would.
 */
export async function* albaranesPorLotes(
  database: Database,
  f: Filtros,
  sort: Orden,
  lote = 1000,
): AsyncGenerator<AlbaranRow[]> {
  const columnas = Object.entries(getTableColumns(albaranes));
  const query = todosLosAlbaranes(database.db, f, sort).getSQL();
  for await (const filas of database.lotesDeUnaInstantanea<Record<string, unknown>>(query, lote))
    yield filas.map((fila) => {
      const row: Record<string, unknown> = {};
      for (const [campo, columna] of columnas) {
        const valor = fila[columna.name];
        row[campo] =
          valor === null || valor === undefined ? null : columna.mapFromDriverValue(valor);
      }
      return row as AlbaranRow;
    });
}

/** R16: transport albaranes delivered with a price, of a client, up to a date. */
export const albaranesFacturables = (
  tx: Executor,
  q: { hasta: string; desde?: string | undefined; clienteId?: string | undefined },
) =>
  tx
    .select()
    .from(albaranes)
    .where(
      and(
        eq(albaranes.empresa, 'transporte'),
        eq(albaranes.clase, 'transporte'),
        eq(albaranes.estado, 'entregado'),
        sql`${albaranes.precio} is not null`,
        sql`${albaranes.fecha} <= ${q.hasta}`,
        q.desde ? sql`${albaranes.fecha} >= ${q.desde}` : sql`true`,
        q.clienteId ? eq(albaranes.clienteId, q.clienteId) : sql`true`,
      ),
    )
    .orderBy(asc(albaranes.fecha), asc(albaranes.numero));

/** The transport factura of an albarán (at most one active origin row per albarán). */
const facturaSql = (
  id: string,
) => `(select json_build_object('_id', v.factura_id, 'numero', v.factura_numero)
    from facturacion_origenes_v v
   where v.origen_tipo = 'albaran' and v.origen_id = ${id}
     and v.factura_numero <> '' and v.factura_estado <> 'anulada')`;
const emisorSql = (campos: string) =>
  `(select ${campos} from emisores e where e.empresa = 'transporte')`;

const LETRAS_DNI = 'TRWAGMYFPDXBNJZSQVHLCKE';
/**
 * The domain's `checkSpanishDocument(x) === 'valid'` as SQL over `x.d` (upper case, without
 * separators): DNI, NIE and K/L/M letters, CIF control digit or letter.
 */
const DOCUMENTO_VALIDO = (() => {
  const dig = (i: number) => `substr(x.d, ${i}, 1)::int`;
  const doble = (i: number) => `((${dig(i)} * 2) / 10 + (${dig(i)} * 2) % 10)`;
  const cif = `((10 - ((${doble(2)} + ${dig(3)} + ${doble(4)} + ${dig(5)} + ${doble(6)} + ${dig(7)} + ${doble(8)}) % 10)) % 10)`;
  const letra = (numero: string) =>
    `substr('${LETRAS_DNI}'::text, ((${numero})::bigint % 23 + 1)::int, 1) = substr(x.d, 9, 1)`;
  return `case
    when x.d ~ '^[0-9]{8}[A-Z]$' then ${letra('substr(x.d, 1, 8)')}
    when x.d ~ '^[XYZ][0-9]{7}[A-Z]$' then ${letra(`(strpos('XYZ', substr(x.d, 1, 1)) - 1)::text || substr(x.d, 2, 7)`)}
    when x.d ~ '^[KLM][0-9]{7}[A-Z]$' then ${letra('substr(x.d, 2, 7)')}
    when x.d ~ '^[ABCDEFGHJNPQRSUVW][0-9]{7}[0-9]$' then
      substr(x.d, 1, 1) not in ('N', 'P', 'Q', 'R', 'S', 'W') and substr(x.d, 9, 1)::int = ${cif}
    when x.d ~ '^[ABCDEFGHJNPQRSUVW][0-9]{7}[A-J]$' then
      substr(x.d, 1, 1) not in ('A', 'B', 'E', 'H') and substr(x.d, 9, 1) = substr('JABCDEFGHI'::text, ${cif} + 1, 1)
    else false end`;
})();
const documentoValidoSql = (expr: string) =>
  `coalesce((select ${DOCUMENTO_VALIDO} from (select regexp_replace(upper(coalesce(${expr}, '')), '[[:space:].-]', '', 'g') as d) x), false)`;
const presenteSql = (expr: string) => `coalesce(btrim(${expr}), '') <> ''`;

/**
 * R10 over a row `t` of albaranes, as the domain's `faltanDocumentoControl` reads the record:
 * exento, or every art. 6 datum there (own transport's NIF is the emisor's, '' when none is
 * stored, as `emisorPorDefecto`).
 */
export const documentoControlCompletoSql = (
  t: string,
) => `(coalesce((${t}.datos->>'exentoDocumentoControl')::boolean, false) or (
    ${documentoValidoSql(`${t}.cliente->>'documento'`)}
    and ${documentoValidoSql(`case when ${t}.datos->'transportista'->>'tipo' = 'subcontratado'
          then ${t}.datos->'transportista'->'proveedor'->>'documento'
          else ${emisorSql('e.nif')} end`)}
    and ${presenteSql(`${t}.datos->'origen'->'direccion'->>'municipioId'`)}
    and ${presenteSql(`${t}.datos->'destino'->'direccion'->>'municipioId'`)}
    and ${presenteSql(`${t}.datos->'mercancia'->>'descripcion'`)}
    and coalesce(${t}.peso_kg, 0) > 0
    and ${presenteSql(`${t}.matricula`)}
    and ${presenteSql(`${t}.datos->'conductor'->>'nombre'`)}))`;

/**
 * §10: a transport albarán with what its page shows besides the row — the emisor's name and NIF
 * (own transport is the emisor's) and its factura — in one statement.
 */
export const transporteConContexto = async (tx: Executor, id: string) => {
  const [r] = await tx
    .select({
      row: albaranes,
      emisor: sql<{ razonSocial: string; nif: string } | null>`${sql.raw(
        emisorSql(`json_build_object('razonSocial', e.razon_social, 'nif', e.nif)`),
      )}`,
      factura: sql<{
        _id: string;
        numero: string;
      } | null>`${sql.raw(facturaSql('"albaranes"."id"'))}`,
    })
    .from(albaranes)
    .where(eq(albaranes.id, id));
  return r;
};

// ---- the transport list (§10) ----------------------------------------------------------------

/** A row of the transport list: what the summary shows and what R10's check reads. */
export type FilaTransporte = {
  id: string;
  version: number;
  numero: string | null;
  estado: string;
  fecha: string;
  cliente: ClienteAlbaran;
  origen: string | null;
  destino: string | null;
  matricula: string | null;
  conductor: string | null;
  pesoKg: number | null;
  precio: string | null;
  transportista: DatosTransporte['transportista'];
  origenMunicipioId: string | null;
  destinoMunicipioId: string | null;
  mercancia: string | null;
  exento: boolean;
  factura: { _id: string; numero: string } | null;
};

const ORDEN_SQL = {
  fecha: 'a.fecha',
  numero: 'a.numero',
  cliente: "(a.cliente->>'nombre')",
  estado: 'a.estado',
} as const satisfies Record<Orden['field'], string>;

/**
 * One page of transport albaranes, its total and the transport emisor's NIF in one prepared
 * statement (decision 0010's way: PGlite plans every statement anew, and each statement costs a
 * round of the API's single thread). Without a filter beyond estado the page walks a sort index
 * and the total comes from the counters (`albaranes_totales`); with one, the matches are collected
 * once in a CTE read twice, to count and to page (decision 0009). The factura is finanzas' view
 * `facturacion_origenes_v` (its record for other modules; an albarán has at most one active
 * origin row, `factura_origenes_albaran_key`), the NIF finanzas' `emisores` row.
 */
export const paginaDeTransporte = async (
  database: Database,
  f: Omit<Filtros, 'empresa' | 'clase' | 'tipo' | 'alquilerId' | 'firmado'>,
  { sort, limit, offset }: { sort: Orden; limit: number; offset: number },
) => {
  const valores: PreparedValue[] = [];
  const p = (v: PreparedValue) => {
    valores.push(v);
    return `$${valores.length}`;
  };
  const c = [`a.empresa = 'transporte'`, `a.clase = 'transporte'`];
  const estado = f.estado ? p(f.estado) : undefined;
  if (estado) c.push(`a.estado = ${estado}`);
  if (f.desde) c.push(`a.fecha >= ${p(f.desde)}::date`);
  if (f.hasta) c.push(`a.fecha <= ${p(f.hasta)}::date`);
  if (f.clienteId) c.push(`a.cliente_id = ${p(f.clienteId)}::uuid`);
  if (f.camionId) c.push(`a.camion_id = ${p(f.camionId)}::uuid`);
  if (f.importacionId) c.push(`a.importacion_id = ${p(f.importacionId)}::uuid`);
  if (f.busqueda) c.push(`a.busqueda like ${p(`%${escapeLike(f.busqueda)}%`)}`);
  if (f.facturado !== undefined)
    c.push(`${facturaSql('a.id')} is ${f.facturado ? 'not ' : ''}null`);
  if (f.incompleto) c.push(`not ${documentoControlCompletoSql('a')}`);
  const donde = c.join(' and ');
  const d = sort.direction;
  const clave = ORDEN_SQL[sort.field];
  const orden = (t: string, k: string) =>
    `${sort.field === 'fecha' ? '' : `${k} ${d}, `}${t}.fecha ${d}, ${t}.fecha_hora ${d}, ${t}.id ${d}`;
  const lim = `limit ${p(limit)} offset ${p(offset)}`;
  const contadores =
    !f.desde &&
    !f.hasta &&
    !f.clienteId &&
    !f.camionId &&
    !f.importacionId &&
    !f.busqueda &&
    f.facturado === undefined &&
    !f.incompleto;
  const pagina = contadores
    ? `select a.* from albaranes a where ${donde} order by ${orden('a', clave)} ${lim}`
    : `select a.* from (select m.id, m.fecha, m.fecha_hora, m.clave from m
         order by ${orden('m', 'm.clave')} ${lim}) s join albaranes a on a.id = s.id`;
  const total = contadores
    ? `(select coalesce(sum(t.total), 0) from albaranes_totales t
         where t.empresa = 'transporte' and t.clase = 'transporte'
         ${estado ? `and t.estado = ${estado}` : ''})`
    : '(select count(*) from m)';
  const texto = `${
    contadores
      ? ''
      : `with m as materialized (
           select a.id, a.fecha, a.fecha_hora, ${clave} as clave from albaranes a where ${donde}) `
  }select ${total} as total,
       ${emisorSql('e.nif')} as "emisorNif",
       (select coalesce(json_agg(json_build_object(
          'id', a.id, 'version', a.version, 'numero', a.numero, 'estado', a.estado,
          'fecha', a.fecha, 'cliente', a.cliente,
          'origen', coalesce(a.datos->'origen'->>'nombre', a.datos->'origen'->'direccion'->>'municipio'),
          'destino', coalesce(a.datos->'destino'->>'nombre', a.datos->'destino'->'direccion'->>'municipio'),
          'matricula', a.matricula, 'conductor', a.datos->'conductor'->>'nombre',
          'pesoKg', a.peso_kg, 'precio', a.precio::text,
          'transportista', a.datos->'transportista',
          'origenMunicipioId', a.datos->'origen'->'direccion'->>'municipioId',
          'destinoMunicipioId', a.datos->'destino'->'direccion'->>'municipioId',
          'mercancia', a.datos->'mercancia'->>'descripcion',
          'exento', coalesce((a.datos->>'exentoDocumentoControl')::boolean, false),
          'factura', ${facturaSql('a.id')}
        ) order by ${orden('a', clave)}), '[]') from (${pagina}) a) as filas`;
  const [fila] = await database.queryPrepared<{
    total: string | number;
    emisorNif: string | null;
    filas: FilaTransporte[] | string;
  }>(texto, valores);
  if (!fila) throw new Error('The list statement returned no row');
  return {
    total: Number(fila.total),
    emisorNif: fila.emisorNif,
    filas: (typeof fila.filas === 'string'
      ? JSON.parse(fila.filas)
      : fila.filas) as FilaTransporte[],
  };
};
