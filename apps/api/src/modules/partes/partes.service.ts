import { setImmediate } from 'node:timers/promises';
import {
  canAccessEmpresa,
  CUENTAS_CONTABLES,
  DIRECCION_PARENT,
  MESSAGES,
  normalizeSearchText,
  PARTE_LIST_MESSAGES,
  PARTE_TIPO_MESSAGES,
  parseParteSort,
} from '@tvsistema/domain';
import type {
  Cliente,
  CuentaContable,
  DireccionLevel,
  DireccionParsed,
  Empresa,
  PageMeta,
  ParteListQuery,
  ParteSort,
  ParteTipo,
  Proveedor,
} from '@tvsistema/domain';
import type { AuthUser } from '../../auth/auth.plugin.js';
import type { Database } from '../../db/database.js';
import { API_MESSAGES, HttpError, invalidData } from '../../http/errors.js';
import {
  DOCUMENTO_UNIQUE_CONSTRAINT,
  findAllIds,
  findDireccionLevels,
  findListPageJson,
  findParteJson,
  findPartesJsonByIds,
  insertParte,
  lockParte,
  pgErrorOf,
  updateParte,
} from './partes.repository.js';
import type {
  Audit,
  DireccionIds,
  DireccionLevels,
  ParteFilter,
  ParteValues,
  Tx,
} from './partes.repository.js';

export type ParteRecord = Proveedor | Cliente;

/** What a create or an update carries after the domain schema parsed it. */
export type ParteWriteInput = {
  nombre: string;
  documento?: string | undefined;
  activo: boolean;
  contactos: { nombre: string; telefono?: string | undefined; correo?: string | undefined }[];
  observaciones: string[];
  direccion?: DireccionParsed | undefined;
  cuentaContableProveedor?: string | undefined;
  cuentaContableCompra?: string | undefined;
  cuentaContableCliente?: string | undefined;
  cuentaContableVenta?: string | undefined;
  cuentaContableRetencion?: string | undefined;
};

export type ParteExportQuery = Omit<ParteListQuery, 'page' | 'limit'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EXPORT_BATCH = 500;
/** Separates name and documento in the search column, so a term cannot match across both. */
const SEARCH_SEPARATOR = '\u001f';

const V = MESSAGES.validation;

export const DIRECCION_MESSAGES_API = {
  notFound: {
    pais: 'El país seleccionado no existe',
    provincia: 'La provincia seleccionada no existe',
    municipio: 'El municipio seleccionado no existe',
    ciudad: 'La ciudad seleccionada no existe',
    calle: 'La calle seleccionada no existe',
    codigoPostal: 'El código postal seleccionado no existe',
  },
  parentMissing: {
    pais: '',
    provincia: V.countryFirst,
    municipio: V.provinceFirst,
    ciudad: V.municipalityFirst,
    calle: V.cityFirst,
    codigoPostal: V.cityFirst,
  },
  wrongParent: {
    pais: '',
    provincia: 'La provincia no pertenece al país seleccionado',
    municipio: 'El municipio no pertenece a la provincia seleccionada',
    ciudad: 'La ciudad no pertenece al municipio seleccionado',
    calle: 'La calle no pertenece a la ciudad seleccionada',
    codigoPostal: 'El código postal no pertenece a la ciudad seleccionada',
  },
  vanished: 'direccion: Una de las ubicaciones seleccionadas ya no existe',
} as const;

/** Search form of a party: its normalised name and lower-cased documento. */
export const parteSearchColumns = (nombre: string, documento: string | null) => {
  const nombreBusqueda = normalizeSearchText(nombre);
  return {
    nombreBusqueda,
    busqueda: documento
      ? `${nombreBusqueda}${SEARCH_SEPARATOR}${documento.toLowerCase()}`
      : nombreBusqueda,
  };
};

const EMPTY_IDS: DireccionIds = {
  paisId: null,
  provinciaId: null,
  municipioId: null,
  ciudadId: null,
  calleId: null,
  codigoPostalId: null,
};

const idsOf = (direccion: DireccionParsed | undefined): DireccionIds =>
  direccion
    ? {
        paisId: direccion.paisId,
        provinciaId: direccion.provinciaId,
        municipioId: direccion.municipioId,
        ciudadId: direccion.ciudadId,
        calleId: direccion.calleId,
        codigoPostalId: direccion.codigoPostalId,
      }
    : EMPTY_IDS;

const valuesOf = (tipo: ParteTipo, input: ParteWriteInput): ParteValues => {
  const documento = input.documento ?? null;
  const own = new Set<string>(CUENTAS_CONTABLES[tipo]);
  const cuenta = (name: CuentaContable) => (own.has(name) ? (input[name] ?? null) : null);
  const ids = idsOf(input.direccion);
  return {
    nombre: input.nombre,
    documento,
    activo: input.activo,
    ...parteSearchColumns(input.nombre, documento),
    cuentaContableProveedor: cuenta('cuentaContableProveedor'),
    cuentaContableCompra: cuenta('cuentaContableCompra'),
    cuentaContableCliente: cuenta('cuentaContableCliente'),
    cuentaContableVenta: cuenta('cuentaContableVenta'),
    cuentaContableRetencion: cuenta('cuentaContableRetencion'),
    contactos: input.contactos.map((contacto) => ({
      nombre: contacto.nombre,
      telefono: contacto.telefono ?? null,
      correo: contacto.correo ?? null,
    })),
    observaciones: input.observaciones,
    direccionPaisId: ids.paisId,
    direccionProvinciaId: ids.provinciaId,
    direccionMunicipioId: ids.municipioId,
    direccionCiudadId: ids.ciudadId,
    direccionCalleId: ids.calleId,
    direccionCodigoPostalId: ids.codigoPostalId,
    direccionAltura: input.direccion?.altura ?? null,
    direccionPlanta: input.direccion?.planta ?? null,
    direccionLocal: input.direccion?.local ?? null,
    direccionObservacion: input.direccion?.observacion ?? null,
  };
};

type ParentCheck = {
  level: DireccionLevel;
  ok: (levels: DireccionLevels, ids: DireccionIds) => boolean;
};

// Each chosen level must exist and sit under the chosen level above it (SPEC 4.7).
const PARENT_CHECKS: readonly ParentCheck[] = [
  { level: 'provincia', ok: (l, ids) => l.provincia?.paisId === ids.paisId },
  { level: 'municipio', ok: (l, ids) => l.municipio?.provinciaId === ids.provinciaId },
  {
    level: 'ciudad',
    ok: (l, ids) =>
      l.ciudad?.municipioId === ids.municipioId && l.ciudad?.provinciaId === ids.provinciaId,
  },
  { level: 'calle', ok: (l, ids) => l.calle?.ciudadId === ids.ciudadId },
  { level: 'codigoPostal', ok: (l, ids) => l.codigoPostal?.ciudadId === ids.ciudadId },
];

const idKey = (level: DireccionLevel) => `${level}Id` as keyof DireccionIds;

/** Field messages for an inconsistent address; empty when it is fine. */
const direccionErrors = async (tx: Tx, direccion: DireccionParsed | undefined) => {
  const ids = idsOf(direccion);
  const errors: string[] = [];
  const chosen = (level: DireccionLevel) => ids[idKey(level)] !== null;
  const field = (level: DireccionLevel) => `direccion.${idKey(level)}`;

  // A malformed id cannot exist; asking the database would only make it complain about the type.
  const wellFormed = { ...ids };
  for (const key of Object.keys(ids) as (keyof DireccionIds)[]) {
    const value = ids[key];
    if (value !== null && !UUID.test(value)) wellFormed[key] = null;
  }
  const levels = await findDireccionLevels(tx, wellFormed);

  for (const level of Object.keys(DIRECCION_PARENT) as DireccionLevel[]) {
    if (!chosen(level)) continue;
    if (!levels[level]) {
      errors.push(`${field(level)}: ${DIRECCION_MESSAGES_API.notFound[level]}`);
      continue;
    }
    const parent = DIRECCION_PARENT[level];
    if (parent && !chosen(parent)) {
      errors.push(`${field(level)}: ${DIRECCION_MESSAGES_API.parentMissing[level]}`);
      continue;
    }
    const check = PARENT_CHECKS.find((candidate) => candidate.level === level);
    if (check && parent && levels[parent] && !check.ok(levels, ids)) {
      errors.push(`${field(level)}: ${DIRECCION_MESSAGES_API.wrongParent[level]}`);
    }
  }
  return errors;
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

export type ParteService = ReturnType<typeof createParteService>;

/** Suppliers or clients: the same rules, scoped to the empresas the caller's roles reach. */
export const createParteService = (database: Database, tipo: ParteTipo) => {
  const messages = PARTE_TIPO_MESSAGES[tipo];
  const notFound = () => new HttpError(404, messages.notFound);
  const { db } = database;

  const readable = (user: AuthUser, empresa: Empresa) => canAccessEmpresa(user.roles, empresa);

  // A write that loses the documento race (or reuses one) gets 409; the errors list lets the
  // form put the message under Documento as it does for a 400.
  const translateWriteError = (error: unknown): never => {
    const pgError = pgErrorOf(error);
    if (pgError?.code === '23505' && pgError.constraint === DOCUMENTO_UNIQUE_CONSTRAINT) {
      throw new HttpError(409, messages.duplicateDocumento, {
        errors: [`documento: ${messages.duplicateDocumento}`],
      });
    }
    if (pgError?.code === '23503') throw invalidData([DIRECCION_MESSAGES_API.vanished]);
    throw error;
  };

  const readOne = async (executor: Tx | Database['db'], id: string) => {
    const json = await findParteJson(executor, tipo, id);
    return json === undefined ? undefined : (JSON.parse(json) as ParteRecord);
  };
  const readWritten = async (tx: Tx, id: string): Promise<ParteRecord> => {
    const record = await readOne(tx, id);
    if (!record) throw notFound();
    return record;
  };

  /**
   * One page as the JSON text of the response, `{ data, meta }`: the records come from the
   * database already serialised (findListPageJson), so the route sends this text as it is.
   */
  const listJson = async (user: AuthUser, query: ParteListQuery): Promise<string> => {
    if (!readable(user, query.empresa)) throw forbidden();
    const sort = sortOf(query.sort);
    const { data, total } = await findListPageJson(database, filterOf(tipo, query), sort, {
      limit: query.limit,
      offset: (query.page - 1) * query.limit,
    });
    const meta: PageMeta = {
      page: query.page,
      limit: query.limit,
      total,
      totalPages: Math.ceil(total / query.limit),
    };
    return `{"data":${data},"meta":${JSON.stringify(meta)}}`;
  };

  return {
    listJson,

    async get(user: AuthUser, id: string): Promise<ParteRecord> {
      if (!UUID.test(id)) throw notFound();
      const record = await readOne(db, id);
      // Another empresa's record is answered like a missing one: its existence is not revealed.
      if (!record || !readable(user, record.empresa)) throw notFound();
      return record;
    },

    async create(
      user: AuthUser,
      input: ParteWriteInput & { empresa: Empresa },
    ): Promise<ParteRecord> {
      if (!readable(user, input.empresa)) throw forbidden();
      try {
        return await db.transaction(async (tx) => {
          const errors = await direccionErrors(tx, input.direccion);
          if (errors.length > 0) throw invalidData(errors);
          const id = await insertParte(
            tx,
            tipo,
            input.empresa,
            valuesOf(tipo, input),
            auditOf(user),
          );
          return readWritten(tx, id);
        });
      } catch (error) {
        return translateWriteError(error);
      }
    },

    async update(user: AuthUser, id: string, input: ParteWriteInput): Promise<ParteRecord> {
      if (!UUID.test(id)) throw notFound();
      try {
        return await db.transaction(async (tx) => {
          const current = await lockParte(tx, tipo, id);
          if (!current || !readable(user, current.empresa)) throw notFound();
          const errors = await direccionErrors(tx, input.direccion);
          if (errors.length > 0) throw invalidData(errors);
          await updateParte(tx, tipo, id, valuesOf(tipo, input), auditOf(user));
          return readWritten(tx, id);
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
      const ids = await findAllIds(database, filterOf(tipo, query), sort);
      return (async function* batches() {
        for (let start = 0; start < ids.length; start += EXPORT_BATCH) {
          const records = await findPartesJsonByIds(
            db,
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
