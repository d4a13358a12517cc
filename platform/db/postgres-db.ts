import pg from 'pg';
import { ambientTransactions, isPrepared, type Db, type Queryable, type Row } from './db';

pg.types.setTypeParser(20, (v) => Number(v));
pg.types.setTypeParser(1700, (v) => Number(v));

export async function openPostgres(url: string): Promise<Db> {
  // No JIT: the platform's statements are short, and a generic plan over an array parameter can be estimated past
  // jit_above_cost, which then compiles its expressions at every run (the receipt round's delete: 7.7 ms of a 25 ms
  // run, 365 ms of PostgreSQL's 13.2 s per 20,000 messages in the Kannel bench).
  const pool = new pg.Pool({ connectionString: url, max: 10, options: '-c jit=off' });
  await pool.query('select 1');
  const listeners: pg.PoolClient[] = [];
  /** a name per prepared text, the same on every connection (each parses it on its first run there) */
  const names = new Map<string, string>();
  const nameOf = (sql: string) => {
    let name = names.get(sql);
    if (!name) names.set(sql, (name = `p${names.size + 1}`));
    return name;
  };
  const wrap = (c: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T = Row>(sql: string, params?: unknown[]) {
      const values = params as unknown[];
      return (await (isPrepared(sql) ? c.query({ name: nameOf(sql), text: sql, values }) : c.query(sql, values)))
        .rows as T[];
    },
    async exec(sql: string) {
      await c.query(sql);
    },
  });
  return {
    kind: 'postgres',
    ...ambientTransactions(wrap(pool), async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const out = await fn(wrap(client));
        await client.query('commit');
        return out;
      } catch (e) {
        await client.query('rollback').catch(() => undefined);
        throw e;
      } finally {
        client.release();
      }
    }),
    async listen(channel, onPayload) {
      const client = await pool.connect();
      listeners.push(client);
      const handler = (m: pg.Notification) => {
        if (m.channel === channel) onPayload(m.payload ?? '');
      };
      client.on('notification', handler);
      await client.query(`listen "${channel.replace(/"/g, '')}"`);
      return async () => {
        client.off('notification', handler);
        await client.query(`unlisten "${channel.replace(/"/g, '')}"`).catch(() => undefined);
        client.release();
        listeners.splice(listeners.indexOf(client), 1);
      };
    },
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      for (const c of listeners.splice(0)) c.release();
      await pool.end();
    },
  };
}
