import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';

// logistica.md §10 for the benchmark: ten years of transport albaranes at three times the
// expected size (500,000 at scale 1), written straight in SQL as the bulk seeds of other modules.

export type VolumenLogistica = { clientes: number; transportes: number };

export const volumenLogistica = (escala = 1): VolumenLogistica => ({
  clientes: Math.max(10, Math.round(2_000 * escala)),
  transportes: Math.max(100, Math.round(500_000 * escala)),
});

export const seedVolumenLogistica = async (
  database: Database,
  v: VolumenLogistica,
  hoy: string,
) => {
  const db = database.db;
  await db.execute(sql`
    insert into partes (tipo, empresa, nombre, documento, nombre_busqueda, busqueda)
    select 'cliente', 'transporte', 'Cliente transporte bench ' || g, null,
           'cliente transporte bench ' || g, 'cliente transporte bench ' || g
    from generate_series(1, ${v.clientes}) g`);
  await db.execute(sql`
    with c as (
      select id, nombre, row_number() over (order by id) as n from partes
      where tipo = 'cliente' and empresa = 'transporte' and nombre like 'Cliente transporte bench %'
    ), filas as (
      select g, (${hoy}::date - (3650 - (g::bigint * 3650 / ${v.transportes}))::int) as dia,
             1 + g % ${v.clientes} as cn
      from generate_series(1, ${v.transportes}) g
    )
    insert into albaranes (empresa, clase, numero, estado, cliente_id, cliente, fecha_hora, fecha,
                           matricula, conductor, datos, peso_kg, precio, tipo_iva, busqueda)
    select 'transporte', 'transporte',
           'AT' || extract(year from f.dia) || '-' || lpad(f.g::text, 6, '0'),
           case when f.g % 23 = 0 then 'anulado' when f.g > ${v.transportes} - 50 then 'pendiente'
                else 'entregado' end,
           c.id, jsonb_build_object('_id', c.id, 'nombre', c.nombre, 'documento', null),
           f.dia::timestamptz + interval '8 hours', f.dia,
           lpad((1000 + f.g % 9000)::text, 4, '0') || 'BCD', 'Conductor bench ' || (f.g % 40),
           jsonb_build_object(
             'remitente', null,
             'destinatario', jsonb_build_object('nombre', 'Destinatario ' || f.g, 'documento', null, 'telefono', null),
             'origen', jsonb_build_object('nombre', 'Cantera ' || (f.g % 30), 'direccion', jsonb_build_object('paisId', null, 'pais', null, 'provinciaId', null, 'provincia', null, 'municipioId', null, 'municipio', 'PALMA', 'ciudadId', null, 'ciudad', null, 'calleId', null, 'calle', null, 'codigoPostalId', null, 'codigoPostal', null, 'altura', null, 'planta', null, 'local', null, 'observacion', null)),
             'destino', jsonb_build_object('nombre', 'Obra ' || (f.g % 500), 'direccion', jsonb_build_object('paisId', null, 'pais', null, 'provinciaId', null, 'provincia', null, 'municipioId', null, 'municipio', 'ALCÚDIA', 'ciudadId', null, 'ciudad', null, 'calleId', null, 'calle', null, 'codigoPostalId', null, 'codigoPostal', null, 'altura', null, 'planta', null, 'local', null, 'observacion', null)),
             'horaCarga', '08:00', 'fechaEntregaPrevista', null,
             'transportista', jsonb_build_object('tipo', 'propio'),
             'camion', null, 'matriculaRemolque', null,
             'conductor', jsonb_build_object('nombre', 'Conductor bench ' || (f.g % 40), 'dni', null),
             'mercancia', jsonb_build_object('descripcion', 'Grava 6/12 a granel', 'bultos', null, 'pesoKg', 1000 + f.g % 20000, 'pesoEstimado', false),
             'exentoDocumentoControl', false, 'motivoExencion', null, 'inspecciones', '[]'::jsonb),
           1000 + f.g % 20000, (100 + f.g % 300)::numeric(14,2), 21,
           'at' || extract(year from f.dia) || '-' || lpad(f.g::text, 6, '0') || chr(31)
             || lower(c.nombre) || chr(31) || 'alcudia' || chr(31) || lpad((1000 + f.g % 9000)::text, 4, '0') || 'bcd'
    from filas f join c on c.n = f.cn`);
  // PGlite runs no autovacuum: statistics and a fresh visibility map, as the other seeds leave them.
  await database.withSession((session) => session.exec('vacuum analyze partes, albaranes'));
};
