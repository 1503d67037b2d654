import { sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { rowsOf } from '../../db/executor.js';

// inventario.md §10: "ten years of a Mallorca rental company, about twice the expected size", for
// `npm run bench -- inventario`. Set-based inserts (generate_series), straight into the tables a
// benchmark measures; never used by the product. `escala` shrinks every count (0.1 → a tenth).

export type VolumenInventario = {
  maquinas: number;
  componentes: number;
  conceptos: number;
  bloqueosMaquina: number;
  bloqueosComponente: number;
  movimientos: number;
  movimientosComponenteMayor: number;
  lecturas: number;
  mantenimientos: number;
  documentos: number;
};

export const volumenInventario = (escala = 1): VolumenInventario => {
  const n = (valor: number) => Math.max(1, Math.round(valor * escala));
  return {
    maquinas: n(1000),
    componentes: n(1000),
    conceptos: n(300),
    bloqueosMaquina: n(200_000),
    bloqueosComponente: n(200_000),
    movimientos: n(1_000_000),
    movimientosComponenteMayor: n(50_000),
    lecturas: n(200_000),
    mantenimientos: n(20_000),
    documentos: n(10_000),
  };
};

const TIPOS = [
  'excavadora',
  'miniexcavadora',
  'plataforma_tijera',
  'plataforma_articulada',
  'plataforma_telescopica',
  'manipulador_telescopico',
  'dumper',
  'compactador',
  'generador',
  'otra',
];
const PREFIJOS = ['EXC', 'MEX', 'PTJ', 'PAR', 'PTL', 'MTL', 'DUM', 'COM', 'GEN', 'OTR'];
const MARCAS = [
  'Kubota',
  'Yanmar',
  'Komatsu',
  'Genie',
  'JLG',
  'Manitou',
  'Ausa',
  'Bomag',
  'Atlas Copco',
  'Haulotte',
];
const CATEGORIAS = [
  'marco',
  'plataforma',
  'barandilla',
  'diagonal',
  'husillo',
  'base',
  'rodapie',
  'escalera',
  'anclaje',
  'abrazadera',
  'tubo',
  'red',
  'otro',
];

/** A computed integer written into the statement (its type is then never ambiguous). */
const ent = (value: number) => sql.raw(String(Math.trunc(value)));

const arr = (values: readonly string[]) =>
  sql.raw(`array[${values.map((v) => `'${v}'`).join(',')}]`);

/**
 * Fills an empty inventario with `volumen`, the bookings spread over ten years up to `hoy`
 * plus the next year (one booking per machine every 9 days, never overlapping).
 */
export const seedVolumenInventario = async (
  database: Database,
  volumen: VolumenInventario,
  hoy: string,
) => {
  const db = database.db;
  const inicio = sql`(${hoy}::date - 3650)`;
  await rowsOf(
    db,
    sql`insert into maquinas (codigo_interno, tipo, marca, marca_normalizada, modelo, anio, numero_serie,
          horometro, horas_acumuladas, estado, tarifa_dia, tarifa_semana, tarifa_mes, peso_kg, busqueda,
          dias_preparacion)
        select p || '-' || lpad(i::text, 4, '0'), t, m, lower(m), 'Modelo ' || (i % 37), 2010 + i % 15,
          'SN' || lpad(i::text, 7, '0'), (i % 9000)::numeric, (i % 9000)::numeric,
          case when i % 50 = 0 then 'baja' when i % 13 = 0 then 'en_taller' else 'disponible' end,
          60 + i % 200, 240 + (i % 200) * 4, 700 + (i % 200) * 10, 1000 + i % 9000,
          lower(p || '-' || lpad(i::text, 4, '0') || ' ' || m || ' modelo ' || (i % 37) || ' sn' || lpad(i::text, 7, '0')),
          i % 3
        from (select i, (${arr(PREFIJOS)})[1 + i % 10] as p, (${arr(TIPOS)})[1 + i % 10] as t,
                (${arr(MARCAS)})[1 + (i / 10) % 10] as m
              from generate_series(1, ${ent(volumen.maquinas)}) i) s`,
  );
  await rowsOf(
    db,
    sql`insert into andamio_componentes (codigo, nombre, categoria, peso_kg, precio_dia, precio_mes, precio_reposicion, busqueda, stock_minimo)
        select 'CMP-' || lpad(i::text, 5, '0'), 'Componente ' || c || ' ' || i, c, 1 + (i % 25),
          0.01 + (i % 20) / 100.0, 0.3 + (i % 20) / 10.0, 10 + i % 90,
          'cmp-' || lpad(i::text, 5, '0') || ' componente ' || c || ' ' || i, i % 7 * 10
        from (select i, (${arr(CATEGORIAS)})[1 + i % 13] as c from generate_series(1, ${ent(volumen.componentes)}) i) s`,
  );
  await rowsOf(
    db,
    sql`insert into andamio_stock (componente_id, disponible, alquilado, en_reparacion, baja)
        select id, 100 + (row_number() over (order by codigo))::int % 900, 50, 5, 2 from andamio_componentes`,
  );
  await rowsOf(
    db,
    sql`insert into conceptos (codigo, nombre, tipo, unidad, precio, busqueda)
        select 'CON-' || lpad(i::text, 4, '0'), 'Concepto de alquiler ' || i,
          (array['alquiler','transporte','montaje','desmontaje','limpieza','otro'])[1 + i % 6],
          (array['dia','viaje','m2','unidad','km','hora'])[1 + i % 6], 5 + i % 300,
          'con-' || lpad(i::text, 4, '0') || ' concepto de alquiler ' || i
        from generate_series(1, ${ent(volumen.conceptos)}) i`,
  );
  // Machine bookings: per machine, one every 9 days for 6 days from ten years ago.
  const porMaquina = Math.ceil(volumen.bloqueosMaquina / volumen.maquinas);
  await rowsOf(
    db,
    sql`insert into inventario_bloqueos (maquina_id, cantidad, desde, hasta, hasta_prevista, dias_preparacion,
          origen_tipo, origen_id, linea_id, numero, etiqueta, en_curso)
        select m.id, 1, ${inicio} + k * 9, ${inicio} + k * 9 + 5, ${inicio} + k * 9 + 5, m.dias_preparacion % 3,
          'alquiler', 'A-' || m.codigo_interno || '-' || k, 'l1', 'A' || (2016 + k / 40) || '-' || lpad(k::text, 5, '0'),
          'Cliente ' || (k % 400), false
        from maquinas m cross join generate_series(0, ${ent(porMaquina - 1)}) k`,
  );
  // Component bookings: overlapping quantities, from ten years ago to a year ahead.
  const porComponente = Math.ceil(volumen.bloqueosComponente / volumen.componentes);
  await rowsOf(
    db,
    sql`insert into inventario_bloqueos (componente_id, cantidad, desde, hasta, hasta_prevista, origen_tipo, origen_id,
          linea_id, numero, etiqueta)
        select c.id, 1 + k % 20, ${inicio} + (k * 4015 / ${ent(porComponente)}), ${inicio} + (k * 4015 / ${ent(porComponente)}) + 20 + k % 40,
          ${inicio} + (k * 4015 / ${ent(porComponente)}) + 20 + k % 40,
          'alquiler', 'AC-' || c.codigo || '-' || k, 'l1', 'A-' || k, 'Cliente ' || (k % 400)
        from andamio_componentes c cross join generate_series(0, ${ent(porComponente - 1)}) k`,
  );
  // Movements: the busiest component takes its share, the rest spread evenly.
  const resto = Math.max(0, volumen.movimientos - volumen.movimientosComponenteMayor);
  const porResto = Math.ceil(resto / Math.max(1, volumen.componentes - 1));
  await rowsOf(
    db,
    sql`insert into andamio_movimientos (componente_id, tipo, cantidad, de, a, fecha, referencia_tipo, referencia_numero)
        select c.id, case when k % 2 = 0 then 'entrega' else 'devolucion' end, 1 + k % 50,
          case when k % 2 = 0 then 'disponible' else 'alquilado' end,
          case when k % 2 = 0 then 'alquilado' else 'disponible' end,
          ${inicio} + (k * 3650 / greatest(n, 1)), 'albaran', 'AE-' || k
        from (select id, codigo, case when codigo = 'CMP-00001' then ${ent(volumen.movimientosComponenteMayor)} else ${ent(porResto)} end as n
              from andamio_componentes) c
        cross join lateral generate_series(0, c.n - 1) k`,
  );
  const lecturasPorMaquina = Math.ceil(volumen.lecturas / volumen.maquinas);
  await rowsOf(
    db,
    sql`insert into maquina_horometros (maquina_id, fecha, lectura, horas_acumuladas, origen)
        select m.id, ${inicio} + k * (3650 / ${ent(lecturasPorMaquina)}), k * 10, k * 10, 'manual'
        from maquinas m cross join generate_series(0, ${ent(lecturasPorMaquina - 1)}) k`,
  );
  const mantPorMaquina = Math.ceil(volumen.mantenimientos / volumen.maquinas);
  await rowsOf(
    db,
    sql`insert into maquina_mantenimientos (maquina_id, tipo, descripcion, fecha_inicio, fecha_fin_prevista, estado)
        select m.id, 'revision', 'Revisión ' || k, ${inicio} + k * 180, ${inicio} + k * 180 + 2, 'finalizado'
        from maquinas m cross join generate_series(0, ${ent(mantPorMaquina - 1)}) k`,
  );
  const docsPorMaquina = Math.ceil(volumen.documentos / volumen.maquinas);
  await rowsOf(
    db,
    sql`insert into maquina_documentos (maquina_id, tipo, fecha_caducidad)
        select m.id, (array['declaracion_ce','manual','itv','seguro','inspeccion','otro','ficha_tecnica','factura_compra','permiso_circulacion','adecuacion_rd1215'])[1 + k % 10],
          case when k % 10 in (2, 3, 4) then ${hoy}::date + (k * 37 % 400) - 30 end
        from maquinas m cross join generate_series(0, ${ent(docsPorMaquina - 1)}) k`,
  );
  await database.withSession((session) => session.exec('analyze'));
};
