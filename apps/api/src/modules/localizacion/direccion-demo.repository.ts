import { normalizeSearchText } from '@tvsistema/domain/localizacion';
import type { DireccionParsed } from '@tvsistema/domain/localizacion';
import type { Database, SqlRunner } from '../../db/database.js';

// Addresses of the demo world (modules/README.md "Demo world"), on Spain's reference data: the
// municipality and its city by name within Illes Balears, the street and the postal code created
// under that city when missing (the reference data has no streets).

export type DireccionDemo = {
  municipio: string;
  calle?: string | null;
  altura?: number | null;
  codigoPostal?: string | null;
};

const one = async (runner: SqlRunner, text: string, params: unknown[]) =>
  (await runner.query<{ id: string }>(text, params))[0]?.id;

/** The address's ids, ready for a record's `direccion`; the levels it cannot find stay null. */
export const direccionDemo = async (
  runner: SqlRunner,
  direccion: DireccionDemo,
): Promise<DireccionParsed> => {
  const paisId = await one(runner, `select id from paises where nombre_busqueda = $1`, ['espana']);
  const provinciaId = await one(
    runner,
    `select id from provincias where pais_id = $1 and (nombre_busqueda = $2 or nombre_alternativo_busqueda = $2)`,
    [paisId, 'illes balears'],
  );
  const municipioId = await one(
    runner,
    `select id from municipios where provincia_id = $1 and nombre_busqueda = $2`,
    [provinciaId, normalizeSearchText(direccion.municipio)],
  );
  // The city of the same name, else the municipality's first one.
  const ciudadId = await one(
    runner,
    `select id from ciudades where municipio_id = $1 order by (nombre_busqueda = $2) desc, nombre limit 1`,
    [municipioId, normalizeSearchText(direccion.municipio)],
  );
  const nombreCalle = (direccion.calle ?? '').trim().toUpperCase();
  const calleId =
    ciudadId &&
    nombreCalle &&
    ((await one(runner, `select id from calles where ciudad_id = $1 and nombre_busqueda = $2`, [
      ciudadId,
      normalizeSearchText(nombreCalle),
    ])) ??
      (await one(
        runner,
        `insert into calles (nombre, nombre_busqueda, ciudad_id) values ($1, $2, $3) returning id`,
        [nombreCalle, normalizeSearchText(nombreCalle), ciudadId],
      )));
  const codigoPostalId =
    ciudadId && direccion.codigoPostal
      ? ((await one(runner, `select id from codigos_postales where ciudad_id = $1 and valor = $2`, [
          ciudadId,
          direccion.codigoPostal,
        ])) ??
        (await one(
          runner,
          `insert into codigos_postales (valor, ciudad_id) values ($1, $2) returning id`,
          [direccion.codigoPostal, ciudadId],
        )))
      : undefined;
  return {
    paisId: paisId || null,
    provinciaId: provinciaId || null,
    municipioId: municipioId || null,
    ciudadId: ciudadId || null,
    calleId: calleId || null,
    codigoPostalId: codigoPostalId || null,
    altura: direccion.altura ?? null,
    planta: null,
    local: null,
    observacion: null,
  };
};

/** direccionDemo in a transaction of its own (seeds that are not in one). */
export const crearDireccionDemo = (database: Database, direccion: DireccionDemo) =>
  database.withSession((session) => session.transaction((tx) => direccionDemo(tx, direccion)));
