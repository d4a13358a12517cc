import { describe, expect, it } from 'vitest';
import { ambientTransactions, type Db, type Queryable } from './db';

// Where each statement goes: the root connection, or an open transaction's handle. A transaction opened with
// explicitTx runs on its handle only. With the handle check on (the tests' setting) a statement that reaches it
// through `db` throws; without it, that statement runs outside the transaction, as on a path that opened none. tx keeps
// following the caller, and either kind inside a tx is a savepoint of it.

function recorded(checkHandles: boolean) {
  const log: string[] = [];
  const target = (name: string): Queryable => ({
    query: async <T>(sql: string) => (log.push(`${name}: ${sql}`), [] as T[]),
    exec: async (sql: string) => void log.push(`${name}: ${sql}`),
  });
  let n = 0;
  const begin = async <T>(fn: (q: Queryable) => Promise<T>) => {
    const name = `tx${++n}`;
    try {
      const out = await fn(target(name));
      log.push(`${name}: commit`);
      return out;
    } catch (e) {
      log.push(`${name}: rollback`);
      throw e;
    }
  };
  const db = ambientTransactions(target('root'), begin, checkHandles) as Pick<
    Db,
    'query' | 'exec' | 'tx' | 'explicitTx'
  >;
  return { db, log };
}

describe('explicitTx', () => {
  it('throws, with the check on, when a statement reaches the transaction through db, and rolls back', async () => {
    const { db, log } = recorded(true);
    await expect(
      db.explicitTx(async (q) => {
        await q.query('insert 1');
        await db.query('select through db');
      }),
    ).rejects.toThrow(/explicitTx through db, not its handle/);
    expect(log).toEqual(['tx1: insert 1', 'tx1: rollback']);
  });

  it('answers the refusal as a rejected promise, so a caller that catches the promise catches it', async () => {
    const { db } = recorded(true);
    await db.explicitTx(async () => {
      let pending: Promise<unknown> | undefined;
      expect(() => (pending = db.query('select through db'))).not.toThrow();
      await expect(pending).rejects.toThrow(/not its handle/);
    });
  });

  it('refuses a nested tx or explicitTx reached through db the same way, with the check on', async () => {
    const { db } = recorded(true);
    await expect(db.explicitTx(() => db.tx(async () => 1))).rejects.toThrow(/not its handle/);
    await expect(db.explicitTx(() => db.explicitTx(async () => 1))).rejects.toThrow(/not its handle/);
  });

  it('sends a statement through db to the root when the check is off, and commits the handle', async () => {
    const { db, log } = recorded(false);
    await db.explicitTx(async (q) => {
      await q.query('insert 2');
      await db.query('select through db');
    });
    expect(log).toEqual(['tx1: insert 2', 'root: select through db', 'tx1: commit']);
  });

  it('joins the caller into tx, and is a savepoint of a tx it runs in', async () => {
    for (const check of [true, false]) {
      const { db, log } = recorded(check);
      await db.tx(async () => {
        await db.query('insert 3');
        await expect(
          db.explicitTx(async (q) => {
            await q.query('insert 4');
            throw new Error('undone');
          }),
        ).rejects.toThrow('undone');
      });
      await db.query('after');
      expect(log).toEqual([
        'tx1: insert 3',
        'tx1: savepoint sp_1',
        'tx1: insert 4',
        'tx1: rollback to savepoint sp_1',
        'tx1: commit',
        'root: after',
      ]);
    }
  });
});
