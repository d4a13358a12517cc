import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Db } from '../../platform/db/db';
import { openPostgres } from '../../platform/db/postgres-db';
import { createDatabase } from '../helpers/postgres';

// What every connection the platform opens to PostgreSQL is set to, whichever statement it runs first.
describe('the platform on PostgreSQL', () => {
  let db: Db;
  beforeAll(async () => {
    const url = inject('pgUrl');
    if (!url) throw new Error('PostgreSQL is not available on this machine');
    db = await openPostgres(await createDatabase(url, `sessions_${process.pid}_${Date.now()}`));
  });
  afterAll(() => db?.close());

  it('never compiles a statement with JIT, on each of its connections, in a transaction or not', async () => {
    // ten transactions asked for at once: each takes a connection of its own (the pool opens one for every request
    // that finds none idle, up to its ten), so together they reach every connection
    const inTx = await Promise.all(
      Array.from({ length: 10 }, () =>
        db.explicitTx(async (q) => {
          const [row] = await q.query<{ jit: string; pid: number }>(
            `select current_setting('jit') as jit, pg_backend_pid() as pid`,
          );
          return row;
        }),
      ),
    );
    expect(new Set(inTx.map((r) => r.pid)).size).toBe(10);
    expect(inTx.map((r) => r.jit)).toEqual(Array(10).fill('off'));
    const [alone] = await db.query<{ jit: string }>(`select current_setting('jit') as jit`);
    expect(alone.jit).toBe('off');
  });
});
