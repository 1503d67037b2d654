import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { nombrarSentencias, statementNameOf } from './pg-sentencias.js';
import { clienteConSentencias } from './pglite-sentencias.js';
/**
 * Drizzle over either driver; repositories only ever see this type. Queries name their tables
 * (the query builder), so Drizzle is not handed the schema: the relational `db.query` API stays
 * unused, and this file does not import the modules' tables (db/schema.ts gathers those).
 */
export type Db = PgDatabase<PgQueryResultHKT>;

export type SqlRunner = {
  /** One statement, with $1… parameters. */
  query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<Row[]>;
  /** A script of several statements, without parameters. */
  exec(script: string): Promise<void>;
};

/** One dedicated connection: session-level state (advisory locks) stays on it. */
export type DatabaseSession = SqlRunner & {
  /** Runs `work` in a transaction on this connection; rolls back if it throws. */
  transaction<T>(work: (tx: SqlRunner) => Promise<T>): Promise<T>;
};

/** A value of a prepared statement's parameter. */
export type PreparedValue = string | number | boolean | null;

export type Database = {
  kind: 'pglite' | 'postgres';
  db: Db;
  /**
   * A read that runs often with other values: parsed and planned once per connection, then
   * reused (PostgreSQL named statements; PGlite, which has one connection, PREPARE / EXECUTE).
   * `text` uses $1… parameters; the same text is the same statement.
   */
  queryPrepared<Row = Record<string, unknown>>(
    text: string,
    params: readonly PreparedValue[],
  ): Promise<Row[]>;
  /** Resolves when the database answers `select 1`. */
  ping(): Promise<void>;
  close(): Promise<void>;
  withSession<T>(work: (session: DatabaseSession) => Promise<T>): Promise<T>;
  /**
   * The rows of `query` (its driver values: snake_case columns) in batches of `lote`, every batch
   * from one snapshot taken when the first is asked for, so a long read streamed while others
   * write (a libro registro) sees none of their changes. Ending the iteration early releases what
   * it holds.
   */
  lotesDeUnaInstantanea<Row = Record<string, unknown>>(
    query: SQL,
    lote: number,
  ): AsyncGenerator<Row[]>;
};

export type DatabaseOptions = {
  dataDir: string;
  databaseUrl?: string;
  /** PGlite in memory instead of `${dataDir}/pglite` (tests). Ignored with databaseUrl. */
  inMemory?: boolean;
  /** Where errors of idle PostgreSQL connections go (they would otherwise crash the process). */
  onError?: (error: Error) => void;
};

export class DatabaseConnectionError extends Error {
  constructor(cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(
      `No se puede conectar con PostgreSQL (DATABASE_URL) / Cannot connect to PostgreSQL: ${reason}`,
      {
        cause,
      },
    );
    this.name = 'DatabaseConnectionError';
  }
}

/** PostgreSQL when `databaseUrl` is set, otherwise PGlite under `${dataDir}/pglite`. */
export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl
    ? createPostgres(options.databaseUrl, options.onError)
    : createPglite(options.inMemory ? undefined : join(options.dataDir, 'pglite'));
}

/** A FETCH count: written into the statement, so only a positive integer. */
const enteroPositivo = (n: number): number => {
  if (!Number.isInteger(n) || n < 1) throw new Error(`Not a positive integer: ${n}`);
  return n;
};

const onlyOnce = (close: () => Promise<void>) => {
  let closing: Promise<void> | undefined;
  return () => (closing ??= close());
};

async function createPostgres(
  connectionString: string,
  onError?: (error: Error) => void,
): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: 10_000 });
  // The pool listens for errors only on idle connections (and reports them here). A connection
  // that is checked out (withSession, a Drizzle transaction) has no listener of its own, so its
  // 'error' event (57P01 when the server terminates it, a reset socket) would end the process.
  // Every connection gets a listener for its whole life; a dead one is not queryable any more,
  // and pg-pool drops such a connection when it is released.
  const checkedOut = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => checkedOut.add(client));
  pool.on('release', (_error, client) => checkedOut.delete(client));
  pool.on('connect', (client) => {
    // Each connection keeps the statements it has parsed (pg-sentencias.ts, decision 0049).
    nombrarSentencias(client);
    client.on('error', (error) => {
      if (checkedOut.has(client)) onError?.(error);
    });
  });
  pool.on('error', (error) => onError?.(error));

  const ping = async () => {
    await pool.query('select 1');
  };
  try {
    await ping();
  } catch (error) {
    await pool.end();
    throw new DatabaseConnectionError(error);
  }

  const runnerOf = (client: pg.PoolClient): SqlRunner => ({
    query: async <Row>(text: string, params?: readonly unknown[]) =>
      (await client.query(text, params ? [...params] : undefined)).rows as Row[],
    exec: async (script) => {
      // Without parameters node-postgres uses the simple protocol, which accepts several statements.
      await client.query(script);
    },
  });

  // Drizzle's transaction on a pool sends BEGIN before its try/finally: a connection that dies at
  // BEGIN is never released, and pool.end() then waits for it forever. Transactions run on a
  // connection checked out here instead, released in every case (dropped when it broke).
  const db = drizzlePostgres(pool);
  const transaction: typeof db.transaction = async (work, config) => {
    const client = await pool.connect();
    let broken: Error | undefined;
    const markBroken = (error: Error) => {
      broken = error;
    };
    client.on('error', markBroken);
    try {
      return await drizzlePostgres(client).transaction(work, config);
    } finally {
      client.off('error', markBroken);
      client.release(broken);
    }
  };
  db.transaction = transaction;

  return {
    kind: 'postgres',
    db,
    // node-postgres prepares a named statement on each connection the first time it runs there.
    queryPrepared: async <Row>(text: string, params: readonly PreparedValue[]) =>
      (await pool.query({ name: statementNameOf(text), text, values: [...params] })).rows as Row[],
    ping,
    close: onlyOnce(() => pool.end()),
    // A cursor in a REPEATABLE READ READ ONLY transaction on a connection of its own: the rows
    // are read as the batches are asked for, all of the transaction's snapshot. The connection
    // stays checked out until the last batch (or the consumer stops: then it rolls back).
    lotesDeUnaInstantanea: async function* <Row>(query: SQL, lote: number) {
      const client = await pool.connect();
      let broken: Error | boolean = false;
      const markBroken = (error: Error) => {
        broken = error;
      };
      client.on('error', markBroken);
      let abierta = false;
      try {
        const cx = drizzlePostgres(client);
        await client.query('begin isolation level repeatable read read only');
        abierta = true;
        await cx.execute(sql`declare lotes no scroll cursor for ${query}`);
        for (;;) {
          const { rows } = await cx.execute(
            sql`fetch forward ${sql.raw(String(enteroPositivo(lote)))} from lotes`,
          );
          if (rows.length > 0) yield rows as Row[];
          if (rows.length < lote) break;
        }
        abierta = false;
        await client.query('commit');
      } finally {
        if (abierta)
          await client.query('rollback').catch(() => {
            broken = true;
          });
        client.off('error', markBroken);
        client.release(broken);
      }
    },
    withSession: async (work) => {
      const client = await pool.connect();
      let broken: Error | boolean = false;
      const markBroken = (error: Error) => {
        broken = error;
      };
      client.on('error', markBroken);
      try {
        const runner = runnerOf(client);
        return await work({
          ...runner,
          transaction: async (txWork) => {
            await client.query('begin');
            try {
              const result = await txWork(runner);
              await client.query('commit');
              return result;
            } catch (error) {
              await client.query('rollback').catch(() => {
                broken = true;
              });
              throw error;
            }
          },
        });
      } finally {
        // A connection that may still hold a lock or an open transaction must not go back to the pool.
        client.off('error', markBroken);
        client.release(broken);
      }
    },
  };
}

async function createPglite(dataDir: string | undefined): Promise<Database> {
  if (dataDir) await mkdir(dataDir, { recursive: true });
  return pgliteDatabase(await createPgliteClient(dataDir));
}

/** The extensions the migrations create, loaded into every PGlite (a loaded image too). */
export const PGLITE_EXTENSIONS = { pg_trgm, btree_gist };

/** PGlite with the extensions the migrations create (pg_trgm, btree_gist); in memory without a folder. */
export function createPgliteClient(dataDir?: string): Promise<PGlite> {
  return PGlite.create({ ...(dataDir ? { dataDir } : {}), extensions: PGLITE_EXTENSIONS });
}

/** Wraps an open PGlite (tests pass clones of a template, which start faster than new instances). */
export function pgliteDatabase(client: PGlite): Database {
  // PGlite has one connection shared by everything in this process, so session-level locks do not
  // exclude other callers here; a queue gives withSession the exclusivity a dedicated connection has.
  let queue: Promise<unknown> = Promise.resolve();
  const runner = (target: Pick<PGlite, 'query' | 'exec'>): SqlRunner => ({
    query: async <Row>(text: string, params?: readonly unknown[]) =>
      (await target.query<Row>(text, params ? [...params] : undefined)).rows,
    exec: async (script) => {
      await target.exec(script);
    },
  });

  // Statements with parameters are named statements of this client (a clone starts without
  // any), drizzle's as well as queryPrepared's (pglite-sentencias.ts, decision 0049).
  const sentencias = clienteConSentencias(client);
  // drizzle calls only query and transaction on its client.
  const db = drizzlePglite({ client: sentencias as unknown as PGlite });
  return {
    kind: 'pglite',
    db,
    queryPrepared: async <Row>(text: string, params: readonly PreparedValue[]) =>
      (await sentencias.preparada<Row>(text, params)).rows,
    ping: async () => {
      await client.query('select 1');
    },
    close: onlyOnce(() => client.close()),
    // PGlite has one connection, and a transaction there holds every other request until it ends:
    // the snapshot is a WITH HOLD cursor instead, declared in a short transaction. Its rows are
    // computed at that commit and kept by the database (a tuplestore, on disk beyond work_mem),
    // not by the API; each batch is then one FETCH, with other requests running between them.
    lotesDeUnaInstantanea: async function* <Row>(query: SQL, lote: number) {
      const cursor = sql.identifier(`lotes_${randomUUID().replaceAll('-', '')}`);
      await db.transaction(async (tx) => {
        await tx.execute(sql`declare ${cursor} no scroll cursor with hold for ${query}`);
      });
      try {
        for (;;) {
          const { rows } = await db.execute(
            sql`fetch forward ${sql.raw(String(enteroPositivo(lote)))} from ${cursor}`,
          );
          if (rows.length > 0) yield rows as Row[];
          if (rows.length < lote) break;
        }
      } finally {
        await db.execute(sql`close ${cursor}`);
      }
    },
    withSession: (work) => {
      const run = queue.then(() =>
        work({
          ...runner(client),
          transaction: (txWork) => client.transaction((tx) => txWork(runner(tx))),
        }),
      );
      queue = run.catch(() => undefined);
      return run;
    },
  };
}
