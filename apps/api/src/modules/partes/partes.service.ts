import { setImmediate } from 'node:timers/promises';
import { normalizeSearchText } from '@tvsistema/domain/localizacion';
import {
  CUENTAS_CONTABLES,
  PARTE_LIST_MESSAGES,
  PARTE_TIPO_MESSAGES,
  PARTE_TIPOS,
  parseParteSort,
} from '@tvsistema/domain/partes';
import { pageMetaOf } from '@tvsistema/domain/lists';
import type {
  CuentaContable,
  Parte,
  ParteCreate,
  ParteExportQuery,
  ParteListQuery,
  ParteSort,
  ParteTipo,
  ParteUpdate,
} from '@tvsistema/domain/partes';
import type { HistorialQuery } from '@tvsistema/domain/historial';
import { canAccessEmpresa } from '@tvsistema/domain/systems';
import type { Empresa } from '@tvsistema/domain/systems';
import type { AuthUser } from '../../auth/auth.plugin.js';
import type { Executor, Tx } from '../../db/executor.js';
import { FOREIGN_KEY_VIOLATION, pgErrorOf, UNIQUE_VIOLATION } from '../../db/pg-errors.js';
import { API_MESSAGES, HttpError, invalidData } from '../../http/errors.js';
import { isUuid } from '../../http/schemas.js';
import { checkVersion } from '../../http/versioning.js';
import {
  direccionValuesOf,
  direccionVanishedError,
  validateDireccion,
} from '../localizacion/index.js';
import { leerHistorial, registrarHistorial } from '../historial/index.js';
import { DOCUMENTO_UNIQUE_CONSTRAINT } from './partes.repository.js';
import type { Audit, ParteFilter, PartesRepository, ParteValues } from './partes.repository.js';
import { parteSearchColumns } from './partes-search.js';
import { fichaFileName, fichaParte } from './partes-ficha.js';

/** A supplier or a client as the API answers it. */
export type ParteRecord = Parte;

/** What a create or an update carries after the domain schema parsed it (empresa only on create). */
export type ParteWriteInput = Omit<ParteCreate, 'empresa'> | Omit<ParteUpdate, 'empresa'>;

const EXPORT_BATCH = 500;

const ALL_CUENTAS: readonly CuentaContable[] = [
  ...new Set(PARTE_TIPOS.flatMap((tipo) => CUENTAS_CONTABLES[tipo])),
];

const valuesOf = (tipo: ParteTipo, input: ParteWriteInput): ParteValues => {
  const documento = input.documento ?? null;
  const own = new Set<string>(CUENTAS_CONTABLES[tipo]);
  const cuenta = (name: CuentaContable) => (own.has(name) ? (input[name] ?? null) : null);
  return {
    nombre: input.nombre,
    documento,
    activo: input.activo,
    ...parteSearchColumns(input.nombre, documento),
    // Every account column: the type's own set from the input, the other type's null.
    ...(Object.fromEntries(ALL_CUENTAS.map((name) => [name, cuenta(name)])) as Record<
      CuentaContable,
      string | null
    >),
    contactos: input.contactos.map((contacto) => ({
      nombre: contacto.nombre,
      telefono: contacto.telefono ?? null,
      correo: contacto.correo ?? null,
    })),
    observaciones: input.observaciones,
    ...direccionValuesOf('direccion', input.direccion),
  };
};

const auditOf = (user: AuthUser): Audit => ({ sub: user.sub, email: user.email, at: new Date() });

const forbidden = () => new HttpError(403, API_MESSAGES.forbidden);

const sortOf = (sort: string | undefined): ParteSort => {
  const parsed = parseParteSort(sort);
  if (!parsed) throw invalidData([`sort: ${PARTE_LIST_MESSAGES.sortInvalid}`]);
  return parsed;
};

const filterOf = (tipo: ParteTipo, query: ParteExportQuery): ParteFilter => ({
  tipo,
  empresa: query.empresa,
  activo: query.activo,
  search: query.searchTerm ? normalizeSearchText(query.searchTerm) || undefined : undefined,
  documento: query.documento?.toUpperCase(),
  documentoExact: query.documentoExact,
});

/** The fields of a party the history follows (modules/README.md "History"). */
export const historyFieldsOf = (tipo: ParteTipo): readonly string[] => [
  'nombre',
  'documento',
  'empresa',
  'activo',
  'direccion',
  'contactos',
  'observaciones',
  ...CUENTAS_CONTABLES[tipo],
];

export type ParteService = ReturnType<typeof createParteService>;

/** Suppliers or clients: the same rules, scoped to the empresas the caller's roles reach. */
export const createParteService = (repository: PartesRepository, tipo: ParteTipo) => {
  const messages = PARTE_TIPO_MESSAGES[tipo];
  const notFound = () => new HttpError(404, messages.notFound);

  const readable = (user: AuthUser, empresa: Empresa) => canAccessEmpresa(user.roles, empresa);

  // A write that loses the documento race (or reuses one) gets 409; the errors list lets the
  // form put the message under Documento as it does for a 400.
  const translateWriteError = (error: unknown): never => {
    const pgError = pgErrorOf(error);
    if (pgError?.code === UNIQUE_VIOLATION && pgError.constraint === DOCUMENTO_UNIQUE_CONSTRAINT) {
      throw new HttpError(409, messages.duplicateDocumento, {
        errors: [`documento: ${messages.duplicateDocumento}`],
      });
    }
    if (pgError?.code === FOREIGN_KEY_VIOLATION) throw invalidData([direccionVanishedError()]);
    throw error;
  };

  const readOne = async (id: string, executor?: Executor) => {
    const json = await repository.findJson(tipo, id, executor);
    return json === undefined ? undefined : (JSON.parse(json) as ParteRecord);
  };
  const readWritten = async (tx: Tx, id: string): Promise<ParteRecord> => {
    const record = await readOne(id, tx);
    if (!record) throw notFound();
    return record;
  };
  /** 400 with the address's field messages when its levels do not fit. */
  const checkDireccion = async (tx: Tx, input: ParteWriteInput) => {
    const { errors } = await validateDireccion(tx, input.direccion);
    if (errors.length > 0) throw invalidData(errors);
  };

  /**
   * One page as the JSON text of the response, `{ data, meta }`: the records come from the
   * database already serialised (listPageJson), so the route sends this text as it is.
   */
  const listJson = async (user: AuthUser, query: ParteListQuery): Promise<string> => {
    if (!readable(user, query.empresa)) throw forbidden();
    const sort = sortOf(query.sort);
    const { data, total } = await repository.listPageJson(filterOf(tipo, query), sort, {
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
    });
    const meta = pageMetaOf(query.page, query.limit, total);
    return `{"data":${data},"meta":${JSON.stringify(meta)}}`;
  };

  return {
    listJson,

    async get(user: AuthUser, id: string): Promise<ParteRecord> {
      if (!isUuid(id)) throw notFound();
      const record = await readOne(id);
      // Another empresa's record is answered like a missing one: its existence is not revealed.
      if (!record || !readable(user, record.empresa)) throw notFound();
      return record;
    },

    /** The record's sheet as a PDF (404 as `get`), with its file name. */
    async ficha(user: AuthUser, id: string): Promise<{ pdf: Buffer; fileName: string }> {
      const record = await this.get(user, id);
      return {
        pdf: await fichaParte(repository.database.db, tipo, record),
        fileName: fichaFileName(tipo, record),
      };
    },

    /** The record's history, newest first; 404 as `get` for a record the caller cannot read. */
    async history(user: AuthUser, id: string, query: HistorialQuery) {
      await this.get(user, id);
      return leerHistorial(repository.database, tipo, id, query);
    },

    async create(user: AuthUser, input: ParteCreate): Promise<ParteRecord> {
      if (!readable(user, input.empresa)) throw forbidden();
      try {
        return await repository.transaction(async (tx) => {
          await checkDireccion(tx, input);
          const id = await repository.insert(
            tipo,
            input.empresa,
            valuesOf(tipo, input),
            auditOf(user),
            tx,
          );
          const created = await readWritten(tx, id);
          await registrarHistorial(tx, {
            recurso: tipo,
            registroId: id,
            empresa: created.empresa,
            accion: 'crear',
            despues: created,
            campos: historyFieldsOf(tipo),
            usuario: user,
          });
          return created;
        });
      } catch (error) {
        return translateWriteError(error);
      }
    },

    /** `version`: the one the caller read; a record changed since then is a 409, untouched. */
    async update(
      user: AuthUser,
      id: string,
      input: ParteWriteInput,
      version: number | undefined,
    ): Promise<ParteRecord> {
      if (!isUuid(id)) throw notFound();
      try {
        return await repository.transaction(async (tx) => {
          const current = await repository.lock(tipo, id, tx);
          if (!current || !readable(user, current.empresa)) throw notFound();
          checkVersion(current.version, version);
          await checkDireccion(tx, input);
          const before = await readWritten(tx, id);
          await repository.update(tipo, id, valuesOf(tipo, input), auditOf(user), tx);
          const after = await readWritten(tx, id);
          await registrarHistorial(tx, {
            recurso: tipo,
            registroId: id,
            empresa: after.empresa,
            accion: 'modificar',
            antes: before,
            despues: after,
            campos: historyFieldsOf(tipo),
            usuario: user,
          });
          return after;
        });
      } catch (error) {
        return translateWriteError(error);
      }
    },

    /**
     * Every record matching the filters, in list order. The ids are read at once (a consistent
     * order without holding a transaction), the records in batches as the consumer pulls.
     */
    async exportRows(user: AuthUser, query: ParteExportQuery): Promise<AsyncIterable<ParteRecord>> {
      if (!readable(user, query.empresa)) throw forbidden();
      const sort = sortOf(query.sort);
      const ids = await repository.allIds(filterOf(tipo, query), sort);
      return (async function* batches() {
        for (let start = 0; start < ids.length; start += EXPORT_BATCH) {
          const records = await repository.findJsonByIds(
            tipo,
            ids.slice(start, start + EXPORT_BATCH),
          );
          for (const record of records) yield JSON.parse(record) as ParteRecord;
          // PGlite answers in the same thread without real I/O, so without this the whole export
          // runs as one chain of promises and no other request is read until it ends (2 s for
          // 33,000 suppliers). Between batches the event loop serves whoever is waiting.
          await setImmediate();
        }
      })();
    },
  };
};
