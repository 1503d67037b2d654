import { sql } from 'drizzle-orm';
import type { EstadoMaquina } from '@tvsistema/domain/inventario';
import { rowsOf, type Executor } from '../../db/executor.js';
import { filtroBusqueda } from './comun.repository.js';

// §6.5 for logística: the ledger rows an albarán delivers, trims, splits and restores.

export type MaquinaLogistica = {
  id: string;
  codigo: string;
  estado: EstadoMaquina;
  matricula: string | null;
  requiereItv: boolean;
  itv: string | null;
  seguro: string | null;
};

/** Locks a machine and reads what R12 checks: state, plate, latest ITV and insurance expiry. */
export const leerMaquinaLogistica = async (tx: Executor, maquinaId: string) => {
  const [fila] = await rowsOf<MaquinaLogistica>(
    tx,
    sql`select m.id::text, m.codigo_interno as codigo, m.estado, m.matricula,
          m.requiere_itv as "requiereItv",
          (select max(fecha_caducidad)::text from maquina_documentos d
            where d.maquina_id = m.id and d.tipo = 'itv') as itv,
          (select max(fecha_caducidad)::text from maquina_documentos d
            where d.maquina_id = m.id and d.tipo = 'seguro') as seguro
        from maquinas m where m.id = ${maquinaId} for update`,
  );
  return fila;
};

export type BloqueoOrigen = {
  id: string;
  cantidad: number;
  desde: string;
  hasta: string | null;
  enCurso: boolean;
};

/** The origin's active bloqueos of one resource, oldest first, locked. */
export const bloqueosDeOrigen = (
  tx: Executor,
  origen: { tipo: string; id: string },
  recurso: { maquinaId?: string; componenteId?: string },
  enCurso?: boolean,
) =>
  rowsOf<BloqueoOrigen>(
    tx,
    sql`select id::text, cantidad, desde::text, hasta::text, en_curso as "enCurso"
        from inventario_bloqueos
        where origen_tipo = ${origen.tipo} and origen_id = ${origen.id} and estado = 'activo'
          and ${recurso.maquinaId ? sql`maquina_id = ${recurso.maquinaId}` : sql`componente_id = ${recurso.componenteId ?? null}`}
          ${enCurso === undefined ? sql`` : sql`and en_curso = ${enCurso}`}
        order by desde, id for update`,
  );

export const marcarEntregado = (tx: Executor, bloqueoId: string, albaranId: string) =>
  rowsOf(
    tx,
    sql`update inventario_bloqueos set en_curso = true, albaran_entrega_id = ${albaranId}
        where id = ${bloqueoId}`,
  );

/**
 * A partial delivery of a component booking: `entregadas` pieces split off as a delivered bloqueo
 * of their own (created and delivered by the albarán, so annulling it puts them back as booked),
 * and the rest stays booked for a later delivery.
 */
export const entregarParte = async (
  tx: Executor,
  bloqueoId: string,
  entregadas: number,
  albaranId: string,
) => {
  await rowsOf(
    tx,
    sql`update inventario_bloqueos set cantidad = cantidad - ${entregadas} where id = ${bloqueoId}`,
  );
  await rowsOf(
    tx,
    sql`insert into inventario_bloqueos (componente_id, maquina_id, cantidad, desde, hasta,
          dias_preparacion, origen_tipo, origen_id, linea_id, numero, etiqueta, exclusivo, en_curso,
          hasta_prevista, albaran_entrega_id, albaran_creacion_id)
        select componente_id, maquina_id, ${entregadas}, desde, hasta, dias_preparacion,
          origen_tipo, origen_id, linea_id, numero, etiqueta, exclusivo, true, hasta_prevista,
          ${albaranId}, ${albaranId}
        from inventario_bloqueos where id = ${bloqueoId}`,
  );
};

/** R7: the bloqueo ends on the return day; `quedan` pieces go on from the next day (or that day when late). */
export const recortarBloqueo = async (
  tx: Executor,
  bloqueo: BloqueoOrigen,
  {
    fecha,
    siguiente,
    quedan,
    albaranId,
  }: { fecha: string; siguiente: string; quedan: number; albaranId: string },
) => {
  // A machine back later than booked may run into its next booking: the return is a fact and
  // is never refused, so its bloqueo ends where the next one's preparation allows, and the caller
  // warns about the booking it reached (R4 keeps one machine in one rental at a time).
  const [recortado] = await rowsOf<{ numero: string | null; desde: string | null }>(
    tx,
    sql`with siguiente as (
          select o.numero, o.desde from inventario_bloqueos o
            join inventario_bloqueos b on b.id = ${bloqueo.id}
          where b.maquina_id is not null and b.exclusivo and o.maquina_id = b.maquina_id
            and o.id <> b.id and o.exclusivo and o.estado = 'activo' and o.desde > b.desde
          order by o.desde limit 1)
        update inventario_bloqueos b set
          hasta = case when s.desde is not null
                        and ${fecha}::date + 1 + b.dias_preparacion > s.desde
                       then greatest(b.desde, s.desde - 1 - b.dias_preparacion)
                       -- A second partial return on one day meets the rest booked from the next
                       -- day: it ends on that first day (a bloqueo never ends before it starts;
                       -- the pieces look busy one day more, never double-booked).
                       else greatest(b.desde, ${fecha}::date) end,
          en_curso = false, albaran_devolucion_id = ${albaranId}
        from (select 1) uno left join siguiente s on true
        where b.id = ${bloqueo.id}
        returning case when s.desde is not null
                        and ${fecha}::date + 1 + b.dias_preparacion > s.desde
                       then s.numero end as numero,
                  to_char(s.desde, 'YYYY-MM-DD') as desde`,
  );
  const alcanzada = recortado?.numero ? { numero: recortado.numero, desde: recortado.desde } : null;
  if (quedan <= 0) return alcanzada;
  const hasta = bloqueo.hasta !== null && bloqueo.hasta > siguiente ? bloqueo.hasta : siguiente;
  await rowsOf(
    tx,
    sql`insert into inventario_bloqueos (componente_id, maquina_id, cantidad, desde, hasta,
          dias_preparacion, origen_tipo, origen_id, linea_id, numero, etiqueta, exclusivo, en_curso,
          hasta_prevista, albaran_entrega_id, albaran_creacion_id)
        select componente_id, maquina_id, ${quedan}, ${siguiente}, ${hasta}, dias_preparacion,
          origen_tipo, origen_id, linea_id, numero, etiqueta, exclusivo, true, hasta_prevista,
          albaran_entrega_id, ${albaranId}
        from inventario_bloqueos where id = ${bloqueo.id}`,
  );
  return alcanzada;
};

export const codigoComponente = async (tx: Executor, componenteId: string) => {
  const [row] = await rowsOf<{ codigo: string }>(
    tx,
    sql`select codigo from andamio_componentes where id = ${componenteId}`,
  );
  return row?.codigo ?? '';
};

/** Annulling a return: what it split off goes, what it trimmed holds to its booked day again. */
export const deshacerDevolucion = async (tx: Executor, albaranId: string) => {
  await rowsOf(
    tx,
    sql`update inventario_bloqueos set estado = 'liberado' where albaran_creacion_id = ${albaranId}`,
  );
  return (
    await rowsOf<{ maquinaId: string | null }>(
      tx,
      sql`update inventario_bloqueos set hasta = hasta_prevista, en_curso = true,
            albaran_devolucion_id = null
          where albaran_devolucion_id = ${albaranId} returning maquina_id::text as "maquinaId"`,
    )
  )
    .map((row) => row.maquinaId)
    .filter((id): id is string => id !== null);
};

/** Annulling a delivery: its bloqueos are not delivered any more; answers their machines. */
export const deshacerEntrega = async (tx: Executor, albaranId: string) =>
  (
    await rowsOf<{ maquinaId: string | null }>(
      tx,
      sql`update inventario_bloqueos set en_curso = false, albaran_entrega_id = null
          where albaran_entrega_id = ${albaranId} and estado = 'activo' and en_curso
          returning maquina_id::text as "maquinaId"`,
    )
  )
    .map((row) => row.maquinaId)
    .filter((id): id is string => id !== null);

export type Articulo = {
  clase: 'maquina' | 'andamio' | 'concepto';
  _id: string;
  codigo: string;
  descripcion: string;
  activo: boolean;
  estado?: string;
  stock?: {
    disponible: number;
    alquilado: number;
    enReparacion: number;
    baja: number;
    vendido: number;
  };
  precios?: { reposicion: string | null };
  pesoKg: string | null;
  precio?: string;
  tipoIva?: number;
};

/** Logística's article search: machines, components and templates by code or text, or by id. */
export const buscarArticulos = async (
  tx: Executor,
  {
    q,
    ids,
    clases,
    limit,
  }: {
    q?: string | undefined;
    ids?: string[] | undefined;
    clases: Articulo['clase'][];
    limit: number;
  },
): Promise<Articulo[]> => {
  const porId =
    ids && ids.length > 0
      ? sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )
      : undefined;
  const donde = (alias: string) => {
    const busqueda = filtroBusqueda(sql.raw(`${alias}.busqueda`), q);
    return sql`${porId ? sql`${sql.raw(alias)}.id::text in (${porId})` : sql`true`}
      ${busqueda ? sql`and ${busqueda}` : sql``}`;
  };
  const resultado: Articulo[] = [];
  if (clases.includes('maquina'))
    resultado.push(
      ...(await rowsOf<Articulo>(
        tx,
        sql`select 'maquina' as clase, m.id::text as "_id", m.codigo_interno as codigo,
              m.marca || ' ' || m.modelo as descripcion, m.estado <> 'baja' as activo, m.estado,
              m.peso_kg::text as "pesoKg"
            from maquinas m where ${donde('m')} order by m.codigo_interno limit ${limit}`,
      )),
    );
  if (clases.includes('andamio'))
    resultado.push(
      ...(
        await rowsOf<Articulo & { s: Articulo['stock']; reposicion: string | null }>(
          tx,
          sql`select 'andamio' as clase, c.id::text as "_id", c.codigo, c.nombre as descripcion,
                c.activo, c.peso_kg::text as "pesoKg", c.precio_reposicion::text as reposicion,
                jsonb_build_object('disponible', s.disponible, 'alquilado', s.alquilado,
                  'enReparacion', s.en_reparacion, 'baja', s.baja, 'vendido', s.vendido) as s
              from andamio_componentes c join andamio_stock s on s.componente_id = c.id
              where ${donde('c')} order by c.codigo limit ${limit}`,
        )
      ).map(({ s, reposicion, ...a }) => ({ ...a, stock: s, precios: { reposicion } })),
    );
  if (clases.includes('concepto'))
    resultado.push(
      ...(await rowsOf<Articulo>(
        tx,
        sql`select 'concepto' as clase, c.id::text as "_id", c.codigo, c.nombre as descripcion,
              c.activo, null as "pesoKg", c.precio::text as precio, c.tipo_iva as "tipoIva"
            from conceptos c where ${donde('c')} order by c.codigo limit ${limit}`,
      )),
    );
  return resultado;
};
