import { sql } from 'drizzle-orm';
import type { DireccionIds } from '@tvsistema/domain/localizacion';
import { rowsOf } from '../../db/executor.js';
import type { Executor } from '../../db/executor.js';
import { direccionColumnName } from './direccion.table.js';
import {
  calles,
  ciudades,
  codigosPostales,
  municipios,
  paises,
  provincias,
} from './localizacion.table.js';

// The address's SQL: the chosen levels as stored (to check an address before a write) and the
// address object with its names (for records built in the database).

type Level<Parents extends string> =
  | ({ id: string; nombre: string } & Record<Parents, string>)
  | undefined;

/** Each chosen level as stored, with its parents' ids and its name; undefined when it does not exist. */
export type DireccionLevels = {
  pais: Level<never>;
  provincia: Level<'paisId'>;
  municipio: Level<'provinciaId'>;
  ciudad: Level<'provinciaId' | 'municipioId'>;
  calle: Level<'ciudadId'>;
  codigoPostal: Level<'ciudadId'>;
};

type LevelsRow = {
  pais_id: string | null;
  pais: string | null;
  provincia_id: string | null;
  provincia_pais_id: string | null;
  provincia: string | null;
  municipio_id: string | null;
  municipio_provincia_id: string | null;
  municipio: string | null;
  ciudad_id: string | null;
  ciudad_provincia_id: string | null;
  ciudad_municipio_id: string | null;
  ciudad: string | null;
  calle_id: string | null;
  calle_ciudad_id: string | null;
  calle: string | null;
  codigo_postal_id: string | null;
  codigo_postal_ciudad_id: string | null;
  codigo_postal: string | null;
};

const levelOf = <P extends string>(
  id: string | null,
  nombre: string | null,
  parents: Record<P, string | null>,
) =>
  id === null
    ? undefined
    : ({ id, nombre: nombre ?? '', ...parents } as { id: string; nombre: string } & Record<
        P,
        string
      >);

export type DireccionRepository = ReturnType<typeof createDireccionRepository>;

/** Runs on the caller's executor: a write checks its address inside its own transaction. */
export const createDireccionRepository = (executor: Executor) => ({
  /**
   * Every chosen level in one statement (ids that are null match nothing). The ids must be
   * well-formed uuids or null.
   */
  findLevels: async (ids: DireccionIds): Promise<DireccionLevels> => {
    const [row] = await rowsOf<LevelsRow>(
      executor,
      sql`select pa.id::text as pais_id, pa.nombre as pais,
                 pr.id::text as provincia_id, pr.pais_id::text as provincia_pais_id, pr.nombre as provincia,
                 mu.id::text as municipio_id, mu.provincia_id::text as municipio_provincia_id,
                 mu.nombre as municipio,
                 ci.id::text as ciudad_id, ci.provincia_id::text as ciudad_provincia_id,
                 ci.municipio_id::text as ciudad_municipio_id, ci.nombre as ciudad,
                 ca.id::text as calle_id, ca.ciudad_id::text as calle_ciudad_id, ca.nombre as calle,
                 cp.id::text as codigo_postal_id, cp.ciudad_id::text as codigo_postal_ciudad_id,
                 cp.valor as codigo_postal
            from (select 1) as chosen
            left join ${paises} pa on pa.id = ${ids.paisId}::uuid
            left join ${provincias} pr on pr.id = ${ids.provinciaId}::uuid
            left join ${municipios} mu on mu.id = ${ids.municipioId}::uuid
            left join ${ciudades} ci on ci.id = ${ids.ciudadId}::uuid
            left join ${calles} ca on ca.id = ${ids.calleId}::uuid
            left join ${codigosPostales} cp on cp.id = ${ids.codigoPostalId}::uuid`,
    );
    if (!row) throw new Error('The address statement returned no row');
    return {
      pais: levelOf(row.pais_id, row.pais, {}),
      provincia: levelOf(row.provincia_id, row.provincia, { paisId: row.provincia_pais_id }),
      municipio: levelOf(row.municipio_id, row.municipio, {
        provinciaId: row.municipio_provincia_id,
      }),
      ciudad: levelOf(row.ciudad_id, row.ciudad, {
        provinciaId: row.ciudad_provincia_id,
        municipioId: row.ciudad_municipio_id,
      }),
      calle: levelOf(row.calle_id, row.calle, { ciudadId: row.calle_ciudad_id }),
      codigoPostal: levelOf(row.codigo_postal_id, row.codigo_postal, {
        ciudadId: row.codigo_postal_ciudad_id,
      }),
    };
  },
});

/**
 * SQL of the API's `direccion` object (domain direccionSchema: every id with its current name,
 * then the free fields) for a row `alias` of a table with `direccionColumns(prefix)`. The partes
 * read model builds the same object (migration 0004); a table that stores an address and reads it
 * with its names selects this.
 */
export const direccionJsonSql = (alias: string, prefix = 'direccion'): string => {
  const column = (name: string) => `${alias}.${direccionColumnName(prefix, name)}`;
  const level = (key: string, id: string, table: string, name = 'nombre') =>
    `'${key}Id', ${column(id)}, '${key}', (select l.${name} from ${table} l where l.id = ${column(id)})`;
  return `jsonb_build_object(
    ${level('pais', 'pais_id', 'paises')},
    ${level('provincia', 'provincia_id', 'provincias')},
    ${level('municipio', 'municipio_id', 'municipios')},
    ${level('ciudad', 'ciudad_id', 'ciudades')},
    ${level('calle', 'calle_id', 'calles')},
    ${level('codigoPostal', 'codigo_postal_id', 'codigos_postales', 'valor')},
    'altura', ${column('altura')}, 'planta', ${column('planta')},
    'local', ${column('local')}, 'observacion', ${column('observacion')})`;
};

/**
 * SQL of the short address a list row shows (`{ calle, altura, ciudad }`: the street and city
 * names, the number), for a row `alias` as `direccionJsonSql`: two name reads instead of six.
 */
export const direccionBreveJsonSql = (alias: string, prefix = 'direccion'): string => {
  const column = (name: string) => `${alias}.${direccionColumnName(prefix, name)}`;
  return `json_build_object(
    'calle', (select l.nombre from calles l where l.id = ${column('calle_id')}),
    'altura', ${column('altura')},
    'ciudad', (select l.nombre from ciudades l where l.id = ${column('ciudad_id')}))`;
};
