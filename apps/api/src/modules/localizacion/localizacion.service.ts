import { MESSAGES } from '@tvsistema/domain/messages';
import {
  LOCALIZACION_MESSAGES,
  LOCATION_ENTITIES,
  normalizeSearchText,
} from '@tvsistema/domain/localizacion';
import type {
  CalleCreate,
  CalleListQuery,
  CiudadCreate,
  CiudadListQuery,
  CodigoPostalCreate,
  CodigoPostalListQuery,
  CodigoPostalUpdate,
  LocationChildCount,
  LocationDependencies,
  LocationListMeta,
  MunicipioCreate,
  MunicipioListQuery,
  PaisCreate,
  PaisListQuery,
  ProvinciaCreate,
  ProvinciaListQuery,
} from '@tvsistema/domain/localizacion';
import { FOREIGN_KEY_VIOLATION, pgErrorOf, UNIQUE_VIOLATION } from '../../db/pg-errors.js';
import { HttpError, invalidData } from '../../http/errors.js';
import { isUuid } from '../../http/schemas.js';
import { checkVersion, staleVersion } from '../../http/versioning.js';
import type { AuthUser } from '../../auth/auth.plugin.js';
import type { HistorialQuery } from '@tvsistema/domain/historial';
import { leerHistorial, registrarHistorial } from '../historial/index.js';
import type { LevelDefinition } from './localizacion.levels.js';
import { entityOfTable } from './localizacion.repository.js';
import type { LocalizacionRepository, LocationRow, ListParams } from './localizacion.repository.js';

const L = LOCALIZACION_MESSAGES;

/** Every field a create or update body of any level may carry, after the domain schema. */
export type LocationInput = Partial<
  PaisCreate &
    ProvinciaCreate &
    MunicipioCreate &
    CiudadCreate &
    CalleCreate &
    CodigoPostalCreate &
    CodigoPostalUpdate
>;

/** A list query of any level, after the domain schema. */
export type LocationListInput = Partial<
  PaisListQuery &
    ProvinciaListQuery &
    MunicipioListQuery &
    CiudadListQuery &
    CalleListQuery &
    CodigoPostalListQuery
> &
  Pick<PaisListQuery, 'page' | 'limit'>;

export type LocationPage = { data: LocationRow[]; meta: LocationListMeta };

const labelOf = (row: LocationRow): string =>
  typeof row.nombre === 'string' ? row.nombre : String(row.valor);

const invalidId = (level: LevelDefinition) => new HttpError(404, L.invalidId(level.entity));

/** The fields of a location the history follows (whichever the level has). */
const HISTORY_FIELDS = [
  'nombre',
  'valor',
  'codigo',
  'activo',
  'paisId',
  'provinciaId',
  'municipioId',
  'ciudadId',
] as const;

/** The history's name of a level's records, e.g. `localizacion.calle`. */
export const historyResourceOf = (level: LevelDefinition) => `localizacion.${level.entity}`;

/** Who makes a change (the routes' signed-in user). */
type Autor = Pick<AuthUser, 'sub' | 'email'> | undefined;

export type LocalizacionService = ReturnType<typeof createLocalizacionService>;

export const createLocalizacionService = (repository: LocalizacionRepository) => {
  /** The row, or 404 "ID de … inválido" for an unknown or malformed id (SPEC 8). */
  const existing = async (level: LevelDefinition, id: string): Promise<LocationRow> => {
    const row = isUuid(id) ? await repository.findById(level, id) : undefined;
    if (!row) throw invalidId(level);
    return row;
  };

  const duplicate = (level: LevelDefinition, nombre: string) =>
    new HttpError(409, L.duplicate(level.entity, nombre, level.uniqueUnder));

  /** What hangs from a row: its children in this module and its uses anywhere else. */
  const dependenciesOf = async (
    level: LevelDefinition,
    id: string,
  ): Promise<LocationDependencies> => {
    const references = await repository.references(level, id);
    const hijos: LocationChildCount[] = [];
    let usos = 0;
    for (const { table, total } of references) {
      const entidad = entityOfTable(table);
      if (entidad) hijos.push({ entidad, total });
      else usos += total;
    }
    // In the hierarchy's order: "tiene 67 municipios y 67 ciudades".
    hijos.sort(
      (a, b) => LOCATION_ENTITIES.indexOf(a.entidad) - LOCATION_ENTITIES.indexOf(b.entidad),
    );
    return { hijos, usos };
  };

  const isBlocked = ({ hijos, usos }: LocationDependencies) =>
    usos > 0 || hijos.some((child) => child.total > 0);

  const notDeletable = (level: LevelDefinition, row: LocationRow, deps: LocationDependencies) =>
    new HttpError(409, L.notDeletable(level.entity, labelOf(row), deps.hijos, deps.usos));

  /** Values by field of a name or postal code, with the accent-free form searches use. */
  const valuesOf = (level: LevelDefinition, input: LocationInput): Record<string, unknown> => {
    const values: Record<string, unknown> = {};
    if (input.nombre !== undefined) {
      values.nombre = input.nombre;
      values.nombreBusqueda = normalizeSearchText(input.nombre);
    }
    for (const field of level.extraFields) {
      if (input[field] !== undefined) values[field] = input[field];
    }
    return values;
  };

  return {
    list: async (level: LevelDefinition, input: LocationListInput): Promise<LocationPage> => {
      const filters: ListParams['filters'][number][] = [];
      const errors: string[] = [];
      for (const parent of level.parents) {
        const value = input[parent.field];
        if (value === undefined) continue;
        if (isUuid(value)) filters.push({ field: parent.field, value });
        else errors.push(`${parent.field}: ${L.invalidId(parent.entity)}`);
      }
      if (errors.length > 0) throw invalidData(errors);
      const typed = input[level.search.param];
      const text = typed === undefined ? '' : level.search.normalize(typed);
      // hasMore without count(*): ask for one row more than the page shows.
      const rows = await repository.list(level, {
        filters,
        text: text === '' ? undefined : text,
        limit: input.limit + 1,
        offset: (input.page - 1) * input.limit,
      });
      return {
        data: rows.slice(0, input.limit),
        meta: { page: input.page, limit: input.limit, hasMore: rows.length > input.limit },
      };
    },

    get: existing,

    create: async (level: LevelDefinition, input: LocationInput, autor?: Autor) => {
      const values = valuesOf(level, input);
      const errors: string[] = [];
      for (const parent of level.parents) {
        const value = input[parent.field];
        if (value !== undefined && isUuid(value)) values[parent.field] = value;
        else errors.push(`${parent.field}: ${parent.missingMessage}`);
      }
      if (errors.length > 0) throw invalidData(errors);
      if (level.entity === 'ciudad' && input.municipioId && input.provinciaId) {
        const provinciaId = await repository.provinciaOfMunicipio(input.municipioId);
        if (provinciaId === undefined) {
          throw invalidData([`municipioId: ${MESSAGES.validation.municipalityFirst}`]);
        }
        if (provinciaId !== input.provinciaId.toLowerCase()) {
          throw invalidData([`municipioId: ${L.municipioOutsideProvincia}`]);
        }
      }
      try {
        const row = await repository.transaction(async (tx) => {
          const inserted = await repository.insert(level, values, tx);
          await registrarHistorial(tx, {
            recurso: historyResourceOf(level),
            registroId: inserted._id,
            accion: 'crear',
            despues: inserted,
            campos: HISTORY_FIELDS,
            usuario: autor,
          });
          return inserted;
        });
        return { data: row, message: L.created(level.entity, labelOf(row)) };
      } catch (error) {
        const failure = pgErrorOf(error);
        if (failure?.code === UNIQUE_VIOLATION) {
          throw duplicate(level, String(input.nombre ?? input.valor));
        }
        if (failure?.code === FOREIGN_KEY_VIOLATION) {
          // The parent the user picked no longer exists (or never did).
          const parent =
            level.parents.find((ref) => ref.foreignKey === failure.constraint) ?? level.parents[0];
          if (parent) throw invalidData([`${parent.field}: ${parent.missingMessage}`]);
        }
        throw error;
      }
    },

    /** `version`: the one the caller read; a row changed since then is a 409, untouched. */
    update: async (
      level: LevelDefinition,
      id: string,
      input: LocationInput,
      version: number | undefined,
      autor?: Autor,
    ) => {
      const current = await existing(level, id);
      checkVersion(current.version, version);
      const values = valuesOf(level, input);
      try {
        const row =
          Object.keys(values).length > 0
            ? await repository.transaction(async (tx) => {
                const updated = await repository.update(level, id, values, current.version, tx);
                if (updated) {
                  await registrarHistorial(tx, {
                    recurso: historyResourceOf(level),
                    registroId: id,
                    accion: 'modificar',
                    antes: current,
                    despues: updated,
                    campos: HISTORY_FIELDS,
                    usuario: autor,
                  });
                }
                return updated;
              })
            : current;
        // Gone or changed between the read above and the update.
        if (!row) {
          if (await repository.findById(level, id)) throw staleVersion();
          throw invalidId(level);
        }
        return { data: row, message: L.updated(level.entity, labelOf(row)) };
      } catch (error) {
        if (pgErrorOf(error)?.code === UNIQUE_VIOLATION) {
          throw duplicate(level, String(input.nombre ?? input.valor));
        }
        throw error;
      }
    },

    /**
     * Refuses (409, saying what blocks it) while children or addresses reference the row. The
     * foreign keys (ON DELETE RESTRICT) are the final guard: a reference added between the count
     * and the delete makes the delete fail, and that failure gets the same answer.
     */
    remove: async (level: LevelDefinition, id: string, version?: number, autor?: Autor) => {
      const row = await existing(level, id);
      if (version !== undefined) checkVersion(row.version, version);
      const dependencies = await dependenciesOf(level, id);
      if (isBlocked(dependencies)) throw notDeletable(level, row, dependencies);
      try {
        const deleted = await repository.transaction(async (tx) => {
          const gone = await repository.remove(level, id, version, tx);
          if (gone) {
            await registrarHistorial(tx, {
              recurso: historyResourceOf(level),
              registroId: id,
              accion: 'eliminar',
              antes: gone,
              campos: HISTORY_FIELDS,
              usuario: autor,
            });
          }
          return gone;
        });
        if (!deleted) {
          if (version !== undefined && (await repository.findById(level, id))) {
            throw staleVersion();
          }
          throw invalidId(level);
        }
        return { data: deleted, message: L.deleted(level.entity, labelOf(deleted)) };
      } catch (error) {
        if (pgErrorOf(error)?.code === FOREIGN_KEY_VIOLATION) {
          throw notDeletable(level, row, await dependenciesOf(level, id));
        }
        throw error;
      }
    },

    /** The row's history, newest first (404 for an unknown id, as GET). */
    history: async (level: LevelDefinition, id: string, query: HistorialQuery) => {
      await existing(level, id);
      return leerHistorial(repository.database, historyResourceOf(level), id, query);
    },

    dependencies: async (level: LevelDefinition, id: string) => {
      await existing(level, id);
      return dependenciesOf(level, id);
    },
  };
};
