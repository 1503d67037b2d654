import type { Database } from '../../db/database.js';

// The SQL of the bulk seed (partes.seed.ts): Mallorca's locations to give the parties addresses,
// and set-based inserts, thousands of rows per statement through jsonb_to_recordset.

// INE codes of the municipalities of Menorca, Eivissa and Formentera (province 07 is all the
// Balearic Islands); the seed keeps to Mallorca.
const NOT_MALLORCA = [
  '07002',
  '07015',
  '07023',
  '07024',
  '07026',
  '07032',
  '07037',
  '07046',
  '07048',
  '07050',
  '07052',
  '07054',
  '07064',
  '07902',
];

export type SeedLocations = {
  paisId: string | null;
  provinciaId: string | null;
  municipios: { id: string; ciudades: { id: string; calles: string[]; codigos: string[] }[] }[];
};

/**
 * Mallorca from the location reference data (España → Illes Balears → its municipalities and
 * their cities, streets and postal codes), as far as it is there; empty when it is not.
 */
const loadMallorca = async (database: Database): Promise<SeedLocations> =>
  database.withSession(async (session) => {
    const [pais] = await session.query<{ id: string }>(
      `select id from paises where codigo = 'ES' or nombre_busqueda = 'espana' order by codigo nulls last limit 1`,
    );
    if (!pais) return { paisId: null, provinciaId: null, municipios: [] };
    const [provincia] = await session.query<{ id: string }>(
      `select id from provincias where pais_id = $1
         and (codigo = '07' or nombre_busqueda in ('illes balears', 'islas baleares'))
       order by codigo nulls last limit 1`,
      [pais.id],
    );
    if (!provincia) return { paisId: pais.id, provinciaId: null, municipios: [] };
    const rows = await session.query<{
      municipio_id: string;
      ciudad_id: string | null;
      calles: string[] | null;
      codigos: string[] | null;
    }>(
      `select m.id as municipio_id, c.id as ciudad_id,
              (select array_agg(id) from (select id from calles where ciudad_id = c.id limit 50) s) as calles,
              (select array_agg(id) from codigos_postales where ciudad_id = c.id) as codigos
         from municipios m left join ciudades c on c.municipio_id = m.id
        where m.provincia_id = $1 and (m.codigo is null or not (m.codigo = any($2::text[])))`,
      [provincia.id, NOT_MALLORCA],
    );
    const byMunicipio = new Map<string, SeedLocations['municipios'][number]>();
    for (const row of rows) {
      const municipio = byMunicipio.get(row.municipio_id) ?? { id: row.municipio_id, ciudades: [] };
      byMunicipio.set(row.municipio_id, municipio);
      if (row.ciudad_id) {
        municipio.ciudades.push({
          id: row.ciudad_id,
          calles: row.calles ?? [],
          codigos: row.codigos ?? [],
        });
      }
    }
    return { paisId: pais.id, provinciaId: provincia.id, municipios: [...byMunicipio.values()] };
  });

const COLUMNS = `tipo text, empresa text, activo boolean, nombre text, documento text,
  "nombreBusqueda" text, busqueda text, cuenta_contable_proveedor text, cuenta_contable_compra text,
  cuenta_contable_cliente text, cuenta_contable_venta text, cuenta_contable_retencion text,
  contactos jsonb, observaciones jsonb, direccion_pais_id uuid, direccion_provincia_id uuid,
  direccion_municipio_id uuid, direccion_ciudad_id uuid, direccion_calle_id uuid,
  direccion_codigo_postal_id uuid, direccion_altura integer, direccion_planta text,
  direccion_local text, direccion_observacion text, created_at timestamptz, updated_at timestamptz`;

const INSERT = `insert into partes (tipo, empresa, activo, nombre, documento, nombre_busqueda, busqueda,
    cuenta_contable_proveedor, cuenta_contable_compra, cuenta_contable_cliente, cuenta_contable_venta,
    cuenta_contable_retencion, contactos, observaciones, direccion_pais_id, direccion_provincia_id,
    direccion_municipio_id, direccion_ciudad_id, direccion_calle_id, direccion_codigo_postal_id,
    direccion_altura, direccion_planta, direccion_local, direccion_observacion,
    created_at, created_by_sub, created_by_email, updated_at, updated_by_sub, updated_by_email)
  select tipo, empresa, activo, nombre, documento, "nombreBusqueda", busqueda,
    cuenta_contable_proveedor, cuenta_contable_compra, cuenta_contable_cliente, cuenta_contable_venta,
    cuenta_contable_retencion, contactos, observaciones, direccion_pais_id, direccion_provincia_id,
    direccion_municipio_id, direccion_ciudad_id, direccion_calle_id, direccion_codigo_postal_id,
    direccion_altura, direccion_planta, direccion_local, direccion_observacion,
    created_at, 'seed-bulk', null, updated_at, 'seed-bulk', null
  from jsonb_to_recordset($1::jsonb) as r(${COLUMNS})
  on conflict do nothing`;

export type PartesSeedRepository = ReturnType<typeof createPartesSeedRepository>;

export const createPartesSeedRepository = (database: Database) => ({
  loadMallorca: () => loadMallorca(database),

  /** How many parties of this type there are already. */
  count: async (tipo: string): Promise<number> => {
    const [row] = await database.withSession((session) =>
      session.query<{ n: string }>('select count(*) as n from partes where tipo = $1', [tipo]),
    );
    return Number(row?.n ?? 0);
  },

  /** Inserts the rows (duplicates skipped); how many went in. */
  insertBatch: async (rows: readonly Record<string, unknown>[]): Promise<number> => {
    const [row] = await database.withSession((session) =>
      session.query<{ n: string }>(
        `with inserted as (${INSERT} returning 1) select count(*) as n from inserted`,
        [JSON.stringify(rows)],
      ),
    );
    return Number(row?.n ?? 0);
  },

  /**
   * Fresh statistics (or the planner guesses row counts after the load) and a visibility map, so
   * page queries stay index-only; PGlite runs no autovacuum of its own.
   */
  analyze: async (): Promise<void> => {
    await database.withSession((session) => session.exec('vacuum analyze partes'));
  },
});
