import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';

// flota-obras.md §10 for `npm run bench -- flota`: ten years of the fleet at ten times its size
// (1 200 vehicles, 1 M odometer readings, 60 000 mantenimientos, 15 000 ITV inspections, 1 000
// drivers) written in bulk by SQL. `escala` scales every count.

export type VolumenFlota = {
  camiones: number;
  lecturasPorCamion: number;
  mantenimientosPorCamion: number;
  itvPorCamion: number;
  conductores: number;
};

export const volumenFlota = (escala = 1): VolumenFlota => ({
  camiones: Math.max(10, Math.round(1200 * escala)),
  lecturasPorCamion: 833,
  mantenimientosPorCamion: 50,
  itvPorCamion: 12,
  conductores: Math.max(10, Math.round(1000 * escala)),
});

/** Seeds the volume on an empty, migrated database; "hoy" anchors every date. */
export const seedVolumenFlota = async (database: Database, v: VolumenFlota, hoy: string) => {
  const db = database.db;
  await db.execute(sql`insert into conductores (nombre, apellidos, documento, clases_permiso,
      permiso_vencimiento, cap_vencimiento, busqueda)
    select 'Conductor', 'Bench ' || g, lpad(g::text, 8, '0') || 'B', '["B","C","CE"]'::jsonb,
      ${hoy}::date + (g % 900), ${hoy}::date + (g % 700), 'conductor bench ' || g
    from generate_series(1, ${v.conductores}) g`);
  await db.execute(sql`insert into camiones (matricula, bastidor, tipo, marca, modelo,
      fecha_primera_matriculacion, fecha_alta, mma_kg, tara_kg, seguro, autorizacion, tacografo,
      itv_proxima_inicial, itv_hasta, estado, km_actual, km_fecha, busqueda)
    select (1000 + g)::text || 'BNC', 'WDB' || lpad(g::text, 14, '0'),
      case when g % 10 = 0 then 'tractora' else 'rigido' end, 'Marca ' || (g % 7), 'Modelo ' || g,
      ${hoy}::date - 3650 - (g % 2000), ${hoy}::date - 3650, 18000, 7000,
      jsonb_build_object('aseguradora', 'Bench', 'poliza', 'P' || g, 'cobertura', 'todo_riesgo',
        'vencimiento', ${hoy}::date + (g % 400), 'primaAnual', null),
      jsonb_build_object('tipo', 'MDP', 'numero', 'MDP' || g, 'visadoHasta', ${hoy}::date + 400 + (g % 300)),
      jsonb_build_object('tipo', 'digital', 'numeroSerie', null, 'ultimaRevision', ${hoy}::date - 700 + (g % 300),
        'ultimaDescarga', ${hoy}::date - (g % 80)),
      ${hoy}::date + (g % 365), ${hoy}::date + (g % 365),
      case when g % 30 = 0 then 'baja' else 'activo' end,
      ${v.lecturasPorCamion * 150}, ${hoy}::date,
      (1000 + g)::text || 'bnc' || chr(31) || 'marca ' || (g % 7) || chr(31) || 'modelo ' || g
    from generate_series(1, ${v.camiones}) g`);
  await db.execute(sql`insert into camion_lecturas_km (camion_id, fecha, km, origen)
    select c.id, ${hoy}::date - (${v.lecturasPorCamion} - s) * 4, s * 150, 'manual'
    from camiones c, generate_series(1, ${v.lecturasPorCamion}) s`);
  await db.execute(sql`insert into camion_mantenimientos (camion_id, fecha, km, tipo, coste,
      proxima_fecha, proximo_km)
    select c.id, ${hoy}::date - s * 70, greatest(0, c.km_actual - s * 17500),
      (array['revision','neumaticos','frenos','otro'])[1 + s % 4], 250,
      -- Only the latest plans a next one, mostly months ahead (as a real fleet's).
      case when s = 1 then ${hoy}::date + 20 + abs(hashtext(c.id::text)) % 300 end,
      case when s = 1 then c.km_actual + 1000 + abs(hashtext(c.id::text)) % 40000 end
    from camiones c, generate_series(1, ${v.mantenimientosPorCamion}) s`);
  await db.execute(sql`insert into camion_itv (camion_id, fecha, resultado, proxima_itv)
    select c.id, ${hoy}::date - s * 300, 'favorable', ${hoy}::date - s * 300 + 365
    from camiones c, generate_series(1, ${v.itvPorCamion}) s`);
  await db.execute(sql`analyze`);
};
