import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';

// logistica.md §10 for the benchmark: ten years of rental albaranes at three times the expected
// size (150,000 at scale 1: 1,200 alquileres a year × ~1.5 entregas + 2 recogidas, × 3), with the
// alquileres and clients they belong to, written straight in SQL as the other bulk seeds. The
// list and its search read only `albaranes` (and the trigger-kept totals): lines and lotes,
// which the detail and the saldo read, are not written here.

export type VolumenAlquilerLogistica = { clientes: number; alquileres: number; albaranes: number };

export const volumenAlquilerLogistica = (escala = 1): VolumenAlquilerLogistica => ({
  clientes: Math.max(10, Math.round(6_000 * escala)),
  alquileres: Math.max(20, Math.round(43_000 * escala)),
  albaranes: Math.max(100, Math.round(150_000 * escala)),
});

export const seedVolumenAlquilerLogistica = async (
  database: Database,
  v: VolumenAlquilerLogistica,
  hoy: string,
) => {
  const db = database.db;
  await db.execute(sql`
    insert into partes (tipo, empresa, nombre, documento, nombre_busqueda, busqueda)
    select 'cliente', 'alquileres', 'Cliente albaranes bench ' || g, null,
           'cliente albaranes bench ' || g, 'cliente albaranes bench ' || g
    from generate_series(1, ${v.clientes}) g`);
  await db.execute(sql`
    with c as (
      select id, row_number() over (order by id) as n from partes
      where tipo = 'cliente' and empresa = 'alquileres' and nombre like 'Cliente albaranes bench %'
    )
    insert into alquileres (numero, estado, cliente_id, obra_nombre, fecha_inicio, fecha_fin,
                            facturacion, importe_estimado, busqueda)
    select 'AB' || (2016 + (g * 10 / ${v.alquileres})) || '-' || lpad(g::text, 6, '0'),
           case when g > ${v.alquileres} - 400 then 'en_curso' else 'finalizado' end,
           c.id, 'Obra albaranes bench ' || g,
           (${hoy}::date - (3650 - (g::bigint * 3650 / ${v.alquileres}))::int),
           (${hoy}::date - (3650 - (g::bigint * 3650 / ${v.alquileres}))::int + 20 + g % 40),
           'al_finalizar', (100 + g % 5000)::numeric(14,2),
           'ab' || (2016 + (g * 10 / ${v.alquileres})) || '-' || lpad(g::text, 6, '0')
    from generate_series(1, ${v.alquileres}) g
    join c on c.n = 1 + g % ${v.clientes}`);
  // Each albarán belongs to the alquiler of its place in time (about 3.5 per alquiler): an
  // entrega when g % 7 < 3, else a recogida; the last 50 borradores, 1 in 29 annulled, 1 in 5
  // emitted and waiting for its signature, the rest signed.
  await db.execute(sql`
    with a as (
      select a.id, a.numero, a.cliente_id, p.nombre, row_number() over (order by a.numero) as n
      from alquileres a join partes p on p.id = a.cliente_id
      where a.numero like 'AB%'
    ), filas as (
      select g, (${hoy}::date - (3650 - (g::bigint * 3650 / ${v.albaranes}))::int) as dia,
             1 + ((g - 1)::bigint * ${v.alquileres} / ${v.albaranes}) as an,
             case when g % 7 < 3 then 'entrega' else 'recogida' end as tipo,
             case when g > ${v.albaranes} - 50 then 'borrador' when g % 29 = 0 then 'anulado'
                  when g % 5 = 0 then 'emitido' else 'firmado' end as estado,
             (array['PALMA', 'CALVIÀ', 'ALCÚDIA', 'INCA', 'MANACOR', 'LLUCMAJOR'])[1 + g % 6] as municipio
      from generate_series(1, ${v.albaranes}) g
    )
    insert into albaranes (empresa, clase, tipo, numero, estado, alquiler_id, alquiler_numero,
                           cliente_id, cliente, fecha_hora, fecha, fecha_fin_cobro, direccion_obra,
                           matricula, conductor, referencia_externa, unidades, firma, anulacion,
                           busqueda)
    select 'alquileres', 'alquiler', f.tipo,
           case when f.estado = 'borrador' then null
                else (case when f.tipo = 'entrega' then 'AE' else 'AR' end)
                     || extract(year from f.dia) || '-' || lpad(f.g::text, 6, '0') end,
           f.estado, a.id, a.numero, a.cliente_id,
           jsonb_build_object('_id', a.cliente_id, 'nombre', a.nombre, 'documento', null),
           f.dia::timestamptz + case when f.tipo = 'entrega' then interval '8 hours 30 minutes'
                                     else interval '16 hours' end,
           f.dia, case when f.tipo = 'recogida' then f.dia end,
           jsonb_build_object('paisId', null, 'pais', null, 'provinciaId', null, 'provincia', null,
             'municipioId', null, 'municipio', f.municipio, 'ciudadId', null, 'ciudad', null,
             'calleId', null, 'calle', null, 'codigoPostalId', null, 'codigoPostal', null,
             'altura', null, 'planta', null, 'local', null, 'observacion', null),
           '2345KPF', 'Toni Vidal Sbert',
           case when f.g % 4 = 0 then 'REF-' || f.g end,
           10 + f.g % 200,
           case when f.estado = 'firmado' then jsonb_build_object('nombre', 'Joan Ferrer Mas',
             'dni', '43111222E', 'imagenId', null, 'imagenSha256', null,
             'firmadoAt', (f.dia::timestamptz + interval '17 hours'), 'firmadoPor', null,
             'huella', repeat('0', 64)) end,
           case when f.estado = 'anulado' then jsonb_build_object('motivo', 'Anulado en el bench',
             'anuladoAt', f.dia::timestamptz + interval '18 hours', 'anuladoPor', null) end,
           concat_ws(chr(31),
             lower(case when f.estado = 'borrador' then null
                        else (case when f.tipo = 'entrega' then 'AE' else 'AR' end)
                             || extract(year from f.dia) || '-' || lpad(f.g::text, 6, '0') end),
             lower(a.numero), lower(a.nombre), case when f.g % 4 = 0 then 'ref-' || f.g end,
             lower(translate(f.municipio, 'ÀÚ', 'AU')))
    from filas f join a on a.n = f.an`);
  // PGlite runs no autovacuum: statistics and a fresh visibility map, as the other seeds leave them.
  await database.withSession((session) =>
    session.exec('vacuum analyze partes, alquileres, albaranes'),
  );
};
