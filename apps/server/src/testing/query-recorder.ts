import type { PGlite, Transaction } from '@electric-sql/pglite';
import type pg from 'pg';
import type { DatabaseHandle } from '../db/client';

/**
 * Counts the SQL statements a piece of work sends to the database, on either engine, by wrapping
 * the client under Drizzle: PGlite's `query`/`exec`/`transaction`, and every `pg` client the pool
 * hands out. A transaction counts its BEGIN and COMMIT (or ROLLBACK) on both engines, so the same
 * work counts the same on PGlite and on PostgreSQL.
 */
export interface QueryRecorder {
  /** Runs `work` and returns what it returned with the statements sent while it ran. */
  measure<T>(work: () => Promise<T>): Promise<{ result: T; statements: string[] }>;
}

type Listener = (sql: string) => void;

const recorders = new WeakMap<object, Set<Listener>>();

export function recordQueries(database: Pick<DatabaseHandle, 'db' | 'engine'>): QueryRecorder {
  const client = (database.db as unknown as { $client: object }).$client;
  let listeners = recorders.get(client);
  if (!listeners) {
    const installed = new Set<Listener>();
    listeners = installed;
    recorders.set(client, installed);
    const emit = (sql: unknown) => {
      const text = typeof sql === 'string' ? sql : String((sql as { text?: unknown })?.text ?? sql);
      for (const listener of installed) listener(text);
    };
    if (database.engine === 'pglite') wrapPglite(client as PGlite, emit);
    else wrapPool(client as pg.Pool, emit);
  }
  const active = listeners;
  return {
    async measure(work) {
      const statements: string[] = [];
      const listener: Listener = (sql) => statements.push(sql);
      active.add(listener);
      try {
        const result = await work();
        return { result, statements };
      } finally {
        active.delete(listener);
      }
    },
  };
}

function wrapQueries(target: { query: Function; exec?: Function }, emit: (sql: unknown) => void) {
  const query = target.query.bind(target);
  target.query = (sql: unknown, ...rest: unknown[]) => {
    emit(sql);
    return query(sql, ...rest);
  };
  if (target.exec) {
    const exec = target.exec.bind(target);
    target.exec = (sql: unknown, ...rest: unknown[]) => {
      emit(sql);
      return exec(sql, ...rest);
    };
  }
}

function wrapPglite(client: PGlite, emit: (sql: unknown) => void) {
  wrapQueries(client as never, emit);
  const transaction = client.transaction.bind(client);
  client.transaction = async <T>(work: (tx: Transaction) => Promise<T>) => {
    emit('begin');
    let failed = false;
    try {
      return await transaction(async (tx) => {
        wrapQueries(tx as never, emit);
        return work(tx);
      });
    } catch (error) {
      failed = true;
      throw error;
    } finally {
      emit(failed ? 'rollback' : 'commit');
    }
  };
}

function wrapPool(pool: pg.Pool, emit: (sql: unknown) => void) {
  const wrapped = new WeakSet<object>();
  // Every statement, pooled `query` or a transaction's, runs on a client checked out of the pool.
  pool.on('acquire', (client) => {
    if (wrapped.has(client)) return;
    wrapped.add(client);
    wrapQueries(client as never, emit);
  });
}
