import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';

// flota-obras.md §10: the benchmark's volume, written straight in SQL (generate_series), as
// inventario's: works over ten years with their teams and closed daily reports.

export type VolumenObras = { obras: number; operarios: number; partes: number };

/** Ten years at the scale asked for (1 = §10's ten-fold volume: 30 000 works, 250 000 partes). */
export const volumenObras = (escala: number): VolumenObras => ({
  obras: Math.max(10, Math.round(30_000 * escala)),
  operarios: 200,
  partes: Math.max(50, Math.round(250_000 * escala)),
});

export const seedVolumenObras = async (database: Database, v: VolumenObras, hoy: string) => {
  const run = (query: ReturnType<typeof sql>) => database.db.execute(query);
  await run(sql`insert into partes (tipo, empresa, nombre, nombre_busqueda, busqueda, documento)
    select 'cliente', 'verticales', 'Cliente bench ' || i, 'cliente bench ' || i,
      'cliente bench ' || i, null from generate_series(1, 50) i`);
  await run(sql`insert into operarios (nombre, apellidos, documento, busqueda, formaciones_prl,
      reconocimiento_medico)
    select 'Operario', 'Bench ' || i, lpad(i::text, 8, '0') || 'B', 'operario bench ' || i,
      jsonb_build_array(jsonb_build_object('curso', 'PRL', 'horas', '20.0', 'fecha', '2015-01-01',
        'vencimiento', null)),
      jsonb_build_object('fecha', ${hoy}::date - 300, 'resultado', 'apto', 'vencimiento', ${hoy}::date + 65)
    from generate_series(1, ${v.operarios}) i`);
  await run(sql`insert into operario_certificaciones (operario_id, orden, esquema, nivel,
      fecha_emision, fecha_vencimiento)
    select id, 0, 'irata', 1 + (row_number() over (order by documento))::int % 3, '2015-01-01',
      ${hoy}::date + 400 from operarios`);
  await run(sql`insert into obras (codigo, nombre, cliente_id, tipo_trabajo, estado, progreso,
      fecha_inicio_prevista, fecha_fin_prevista, fecha_inicio_real, busqueda)
    select 'OB' || (extract(year from ${hoy}::date)::int - 9 + i % 10) || '-' || lpad(i::text, 6, '0'),
      'Obra bench ' || i,
      (select id from partes where empresa = 'verticales' and nombre = 'Cliente bench ' || (1 + i % 50)),
      (array['fachadas','cubiertas','limpieza','impermeabilizacion','rehabilitacion','otros'])[1 + i % 6],
      (array['presupuestada','planificada','en_curso','pausada','finalizada','cancelada'])[1 + i % 6],
      i % 101,
      ${hoy}::date - (i % 3650), ${hoy}::date - (i % 3650) + 30,
      case when i % 6 in (2, 3, 4) then ${hoy}::date - (i % 3650) end,
      'ob-' || i || ' obra bench ' || i || ' palma'
    from generate_series(1, ${v.obras}) i`);
  await run(sql`create table bench_obras as
    select id, row_number() over (order by codigo) n from obras where nombre like 'Obra bench %'`);
  await run(sql`create table bench_operarios as
    select id, row_number() over (order by documento) n from operarios where apellidos like 'Bench %'`);
  await run(sql`insert into obra_equipo (obra_id, operario_id, rol, orden)
    select o.id, p.id, case when k = 0 then 'supervisor' else 'tecnico' end, k
    from bench_obras o, generate_series(0, 2) k
    join bench_operarios p on true
    where p.n = 1 + (o.n * 3 + k) % ${v.operarios}`);
  await run(sql`insert into partes_trabajo (obra_id, numero, fecha, estado, tareas, avance)
    select o.id, 'PT-BENCH-' || j, ${hoy}::date - (j % 3650), 'cerrado', 'Tareas del parte ' || j, j % 101
    from generate_series(1, ${v.partes}) j join bench_obras o on o.n = 1 + j % ${v.obras}`);
  await run(sql`insert into parte_trabajo_operarios (parte_trabajo_id, operario_id, obra_id,
      obra_codigo, fecha, horas, orden)
    select pt.id, p.id, pt.obra_id, pt.codigo, pt.fecha, 4, k
    from (select pt.id, pt.obra_id, o.codigo, pt.fecha, row_number() over (order by pt.numero) j
          from partes_trabajo pt join obras o on o.id = pt.obra_id
          where pt.numero like 'PT-BENCH-%') pt,
      generate_series(0, 2) k
    join bench_operarios p on true
    where p.n = 1 + (pt.j * 7 + k * 61) % ${v.operarios}`);
  await run(sql`drop table bench_obras`);
  await run(sql`drop table bench_operarios`);
  await run(sql`analyze`);
};
