import { describe, expect, test } from 'vitest';
import { HttpError } from '../../http/errors.js';
import { LEVELS } from './localizacion.levels.js';
import { pgErrorOf } from '../../db/pg-errors.js';
import type { LocalizacionRepository, ReferenceCount } from './localizacion.repository.js';
import { isUuid } from '../../http/schemas.js';
import { createLocalizacionService } from './localizacion.service.js';

const ID = '7d0c1d38-2f7b-4a55-9a53-0d7c2a3f1e11';
const calle = { _id: ID, nombre: 'MAYOR', ciudadId: ID, version: 1 };

/** A driver error as node-postgres and PGlite raise it, wrapped the way Drizzle wraps it. */
const pgError = (code: string, constraint?: string) =>
  Object.assign(new Error('query failed'), {
    cause: Object.assign(new Error('violation'), { code, constraint }),
  });

const fakeRepository = (overrides: Partial<LocalizacionRepository>): LocalizacionRepository => ({
  database: {} as LocalizacionRepository['database'],
  // A transaction whose statements (the history row) go nowhere.
  transaction: (work) => work({ query: async () => [], exec: async () => {} }),
  list: async () => [],
  findById: async () => calle,
  insert: async () => calle,
  update: async () => calle,
  remove: async () => calle,
  provinciaOfMunicipio: async () => undefined,
  references: async () => [],
  ...overrides,
});

const rejection = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(HttpError);
  const { statusCode, message, errors } = error as HttpError;
  return { statusCode, message, errors };
};

describe('delete races', () => {
  test('a use added between the count and the delete is refused by the foreign key, with the same 409', async () => {
    let counted = 0;
    const service = createLocalizacionService(
      fakeRepository({
        // Nothing uses it when counted first; an address arrives before the delete runs.
        references: async (): Promise<ReferenceCount[]> =>
          counted++ === 0
            ? [{ table: 'proveedores', total: 0 }]
            : [{ table: 'proveedores', total: 1 }],
        remove: async () => {
          throw pgError('23503', 'proveedores_calle_id_fk');
        },
      }),
    );
    expect(await rejection(service.remove(LEVELS.calles, ID))).toEqual({
      statusCode: 409,
      message: 'No se puede eliminar la calle "MAYOR": está en uso en 1 dirección.',
      errors: undefined,
    });
  });

  test('a row deleted by someone else meanwhile is a 404', async () => {
    const service = createLocalizacionService(fakeRepository({ remove: async () => undefined }));
    expect(await rejection(service.remove(LEVELS.calles, ID))).toMatchObject({
      statusCode: 404,
      message: 'ID de calle inválido',
    });
  });
});

describe('create errors', () => {
  test('a parent deleted between the check and the insert: choose it first', async () => {
    const service = createLocalizacionService(
      fakeRepository({
        insert: async () => {
          throw pgError('23503', 'calles_ciudad_id_ciudades_id_fk');
        },
      }),
    );
    expect(
      await rejection(service.create(LEVELS.calles, { nombre: 'MAYOR', ciudadId: ID })),
    ).toEqual({
      statusCode: 400,
      message: 'Datos inválidos',
      errors: ['ciudadId: Debe seleccionar una ciudad primero'],
    });
  });

  test('any other database failure is not dressed up as a user error', async () => {
    const failure = pgError('57014');
    const service = createLocalizacionService(
      fakeRepository({
        insert: async () => {
          throw failure;
        },
      }),
    );
    await expect(service.create(LEVELS.calles, { nombre: 'MAYOR', ciudadId: ID })).rejects.toBe(
      failure,
    );
  });
});

describe('helpers', () => {
  test('isUuid accepts only the canonical form', () => {
    expect(isUuid(ID)).toBe(true);
    expect(isUuid(ID.toUpperCase())).toBe(true);
    expect(isUuid(`{${ID}}`)).toBe(false);
    expect(isUuid(ID.replaceAll('-', ''))).toBe(false);
    expect(isUuid('')).toBe(false);
  });

  test('pgErrorOf finds the code through wrappers, and nothing in other errors', () => {
    expect(pgErrorOf(pgError('23505', 'x_key'))).toEqual({
      code: '23505',
      constraint: 'x_key',
    });
    expect(pgErrorOf(new Error('plain'))).toBeUndefined();
    expect(pgErrorOf(Object.assign(new Error('node'), { code: 'ECONNREFUSED' }))).toBeUndefined();
    expect(pgErrorOf('text')).toBeUndefined();
  });
});
