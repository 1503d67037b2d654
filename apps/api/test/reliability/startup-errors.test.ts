import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { expect, test } from 'vitest';
import { createDatabase, describeStartupError, loadConfig } from '../../src/index.js';

// Issue 12.8: a start that cannot serve says why in one line and exits non-zero.

test('a port in use is one Spanish/English line, exit 1', async () => {
  const blocker = createServer();
  await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
  const { port } = blocker.address() as AddressInfo;
  const second = createServer();
  const error = await new Promise<unknown>((resolve) => {
    second.once('error', resolve);
    second.listen(port, '127.0.0.1');
  });
  blocker.close();
  expect(describeStartupError(error)).toEqual({
    line: `No se puede escuchar en 127.0.0.1:${port}: el puerto ya está en uso / Cannot listen on 127.0.0.1:${port}: the port is already in use`,
    exitCode: 1,
  });
});

test('an unreachable database is one Spanish/English line, exit 1', async () => {
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const { port } = closed.address() as AddressInfo;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  const error = await createDatabase({
    dataDir: '',
    databaseUrl: `postgres://postgres@127.0.0.1:${port}/nada`,
  }).catch((caught: unknown) => caught);
  const failure = describeStartupError(error);
  expect(failure.exitCode).toBe(1);
  expect(failure.line).toMatch(
    /^No se puede conectar con PostgreSQL \(DATABASE_URL\) \/ Cannot connect to PostgreSQL: .*ECONNREFUSED/,
  );
});

test('a bad environment keeps its own exit code (78)', () => {
  let error: unknown;
  try {
    loadConfig({ PORT: 'no' });
  } catch (caught) {
    error = caught;
  }
  expect(describeStartupError(error).exitCode).toBe(78);
});
