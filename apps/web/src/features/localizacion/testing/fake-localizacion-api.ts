import type { z } from 'zod';
import {
  calleCreateSchema,
  ciudadCreateSchema,
  codigoPostalCreateSchema,
  municipioCreateSchema,
  normalizeSearchText,
  paisCreateSchema,
  provinciaCreateSchema,
} from '@tvsistema/domain';
import { ApiError, type ApiClient, type RequestOptions } from '../../../lib/api-client.js';
import { LEVELS, recordLabel, type LocationLevel, type LocationRecord } from '../levels.js';

/**
 * An in-memory /api/localizacion that follows the contract (filters, partial accent-insensitive
 * search, pages with meta.hasMore, 400/404/409 bodies, dependencias), so component tests exercise
 * the real API client code paths above `request`.
 */

export type RecordedCall = {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
};

type StoredRecord = LocationRecord & Record<string, unknown>;

const CREATE_SCHEMAS: Record<LocationLevel, z.ZodType> = {
  pais: paisCreateSchema,
  provincia: provinciaCreateSchema,
  municipio: municipioCreateSchema,
  ciudad: ciudadCreateSchema,
  calle: calleCreateSchema,
  codigoPostal: codigoPostalCreateSchema,
};

// Which stored field ties a child level to its parent, for dependencias and refused deletions.
const CHILDREN: Record<LocationLevel, { level: LocationLevel; key: string }[]> = {
  pais: [{ level: 'provincia', key: 'paisId' }],
  provincia: [{ level: 'municipio', key: 'provinciaId' }],
  municipio: [{ level: 'ciudad', key: 'municipioId' }],
  ciudad: [
    { level: 'calle', key: 'ciudadId' },
    { level: 'codigoPostal', key: 'ciudadId' },
  ],
  calle: [],
  codigoPostal: [],
};

const PARENT_KEY: Record<LocationLevel, string | null> = {
  pais: null,
  provincia: 'paisId',
  municipio: 'provinciaId',
  ciudad: 'municipioId',
  calle: 'ciudadId',
  codigoPostal: 'ciudadId',
};

const levelOfSegment = (segment: string): LocationLevel | undefined =>
  (Object.keys(LEVELS) as LocationLevel[]).find((level) => LEVELS[level].segment === segment);

const stringQuery = (query: RequestOptions['query']): Record<string, string> =>
  Object.fromEntries(
    Object.entries(query ?? {})
      .filter(([, value]) => value !== undefined && value !== null)
      .map(([key, value]) => [key, String(value)]),
  );

export type FakeLocalizacionApi = {
  api: ApiClient;
  calls: RecordedCall[];
  /** Adds a record as the seed data would; returns its id. */
  add: <L extends LocationLevel>(
    level: L,
    fields: Omit<LocationRecord<L>, '_id' | 'version'>,
  ) => string;
  all: (level: LocationLevel) => StoredRecord[];
  /** Addresses that use a record (the `usos` of dependencias). */
  setUses: (id: string, usos: number) => void;
  /** The next matching request answers with this error instead. */
  failNext: (method: string, pathPattern: RegExp, error: ApiError) => void;
  /** Holds every answer back until the returned function is called (to see loading states). */
  hold: () => () => void;
  /** GET list requests made for a level, in order. */
  listCalls: (level: LocationLevel) => RecordedCall[];
};

export const createFakeLocalizacionApi = (): FakeLocalizacionApi => {
  const store = new Map<LocationLevel, StoredRecord[]>(
    (Object.keys(LEVELS) as LocationLevel[]).map((level) => [level, []]),
  );
  const uses = new Map<string, number>();
  const failures: { method: string; pattern: RegExp; error: ApiError }[] = [];
  const calls: RecordedCall[] = [];
  let nextId = 1;
  let gate: Promise<void> | null = null;

  const records = (level: LocationLevel): StoredRecord[] => store.get(level) ?? [];
  const find = (level: LocationLevel, id: string) =>
    records(level).find((record) => record._id === id);
  const label = (record: StoredRecord) => recordLabel(record);
  const notFound = (level: LocationLevel) =>
    new ApiError(404, `ID de ${LEVELS[level].singular} inválido`);

  const add = <L extends LocationLevel>(
    level: L,
    fields: Omit<LocationRecord<L>, '_id' | 'version'>,
  ): string => {
    const _id = `${level}-${nextId++}`;
    records(level).push({ ...fields, _id, version: 1 } as unknown as StoredRecord);
    return _id;
  };

  const duplicate = (level: LocationLevel, candidate: Record<string, unknown>, except?: string) => {
    const parentKey = PARENT_KEY[level];
    const name = normalizeSearchText(String(candidate.nombre ?? candidate.valor ?? ''));
    return records(level).some(
      (record) =>
        record._id !== except &&
        (parentKey === null || record[parentKey] === candidate[parentKey]) &&
        normalizeSearchText(label(record)) === name,
    );
  };

  const dependencias = (level: LocationLevel, id: string) => ({
    hijos: CHILDREN[level].map((child) => ({
      entidad: child.level,
      total: records(child.level).filter((record) => record[child.key] === id).length,
    })),
    usos: uses.get(id) ?? 0,
  });

  const invalid = (error: z.ZodError) =>
    new ApiError(400, 'Datos inválidos', {
      errors: error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    });

  const handle = (method: string, path: string, query: Record<string, string>, body: unknown) => {
    const [, , , segment, id, extra] = path.split('/');
    const level = segment ? levelOfSegment(segment) : undefined;
    if (!path.startsWith('/api/localizacion/') || !level) {
      throw new ApiError(404, 'El recurso solicitado no existe.');
    }
    const info = LEVELS[level];
    if (id === undefined) {
      if (method === 'GET') {
        const page = Number(query.page ?? 1);
        const limit = Number(query.limit ?? 100);
        const wanted = normalizeSearchText(query[info.searchParam] ?? '');
        const matching = records(level)
          .filter((record) =>
            info.parents.every((key) => query[key] === undefined || record[key] === query[key]),
          )
          .filter((record) => normalizeSearchText(label(record)).includes(wanted))
          .sort((a, b) => label(a).localeCompare(label(b), 'es'));
        return {
          success: true,
          data: matching.slice((page - 1) * limit, page * limit),
          meta: { page, limit, hasMore: matching.length > page * limit },
        };
      }
      if (method === 'POST') {
        const parsed = CREATE_SCHEMAS[level].safeParse(body);
        if (!parsed.success) throw invalid(parsed.error);
        const data = parsed.data as Record<string, unknown>;
        if (duplicate(level, data)) {
          throw new ApiError(409, `Ya existe ${info.singular} con ese nombre`);
        }
        const created = { codigo: null, ...data } as Omit<LocationRecord, '_id' | 'version'>;
        if (level === 'calle' || level === 'ciudad' || level === 'codigoPostal') {
          delete (created as Record<string, unknown>).codigo;
        }
        const newId = add(level, created);
        return { success: true, data: find(level, newId), message: 'Creado' };
      }
    }
    const record = id === undefined ? undefined : find(level, id);
    if (!record || id === undefined) throw notFound(level);
    if (extra === 'dependencias' && method === 'GET') {
      return { success: true, data: dependencias(level, id) };
    }
    if (method === 'GET') return { success: true, data: record };
    if (method === 'PUT') {
      const changes = body as Record<string, unknown>;
      const key = level === 'codigoPostal' ? 'valor' : 'nombre';
      const next = String(changes[key] ?? '')
        .trim()
        .toUpperCase();
      if (duplicate(level, { ...record, [key]: next }, id)) {
        throw new ApiError(409, `Ya existe ${info.singular} con ese nombre`);
      }
      if (changes.version !== undefined && changes.version !== record.version) {
        throw new ApiError(
          409,
          'El registro ha sido modificado por otro usuario. Recarga para ver los cambios.',
        );
      }
      record[key] = next;
      record.version = Number(record.version) + 1;
      return { success: true, data: record };
    }
    if (method === 'DELETE') {
      const { hijos, usos } = dependencias(level, id);
      const blocking = hijos.filter((hijo) => hijo.total > 0);
      if (blocking.length > 0 || usos > 0) {
        throw new ApiError(
          409,
          `No se puede eliminar: tiene ${blocking.map((hijo) => `${hijo.total} ${hijo.entidad}`).join(', ') || 'registros'} dependientes y ${usos} usos`,
        );
      }
      store.set(
        level,
        records(level).filter((item) => item._id !== id),
      );
      return { success: true, data: null, message: 'Eliminado' };
    }
    throw new ApiError(404, 'El recurso solicitado no existe.');
  };

  const request = async <T>(path: string, options: RequestOptions = {}): Promise<T> => {
    const method = options.method ?? 'GET';
    const query = stringQuery(options.query);
    calls.push({ method, path, query, body: options.body });
    // A real network answer is never synchronous.
    await (gate ?? Promise.resolve());
    const failure = failures.findIndex((item) => item.method === method && item.pattern.test(path));
    const [failed] = failure >= 0 ? failures.splice(failure, 1) : [];
    if (failed) throw failed.error;
    // Answers are copies, as if they had travelled as JSON.
    return structuredClone(handle(method, path, query, options.body)) as T;
  };

  const api: ApiClient = {
    request,
    get: (path, options) => request(path, { ...options, method: 'GET' }),
    delete: (path, options) => request(path, { ...options, method: 'DELETE' }),
    post: (path, body, options) => request(path, { ...options, method: 'POST', body }),
    put: (path, body, options) => request(path, { ...options, method: 'PUT', body }),
    patch: (path, body, options) => request(path, { ...options, method: 'PATCH', body }),
  };

  return {
    api,
    calls,
    add,
    all: records,
    setUses: (id, usos) => uses.set(id, usos),
    hold: () => {
      let release = () => undefined as void;
      gate = new Promise<void>((resolve) => {
        release = () => {
          gate = null;
          resolve();
        };
      });
      return release;
    },
    failNext: (method, pattern, error) => failures.push({ method, pattern, error }),
    listCalls: (level) =>
      calls.filter(
        (call) =>
          call.method === 'GET' && call.path === `/api/localizacion/${LEVELS[level].segment}`,
      ),
  };
};

/** A small slice of Spain: two countries, the Balearic Islands with Palma, a street, two codes. */
export const seedLocations = (fake: FakeLocalizacionApi) => {
  const espana = fake.add('pais', { nombre: 'ESPAÑA', codigo: 'ES' });
  const francia = fake.add('pais', { nombre: 'FRANCIA', codigo: 'FR' });
  const baleares = fake.add('provincia', {
    nombre: 'ILLES BALEARS',
    nombreAlternativo: 'ISLAS BALEARES',
    paisId: espana,
    codigo: '07',
  });
  const avila = fake.add('provincia', { nombre: 'ÁVILA', paisId: espana, codigo: '05' });
  const palmaMunicipio = fake.add('municipio', {
    nombre: 'PALMA',
    provinciaId: baleares,
    codigo: '07040',
  });
  const calvia = fake.add('municipio', {
    nombre: 'CALVIÀ',
    provinciaId: baleares,
    codigo: '07011',
  });
  const palma = fake.add('ciudad', {
    nombre: 'PALMA',
    provinciaId: baleares,
    municipioId: palmaMunicipio,
  });
  const santaPonsa = fake.add('ciudad', {
    nombre: 'SANTA PONÇA',
    provinciaId: baleares,
    municipioId: calvia,
  });
  const sonFerriol = fake.add('ciudad', {
    nombre: 'SON FERRIOL',
    provinciaId: baleares,
    municipioId: palmaMunicipio,
  });
  const calleMayor = fake.add('calle', { nombre: 'CALLE MAYOR', ciudadId: palma });
  const jaumeIII = fake.add('calle', { nombre: 'AVINGUDA JAUME III', ciudadId: palma });
  const cp07001 = fake.add('codigoPostal', { valor: '07001', ciudadId: palma, activo: true });
  const cp07002 = fake.add('codigoPostal', { valor: '07002', ciudadId: palma, activo: true });
  return {
    espana,
    francia,
    baleares,
    avila,
    palmaMunicipio,
    calvia,
    palma,
    santaPonsa,
    sonFerriol,
    calleMayor,
    jaumeIII,
    cp07001,
    cp07002,
  };
};
