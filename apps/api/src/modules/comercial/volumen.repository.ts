import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';

// comercial.md §10 for the benchmark: ten years of rentals at twice the expected size, written
// with set-based SQL (a service call per rental would take hours), on top of inventario's volume
// (its machines) and with clients of their own.

export type VolumenComercial = {
  clientes: number;
  alquileres: number;
  lineasPorAlquiler: number;
  presupuestos: number;
  lineasPorPresupuesto: number;
};

/**
 * §10 × 2: 16.000 clients, 60.000 rentals of 4 lines, 100.000 quotes of 5 (escala 0.1 for a
 * tenth; the quotes and movements only with seedVolumenComercialListas).
 */
export const volumenComercial = (escala = 1): VolumenComercial => ({
  clientes: Math.max(10, Math.round(16_000 * escala)),
  alquileres: Math.max(20, Math.round(60_000 * escala)),
  lineasPorAlquiler: 4,
  presupuestos: Math.max(20, Math.round(100_000 * escala)),
  lineasPorPresupuesto: 5,
});

export const seedVolumenComercial = async (
  database: Database,
  v: VolumenComercial,
  hoy: string,
) => {
  const db = database.db;
  await db.execute(sql`
    insert into partes (tipo, empresa, nombre, documento, nombre_busqueda, busqueda)
    select 'cliente', 'alquileres', 'Cliente bench ' || g, null,
           'cliente bench ' || g, 'cliente bench ' || g
    from generate_series(1, ${v.clientes}) g`);
  // Spread over ten years before today; the last ~400 are open (§10: open rentals at any moment).
  await db.execute(sql`
    with c as (
      select id, row_number() over (order by id) as n from partes
      where tipo = 'cliente' and empresa = 'alquileres' and nombre like 'Cliente bench %'
    )
    insert into alquileres (numero, estado, cliente_id, obra_nombre, fecha_inicio, fecha_fin,
                            facturacion, importe_estimado, busqueda)
    select 'A' || (2016 + (g * 10 / ${v.alquileres})) || '-' || lpad(g::text, 6, '0'),
           case when g > ${v.alquileres} - 400 then 'en_curso'
                when g % 17 = 0 then 'cancelado' else 'finalizado' end,
           c.id,
           'Obra bench ' || g,
           (${hoy}::date - (3650 - (g::bigint * 3650 / ${v.alquileres}))::int),
           (${hoy}::date - (3650 - (g::bigint * 3650 / ${v.alquileres}))::int + 20 + g % 40),
           case when g % 3 = 0 then 'mensual_vencido' else 'al_finalizar' end,
           (100 + g % 5000)::numeric(14,2),
           'a' || (2016 + (g * 10 / ${v.alquileres})) || '-' || lpad(g::text, 6, '0')
             || chr(31) || 'obra bench ' || g
    from generate_series(1, ${v.alquileres}) g
    join c on c.n = 1 + g % ${v.clientes}`);
  await db.execute(sql`
    with m as (select id, codigo_interno, row_number() over (order by id) as n, count(*) over () as total
               from maquinas)
    insert into alquiler_lineas (alquiler_id, orden, clase, maquina_id, codigo, descripcion,
                                 cantidad, unidad, fecha_inicio, fecha_fin, precio_dia,
                                 precio_semana, precio_mes)
    select a.id, k, 'maquina', m.id, m.codigo_interno, m.codigo_interno || ' — bench', 1, 'ud.',
           a.fecha_inicio, a.fecha_fin, 95, 380, 1100
    from alquileres a
    cross join generate_series(0, ${v.lineasPorAlquiler - 1}) k
    join m on m.n = 1 + (abs(hashtext(a.id::text)) + k) % m.total`);
  for (const tabla of ['alquileres', 'alquiler_lineas', 'partes'])
    await db.execute(sql.raw(`analyze ${tabla}`));
};

/**
 * What the lists read besides the rentals (comercial.md §10 × 2): each rental line's movements
 * (an entrega on its first day; a recogida on its last for a closed rental and for every third
 * line of an open one, so open rentals carry late and returned lines), and `presupuestos` quotes
 * of five machine lines (100.000 at escala 1), most sent, some drafts. The comercial bench only:
 * finanzas' bench keeps its rentals without movements.
 */
export const seedVolumenComercialListas = async (
  database: Database,
  { presupuestos, lineasPorPresupuesto }: { presupuestos: number; lineasPorPresupuesto: number },
  hoy: string,
) => {
  const db = database.db;
  await db.execute(sql`
    insert into alquiler_movimientos (alquiler_id, linea_id, tipo, fecha, cantidad, albaran_numero,
                                      albaran_tipo, firmado)
    select l.alquiler_id, l.id, 'entrega', l.fecha_inicio, 1, 'AE-BENCH', 'entrega', true
    from alquiler_lineas l join alquileres a on a.id = l.alquiler_id
    where a.estado <> 'cancelado' and a.numero not like 'AB-%'`);
  await db.execute(sql`
    insert into alquiler_movimientos (alquiler_id, linea_id, tipo, fecha, fecha_fin_cobro, cantidad,
                                      albaran_numero, albaran_tipo, firmado)
    select l.alquiler_id, l.id, 'recogida', least(l.fecha_fin, ${hoy}::date),
           least(l.fecha_fin, ${hoy}::date), 1, 'AR-BENCH', 'recogida', true
    from alquiler_lineas l join alquileres a on a.id = l.alquiler_id
    where a.numero not like 'AB-%'
      and (a.estado = 'finalizado' or (a.estado = 'en_curso' and l.orden % 3 = 0))`);
  await db.execute(sql`
    with c as (
      select id, nombre_busqueda, row_number() over (order by id) as n, count(*) over () as total
      from partes where tipo = 'cliente' and empresa = 'alquileres' and nombre like 'Cliente bench %'
    )
    insert into presupuestos (numero, estado, cliente_id, obra_nombre, fecha_inicio, fecha_fin,
                              fecha_emision, fecha_validez, facturacion, total, base, iva, busqueda)
    select case when g % 10 = 0 then null else 'P' || (2016 + (g * 10 / ${presupuestos})) || '-'
                || lpad(g::text, 6, '0') end,
           case when g % 10 = 0 then 'borrador' when g % 7 = 0 then 'rechazado'
                when g % 3 = 0 then 'aceptado' when g > ${presupuestos} - 300 then 'enviado'
                else 'caducado' end,
           c.id, 'Obra presupuestada ' || g,
           ${hoy}::date - (3650 - (g::bigint * 3650 / ${presupuestos}))::int + 7,
           ${hoy}::date - (3650 - (g::bigint * 3650 / ${presupuestos}))::int + 7 + 10 + g % 30,
           case when g % 10 = 0 then null
                else ${hoy}::date - (3650 - (g::bigint * 3650 / ${presupuestos}))::int end,
           ${hoy}::date - (3650 - (g::bigint * 3650 / ${presupuestos}))::int + 30,
           'al_finalizar', (1000 + g % 9000)::numeric(14,2) * 1.21, 1000 + g % 9000,
           (1000 + g % 9000)::numeric(14,2) * 0.21,
           case when g % 10 = 0 then '' else 'p' || (2016 + (g * 10 / ${presupuestos})) || '-'
                || lpad(g::text, 6, '0') || chr(31) end
             || 'obra presupuestada ' || g
    from generate_series(1, ${presupuestos}) g
    join c on c.n = 1 + g % c.total`);
  await db.execute(sql`
    with m as (select id, codigo_interno, row_number() over (order by id) as n, count(*) over () as total
               from maquinas)
    insert into presupuesto_lineas (presupuesto_id, orden, clase, maquina_id, codigo, descripcion,
                                    cantidad, unidad, fecha_inicio, fecha_fin, precio_dia,
                                    precio_semana, precio_mes)
    select p.id, k, 'maquina', m.id, m.codigo_interno, m.codigo_interno || ' — bench', 1, 'ud.',
           p.fecha_inicio, p.fecha_fin, 95, 380, 1100
    from presupuestos p
    cross join generate_series(0, ${lineasPorPresupuesto - 1}) k
    join m on m.n = 1 + (abs(hashtext(p.id::text)) + k) % m.total`);
  for (const tabla of ['alquiler_movimientos', 'presupuestos', 'presupuesto_lineas'])
    await db.execute(sql.raw(`analyze ${tabla}`));
};

/**
 * finanzas.md §10 "alquileres-pendientes, 300 active rentals": `activos` mensual_vencido rentals
 * en curso, each of `lineasPorAlquiler` machines delivered on its first day (an entrega movement
 * per line, as logística's emitted albarán leaves it), started 35 to 94 days before `hoy`, so the
 * monthly run proposes each one's unbilled days. Needs machines (inventario's volume) and clients.
 */
export const seedAlquileresActivos = async (
  database: Database,
  { activos, lineasPorAlquiler }: { activos: number; lineasPorAlquiler: number },
  hoy: string,
) => {
  const db = database.db;
  await db.execute(sql`
    with c as (
      select id, row_number() over (order by id) as n, count(*) over () as total from partes
      where tipo = 'cliente' and empresa = 'alquileres'
    )
    insert into alquileres (numero, estado, cliente_id, obra_nombre, fecha_inicio, fecha_fin,
                            facturacion, importe_estimado, busqueda)
    select 'AB-' || lpad(g::text, 6, '0'), 'en_curso', c.id, 'Obra activa ' || g,
           ${hoy}::date - (35 + g % 60), ${hoy}::date + 60, 'mensual_vencido', 1000,
           'ab-' || lpad(g::text, 6, '0') || chr(31) || 'obra activa ' || g
    from generate_series(1, ${activos}) g
    join c on c.n = 1 + g % c.total`);
  await db.execute(sql`
    with m as (select id, codigo_interno, row_number() over (order by id) as n, count(*) over () as total
               from maquinas)
    insert into alquiler_lineas (alquiler_id, orden, clase, maquina_id, codigo, descripcion,
                                 cantidad, unidad, fecha_inicio, fecha_fin, precio_dia,
                                 precio_semana, precio_mes)
    select a.id, k, 'maquina', m.id, m.codigo_interno, m.codigo_interno || ' — activo', 1, 'ud.',
           a.fecha_inicio, a.fecha_fin, 95, 380, 1100
    from alquileres a
    cross join generate_series(0, ${lineasPorAlquiler - 1}) k
    join m on m.n = 1 + (abs(hashtext(a.id::text)) + k) % m.total
    where a.numero like 'AB-%'`);
  await db.execute(sql`
    insert into alquiler_movimientos (alquiler_id, linea_id, tipo, fecha, cantidad, albaran_numero,
                                      albaran_tipo, firmado)
    select l.alquiler_id, l.id, 'entrega', l.fecha_inicio, 1, 'AE-BENCH', 'entrega', true
    from alquiler_lineas l join alquileres a on a.id = l.alquiler_id
    where a.numero like 'AB-%'`);
  for (const tabla of ['alquileres', 'alquiler_lineas', 'alquiler_movimientos'])
    await db.execute(sql.raw(`analyze ${tabla}`));
};
