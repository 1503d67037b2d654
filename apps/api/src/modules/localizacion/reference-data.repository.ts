import type { Database, SqlRunner } from '../../db/database.js';

// Set-based SQL for the reference seed: each level is one INSERT … SELECT over unnest() of
// parameter arrays, joined on the INE codes, instead of thousands of single-row inserts.

type Names = { nombre: string[]; busqueda: string[] };

export type LocationSeed = {
  paises: Names & { codigo: string[] };
  provincias: Names & { codigo: string[]; alternativo: string[]; alternativoBusqueda: string[] };
  municipios: Names & { codigo: string[]; provinciaCodigo: string[] };
  codigosPostales: { valor: string[]; municipioCodigo: string[] };
};

export type SeedCounts = {
  paises: number;
  provincias: number;
  municipios: number;
  ciudades: number;
  codigosPostales: number;
};

// Any constant shared by every replica; pg_advisory_xact_lock releases it at commit.
const SEED_LOCK_KEY = '7400130912';

/** The provinces of the seed hang from Spain, found by its ISO code. */
const SPAIN = `(select id from paises where codigo = 'ES' order by created_at, id limit 1)`;

/** Number of rows an `insert … returning 1` wrapped in a CTE inserted. */
const counted = async (tx: SqlRunner, insert: string, params: unknown[]): Promise<number> =>
  (
    await tx.query<{ n: number }>(
      `with ins as (${insert} returning 1) select count(*)::int as n from ins`,
      params,
    )
  )[0]?.n ?? 0;

const seededVersion = async (database: Database, key: string): Promise<string | undefined> =>
  database.withSession(
    async (session) =>
      (
        await session.query<{ value: string }>('select value from app_meta where key = $1', [key])
      )[0]?.value,
  );

/**
 * Inserts what is missing and records the version, in one transaction; undefined when another
 * process recorded this version meanwhile (checked again under the lock).
 */
const seedLocations = async (
  database: Database,
  { key, version, seed }: { key: string; version: string; seed: LocationSeed },
): Promise<SeedCounts | undefined> =>
  database
    .withSession((session) =>
      session.transaction(async (tx) => {
        await tx.query('select pg_advisory_xact_lock($1::bigint)', [SEED_LOCK_KEY]);
        const current = await tx.query<{ value: string }>(
          'select value from app_meta where key = $1',
          [key],
        );
        if (current[0]?.value === version) return undefined;

        const { paises, provincias, municipios, codigosPostales } = seed;
        const counts: SeedCounts = {
          paises: await counted(
            tx,
            `insert into paises (nombre, nombre_busqueda, codigo)
           select u.nombre, u.busqueda, u.codigo
             from unnest($1::text[], $2::text[], $3::text[]) as u(codigo, nombre, busqueda)
           on conflict do nothing`,
            [paises.codigo, paises.nombre, paises.busqueda],
          ),
          provincias: await counted(
            tx,
            `insert into provincias
             (nombre, nombre_busqueda, nombre_alternativo, nombre_alternativo_busqueda, pais_id, codigo)
           select u.nombre, u.busqueda, nullif(u.alternativo, ''), nullif(u.alternativo_busqueda, ''),
                  ${SPAIN}, u.codigo
             from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[])
                  as u(codigo, nombre, busqueda, alternativo, alternativo_busqueda)
           on conflict do nothing`,
            [
              provincias.codigo,
              provincias.nombre,
              provincias.busqueda,
              provincias.alternativo,
              provincias.alternativoBusqueda,
            ],
          ),
          municipios: await counted(
            tx,
            `insert into municipios (nombre, nombre_busqueda, provincia_id, codigo)
           select u.nombre, u.busqueda, p.id, u.codigo
             from unnest($1::text[], $2::text[], $3::text[], $4::text[])
                  as u(codigo, nombre, busqueda, provincia_codigo)
             join provincias p on p.codigo = u.provincia_codigo and p.pais_id = ${SPAIN}
           on conflict do nothing`,
            [municipios.codigo, municipios.nombre, municipios.busqueda, municipios.provinciaCodigo],
          ),
          // One ciudad per municipio, its main town, with the same name (issue 4).
          ciudades: await counted(
            tx,
            `insert into ciudades (nombre, nombre_busqueda, provincia_id, municipio_id)
           select m.nombre, m.nombre_busqueda, m.provincia_id, m.id
             from municipios m
             join provincias p on p.id = m.provincia_id and p.pais_id = ${SPAIN}
            where m.codigo = any($1::text[])
           on conflict do nothing`,
            [municipios.codigo],
          ),
          codigosPostales: await counted(
            tx,
            `insert into codigos_postales (valor, ciudad_id)
           select u.valor, c.id
             from unnest($1::text[], $2::text[]) as u(valor, municipio_codigo)
             join municipios m on m.codigo = u.municipio_codigo
             join provincias p on p.id = m.provincia_id and p.pais_id = ${SPAIN}
             join ciudades c on c.municipio_id = m.id and c.nombre_busqueda = m.nombre_busqueda
           on conflict do nothing`,
            [codigosPostales.valor, codigosPostales.municipioCodigo],
          ),
        };
        await tx.query(
          `insert into app_meta (key, value) values ($1, $2)
         on conflict (key) do update set value = excluded.value, updated_at = now()`,
          [key, version],
        );
        return counts;
      }),
    )
    .then(async (counts) => {
      // Fresh statistics for the planner: PGlite has no autovacuum to gather them after a bulk load.
      if (counts) {
        await database.withSession((session) =>
          session.exec('analyze paises, provincias, municipios, ciudades, codigos_postales'),
        );
      }
      return counts;
    });

export type ReferenceDataRepository = ReturnType<typeof createReferenceDataRepository>;

export const createReferenceDataRepository = (database: Database) => ({
  /** The version of a reference data set recorded in app_meta, if any. */
  seededVersion: (key: string) => seededVersion(database, key),
  seedLocations: (input: { key: string; version: string; seed: LocationSeed }) =>
    seedLocations(database, input),
});
