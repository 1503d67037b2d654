import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileStore, fileAdapterFactory } from '../src/file-adapter.js';

let dir: string;
let path: string;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tvs-store-'));
  path = join(dir, 'store.json');
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('file-backed adapter', () => {
  it('writes changes to disk shortly after, without waiting for close', async () => {
    const store = await FileStore.open(path, { debounceMs: 20 });
    await fileAdapterFactory(store)('Session').upsert(
      's1',
      { uid: 'u1', accountId: 'demo|admin' },
      60,
    );
    await sleep(150);
    const saved = JSON.parse(await readFile(path, 'utf8')) as { entries: Record<string, unknown> };
    expect(Object.keys(saved.entries)).toEqual(['Session:s1']);
  });

  it('finds records again after a reopen, by id and by uid, and forgets expired ones', async () => {
    const first = await FileStore.open(path);
    const sessions = fileAdapterFactory(first)('Session');
    await sessions.upsert('s1', { uid: 'u1', accountId: 'demo|admin' }, 60);
    await sessions.upsert('old', { uid: 'u0' }, -60);
    await first.flush();

    const second = await FileStore.open(path);
    const reopened = fileAdapterFactory(second)('Session');
    expect(await reopened.find('s1')).toMatchObject({ accountId: 'demo|admin' });
    expect(await reopened.findByUid('u1')).toMatchObject({ uid: 'u1' });
    expect(await reopened.find('old')).toBeUndefined();
  });

  it('marks consumed records and revokes everything issued under a grant', async () => {
    const store = await FileStore.open(path);
    const adapter = fileAdapterFactory(store);
    await adapter('RefreshToken').upsert('rt1', { grantId: 'g1' }, 60);
    await adapter('RefreshToken').upsert('rt2', { grantId: 'g2' }, 60);
    await adapter('AuthorizationCode').upsert('c1', { grantId: 'g1' }, 60);

    await adapter('RefreshToken').consume('rt2');
    expect((await adapter('RefreshToken').find('rt2'))?.consumed).toEqual(expect.any(Number));

    await adapter('Grant').revokeByGrantId('g1');
    expect(await adapter('RefreshToken').find('rt1')).toBeUndefined();
    expect(await adapter('AuthorizationCode').find('c1')).toBeUndefined();
    expect(await adapter('RefreshToken').find('rt2')).toBeDefined();
  });

  it('hands out copies, so a caller cannot change what is stored without upserting', async () => {
    const store = await FileStore.open(path);
    const sessions = fileAdapterFactory(store)('Session');
    await sessions.upsert('s1', { uid: 'u1', accountId: 'demo|admin' }, 60);
    const found = await sessions.find('s1');
    if (found) found.accountId = 'demo|otro';
    expect(await sessions.find('s1')).toMatchObject({ accountId: 'demo|admin' });
  });
});
