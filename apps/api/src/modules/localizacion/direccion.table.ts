import { integer, text, uuid } from 'drizzle-orm/pg-core';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { direccionInputOf, EMPTY_DIRECCION } from '@tvsistema/domain/localizacion';
import type { DireccionParsed } from '@tvsistema/domain/localizacion';
import {
  calles,
  ciudades,
  codigosPostales,
  municipios,
  paises,
  provincias,
} from './localizacion.table.js';

// The columns of a structured address (DESIGN decision 2), for any table that stores one: the id
// of every location level, restricted (a level an address uses cannot be deleted), plus the free
// fields. Suppliers and clients use the prefix `direccion`; works or deliveries add theirs.

/** `direccion` → `direccion`, `direccionEntrega` → `direccion_entrega`: the SQL column prefix. */
const snakeOf = (prefix: string): string =>
  prefix.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** The SQL name of one address column: (`direccion`, `pais_id`) → `direccion_pais_id`. */
export const direccionColumnName = (prefix: string, column: string): string =>
  `${snakeOf(prefix)}_${column}`;

const levelRef = (name: string, target: () => AnyPgColumn) =>
  uuid(name).references(target, { onDelete: 'restrict' });

const columnsOf = (prefix: string) => {
  const name = (column: string) => direccionColumnName(prefix, column);
  return {
    PaisId: levelRef(name('pais_id'), () => paises.id),
    ProvinciaId: levelRef(name('provincia_id'), () => provincias.id),
    MunicipioId: levelRef(name('municipio_id'), () => municipios.id),
    CiudadId: levelRef(name('ciudad_id'), () => ciudades.id),
    CalleId: levelRef(name('calle_id'), () => calles.id),
    CodigoPostalId: levelRef(name('codigo_postal_id'), () => codigosPostales.id),
    Altura: integer(name('altura')),
    Planta: text(name('planta')),
    Local: text(name('local')),
    Observacion: text(name('observacion')),
  };
};

type Prefixed<P extends string, T> = { [K in keyof T & string as `${P}${K}`]: T[K] };
export type DireccionColumns<P extends string> = Prefixed<P, ReturnType<typeof columnsOf>>;

/**
 * `{ [prefix]PaisId, …, [prefix]CodigoPostalId, [prefix]Altura, [prefix]Planta, [prefix]Local,
 * [prefix]Observacion }`, to spread into a pgTable's columns.
 */
export const direccionColumns = <P extends string>(prefix: P): DireccionColumns<P> =>
  Object.fromEntries(
    Object.entries(columnsOf(prefix)).map(([key, column]) => [`${prefix}${key}`, column]),
  ) as DireccionColumns<P>;

export type DireccionValues<P extends string> = {
  [K in keyof DireccionParsed & string as `${P}${Capitalize<K>}`]: DireccionParsed[K];
};

/**
 * The column values of an address as parsed by the domain schema (none sent: every column null),
 * keyed as `direccionColumns(prefix)` names them, to spread into an insert or an update.
 */
export const direccionValuesOf = <P extends string>(
  prefix: P,
  direccion: DireccionParsed | undefined,
): DireccionValues<P> =>
  Object.fromEntries(
    Object.entries(direccionInputOf(direccion ?? EMPTY_DIRECCION)).map(([key, value]) => [
      `${prefix}${key.charAt(0).toUpperCase()}${key.slice(1)}`,
      value,
    ]),
  ) as DireccionValues<P>;
