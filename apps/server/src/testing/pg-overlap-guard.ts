import pg from 'pg';
import { afterEach } from 'vitest';

/*
 * A setup file of the server's tests (vitest.config.ts): on PostgreSQL, a query sent on a
 * connection that is still busy with another one fails the test that sent it, naming both.
 *
 * Only a transaction holds one connection across queries (the pool gives each lone query an idle
 * one), so this catches `Promise.all` over queries on a transaction. pg 8 queues such a query with
 * a deprecation warning (once a process, and only from the third at once); pg 9 will no longer queue.
 * The query still runs (queued, as pg 8 does): failing it at once would leave the transaction
 * without its rollback. On PGlite, which has one connection and serialises everything, nothing
 * is checked.
 */
if (process.env.DATABASE_URL) {
  // pg 8's own fields (its `activeQuery` getter is itself deprecated).
  type Busy = { _activeQuery?: { text?: string } | null; _queryQueue?: { text?: string }[] };
  const overlaps: string[] = [];
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function guardedQuery(this: pg.Client & Busy, ...args: unknown[]) {
    const busy = this._activeQuery ?? this._queryQueue?.[0];
    if (busy) {
      const given = args[0] as string | { text?: string } | undefined;
      const text = typeof given === 'string' ? given : given?.text;
      overlaps.push(`  sent: ${String(text).slice(0, 200)}\n  while: ${String(busy.text).slice(0, 200)}`);
    }
    return original.apply(this, args);
  } as typeof pg.Client.prototype.query;

  afterEach(() => {
    if (overlaps.length === 0) return;
    const found = overlaps.splice(0);
    throw new Error(
      `${found.length} quer${found.length === 1 ? 'y was' : 'ies were'} sent on a connection still busy with another: queries run in parallel (Promise.all) inside one transaction. Run them one after another.\n${found.slice(0, 3).join('\n')}`,
    );
  });
}
