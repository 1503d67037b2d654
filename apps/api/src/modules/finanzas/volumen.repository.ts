import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';

// finanzas.md §10 for the benchmark: issued invoices and purchases written with set-based SQL
// (a service call per invoice would take hours), each with two stored lines and its desglose.

export type VolumenFinanzas = {
  clientes: number;
  facturas: number;
  proveedores: number;
  compras: number;
};

/** §10: 100.000 facturas and 50.000 compras (escala 0.1 for a tenth). */
export const volumenFinanzas = (escala = 1): VolumenFinanzas => ({
  clientes: Math.max(10, Math.round(5_000 * escala)),
  facturas: Math.max(50, Math.round(100_000 * escala)),
  proveedores: Math.max(10, Math.round(1_000 * escala)),
  compras: Math.max(50, Math.round(50_000 * escala)),
});

export const seedVolumenFinanzas = async (database: Database, v: VolumenFinanzas, hoy: string) => {
  const db = database.db;
  await db.execute(sql`
    insert into partes (tipo, empresa, nombre, documento, nombre_busqueda, busqueda)
    select 'cliente', 'alquileres', 'Cliente factura ' || g, null,
           'cliente factura ' || g, 'cliente factura ' || g
    from generate_series(1, ${v.clientes}) g`);
  await db.execute(sql`
    with c as (
      select id, nombre, row_number() over (order by id) as n from partes
      where tipo = 'cliente' and empresa = 'alquileres' and nombre like 'Cliente factura %'
    ), f as (
      select g, (${hoy}::date - (${v.facturas} - g) * 3650 / ${v.facturas})::date as fecha
      from generate_series(1, ${v.facturas}) g
    )
    insert into facturas (empresa, clase, tipo_factura, estado, serie, ejercicio, secuencial, numero,
      fecha_expedicion, fecha_vencimiento, cliente_id, cliente, descripcion_operacion, origen,
      lineas, desglose, base_imponible, cuota_iva, cuota_recargo, importe_total, retencion,
      total_a_pagar, cobrado, pendiente, busqueda)
    select 'alquileres', 'factura', 'F1',
           case when f.g % 5 = 0 then 'emitida' else 'cobrada' end,
           'F', extract(year from f.fecha)::int, f.g, 'F' || extract(year from f.fecha) || '-' || lpad(f.g::text, 6, '0'),
           f.fecha, f.fecha + 30, c.id,
           jsonb_build_object('nombre', c.nombre, 'documento', null, 'direccion', '[]'::jsonb),
           'Alquiler de maquinaria y andamios', 'alquiler',
           '[]'::jsonb,
           jsonb_build_array(jsonb_build_object('calificacion', 'S1', 'exencion', null, 'tipoIva', 21,
             'base', '100.00', 'cuota', '21.00', 'tipoRecargo', null, 'cuotaRecargo', '0.00')),
           100, 21, 0, 121, 0, 121,
           case when f.g % 5 = 0 then 0 else 121 end,
           case when f.g % 5 = 0 then 121 else 0 end,
           'f' || extract(year from f.fecha) || '-' || lpad(f.g::text, 6, '0') || ' ' || lower(c.nombre)
    from f join c on c.n = 1 + (f.g % ${v.clientes})`);
  await db.execute(sql`analyze facturas`);
  // The received invoices of the same ten years (libro registro de facturas recibidas): two lines
  // each, one at 21 % fully deductible and one at 10 % half deductible; every tenth still unpaid.
  await db.execute(sql`
    insert into partes (tipo, empresa, nombre, documento, nombre_busqueda, busqueda)
    select 'proveedor', 'alquileres', 'Proveedor compra ' || g, null,
           'proveedor compra ' || g, 'proveedor compra ' || g
    from generate_series(1, ${v.proveedores}) g`);
  await db.execute(sql`
    with p as (
      select id, nombre, row_number() over (order by id) as n from partes
      where tipo = 'proveedor' and empresa = 'alquileres' and nombre like 'Proveedor compra %'
    ), c as (
      select g, (${hoy}::date - (${v.compras} - g) * 3650 / ${v.compras})::date as fecha
      from generate_series(1, ${v.compras}) g
    )
    insert into compras (empresa, numero_registro, estado, proveedor_id, proveedor,
      numero_factura_proveedor, tipo_factura, fecha_expedicion, fecha_recepcion, fecha_vencimiento,
      lineas, base_imponible, cuota_iva, cuota_deducible, importe_total, retencion, total_a_pagar,
      pagado, pendiente, busqueda)
    select 'alquileres', 'C' || extract(year from c.fecha) || '-' || lpad(c.g::text, 6, '0'),
           case when c.g % 10 = 0 then 'pendiente' else 'pagada' end,
           p.id, jsonb_build_object('nombre', p.nombre, 'documento', null),
           'PF-' || c.g, 'F1', c.fecha - 2, c.fecha, c.fecha + 30,
           jsonb_build_array(
             jsonb_build_object('descripcion', 'Repuestos', 'cuentaGasto', '600', 'base', '200.00',
               'tipoIva', 21, 'tratamiento', 'general', 'deduciblePct', '100',
               'bienInversion', false, 'cuota', '42.00', 'cuotaDeducible', '42.00'),
             jsonb_build_object('descripcion', 'Transporte', 'cuentaGasto', '624', 'base', '50.00',
               'tipoIva', 10, 'tratamiento', 'general', 'deduciblePct', '50',
               'bienInversion', false, 'cuota', '5.00', 'cuotaDeducible', '2.50')),
           250, 47, 44.5, 297, 0, 297,
           case when c.g % 10 = 0 then 0 else 297 end,
           case when c.g % 10 = 0 then 297 else 0 end,
           'c' || extract(year from c.fecha) || '-' || lpad(c.g::text, 6, '0') || ' ' || lower(p.nombre)
    from c join p on p.n = 1 + (c.g % ${v.proveedores})`);
  await db.execute(sql`analyze compras`);
};
