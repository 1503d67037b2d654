import { readFile, rename, writeFile } from 'node:fs/promises';
import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';

type Entry = { payload: AdapterPayload; expiresAt?: number };
type StoredFile = { version: 1; entries: Record<string, Entry> };

export type FileStoreOptions = {
  /** How long writes are batched; the provider's request never waits for the disk. */
  debounceMs?: number;
  onError?: (error: unknown) => void;
};

// Models whose records belong to a grant and go away when the grant is revoked (logout, refresh
// token replay), mirroring oidc-provider's memory adapter.
const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'PreAuthorizedCode',
]);

// Same allowance as oidc-provider's memory adapter: a record outlives its expiry by the provider's
// clock tolerance, so the provider (not the store) is the one that rejects it.
const CLOCK_TOLERANCE_MS = 15_000;

const isMissing = (error: unknown): boolean =>
  error instanceof Error && 'code' in error && error.code === 'ENOENT';

const isStoredFile = (value: unknown): value is StoredFile =>
  typeof value === 'object' &&
  value !== null &&
  'version' in value &&
  value.version === 1 &&
  'entries' in value &&
  typeof value.entries === 'object' &&
  value.entries !== null;

/**
 * The provider's records (sessions, grants, refresh tokens, interactions) in one JSON file, so a
 * restart keeps users signed in. Everything is served from memory; the file is rewritten at most
 * once per debounce period, atomically (temporary file + rename). Fits a development provider
 * with a handful of users, not a production load.
 */
export class FileStore {
  readonly #path: string;
  readonly #entries: Map<string, Entry>;
  readonly #debounceMs: number;
  readonly #onError: (error: unknown) => void;
  #timer: NodeJS.Timeout | undefined;
  #dirty = false;
  #writing: Promise<void> = Promise.resolve();

  private constructor(path: string, entries: Map<string, Entry>, options: FileStoreOptions) {
    this.#path = path;
    this.#entries = entries;
    this.#debounceMs = options.debounceMs ?? 100;
    this.#onError = options.onError ?? (() => undefined);
  }

  static async open(path: string, options: FileStoreOptions = {}): Promise<FileStore> {
    let entries = new Map<string, Entry>();
    try {
      const parsed: unknown = JSON.parse(await readFile(path, 'utf8'));
      if (isStoredFile(parsed)) entries = new Map(Object.entries(parsed.entries));
      else options.onError?.(new Error(`${path} has an unknown format; starting with no sessions`));
    } catch (error) {
      if (!isMissing(error)) options.onError?.(error);
    }
    const store = new FileStore(path, entries, options);
    store.#pruneExpired();
    return store;
  }

  get(key: string): Entry | undefined {
    const entry = this.#entries.get(key);
    if (entry?.expiresAt !== undefined && entry.expiresAt <= Date.now()) {
      this.delete(key);
      return undefined;
    }
    return entry;
  }

  set(key: string, entry: Entry): void {
    this.#entries.set(key, entry);
    this.#changed();
  }

  delete(key: string): void {
    if (this.#entries.delete(key)) this.#changed();
  }

  /** Live entries whose key starts with `prefix`. */
  *scan(prefix: string): Generator<[string, Entry]> {
    for (const key of [...this.#entries.keys()]) {
      if (!key.startsWith(prefix)) continue;
      const entry = this.get(key);
      if (entry) yield [key, entry];
    }
  }

  markChanged(): void {
    this.#changed();
  }

  /** Writes pending changes now (used on close, so a restart finds everything). */
  async flush(): Promise<void> {
    if (this.#timer) {
      clearTimeout(this.#timer);
      this.#timer = undefined;
    }
    this.#writing = this.#writing.catch(() => undefined).then(() => this.#write());
    return this.#writing;
  }

  #changed(): void {
    this.#dirty = true;
    if (this.#timer) return;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.flush().catch(this.#onError);
    }, this.#debounceMs);
  }

  #pruneExpired(): void {
    const now = Date.now();
    for (const [key, entry] of this.#entries) {
      if (entry.expiresAt !== undefined && entry.expiresAt <= now) this.#entries.delete(key);
    }
  }

  async #write(): Promise<void> {
    if (!this.#dirty) return;
    this.#dirty = false;
    this.#pruneExpired();
    const content: StoredFile = { version: 1, entries: Object.fromEntries(this.#entries) };
    const temporary = `${this.#path}.${process.pid}.tmp`;
    try {
      await writeFile(temporary, JSON.stringify(content), { mode: 0o600 });
      await rename(temporary, this.#path);
    } catch (error) {
      this.#dirty = true;
      throw error;
    }
  }
}

const clone = (payload: AdapterPayload): AdapterPayload => structuredClone(payload);

class FileAdapter implements Adapter {
  readonly #model: string;
  readonly #store: FileStore;

  constructor(model: string, store: FileStore) {
    this.#model = model;
    this.#store = store;
  }

  #key(id: string): string {
    return `${this.#model}:${id}`;
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const expiresAt =
      typeof expiresIn === 'number'
        ? Date.now() + expiresIn * 1000 + CLOCK_TOLERANCE_MS
        : undefined;
    this.#store.set(this.#key(id), {
      payload: clone(payload),
      ...(expiresAt === undefined ? {} : { expiresAt }),
    });
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    const entry = this.#store.get(this.#key(id));
    return entry ? clone(entry.payload) : undefined;
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.#findBy((payload) => payload.uid === uid);
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.#findBy((payload) => payload.userCode === userCode);
  }

  async consume(id: string): Promise<void> {
    const entry = this.#store.get(this.#key(id));
    if (!entry) return;
    entry.payload.consumed = Math.floor(Date.now() / 1000);
    this.#store.markChanged();
  }

  async destroy(id: string): Promise<void> {
    this.#store.delete(this.#key(id));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    for (const model of GRANTABLE) {
      for (const [key, entry] of this.#store.scan(`${model}:`)) {
        if (entry.payload.grantId === grantId) this.#store.delete(key);
      }
    }
  }

  #findBy(matches: (payload: AdapterPayload) => boolean): AdapterPayload | undefined {
    for (const [, entry] of this.#store.scan(`${this.#model}:`)) {
      if (matches(entry.payload)) return clone(entry.payload);
    }
    return undefined;
  }
}

export const fileAdapterFactory =
  (store: FileStore): AdapterFactory =>
  (model: string) =>
    new FileAdapter(model, store);
