import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepared } from './db';
import { openPglite, type PgliteDb } from './pglite-db';

// Statements tagged `prepared` run on PGlite as named statements (parsed once, then bound and executed). They must
// answer exactly what PGlite's own query answers, fail as it fails, and leave the connection usable after a failure,
// in a transaction or not.

const ROW = prepared`select $1::bigint as n, $2::numeric as amount, $3::timestamptz as at, $4::text[] as words,
       $5::jsonb as doc, $6::text as missing`;
const INSERT = prepared`insert into named_t (k, v) values ($1, $2) returning k, v`;
const BROKEN = prepared`selec 1`;

describe('prepared statements on PGlite', () => {
  let db: PgliteDb;
  beforeAll(async () => {
    db = await openPglite(null);
    await db.exec('create table named_t (k int primary key, v text not null)');
  });
  afterAll(() => db.close());

  it('answer what the unnamed path answers, with the same types, run after run', async () => {
    const params = [
      9007199254740991,
      '12.5',
      new Date('2026-12-06T10:00:00.123Z'),
      ['a', 'b,c', null],
      { x: [1] },
      null,
    ];
    const plain = await db.query(`${ROW} `, params);
    for (let i = 0; i < 7; i++) expect(await db.query(ROW, params)).toEqual(plain);
    expect(plain).toEqual([
      {
        n: 9007199254740991,
        amount: 12.5,
        at: new Date('2026-12-06T10:00:00.123Z'),
        words: ['a', 'b,c', null],
        doc: { x: [1] },
        missing: null,
      },
    ]);
  });

  it('fail as the statement fails, and the connection goes on, in a transaction or not', async () => {
    expect(await db.query(INSERT, [1, 'one'])).toEqual([{ k: 1, v: 'one' }]);
    await expect(db.query(INSERT, [1, 'again'])).rejects.toMatchObject({ code: '23505' });
    expect(await db.query(INSERT, [2, 'two'])).toEqual([{ k: 2, v: 'two' }]);
    await expect(
      db.explicitTx(async (q) => {
        await q.query(INSERT, [3, 'three']);
        await q.query(INSERT, [2, 'twice']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    await expect(db.query(INSERT, [4, null])).rejects.toMatchObject({ code: '23502' });
    expect(await db.query('select k, v from named_t order by k')).toEqual([
      { k: 1, v: 'one' },
      { k: 2, v: 'two' },
    ]);
    await db.explicitTx(async (q) => {
      await q.query(INSERT, [3, 'three']);
    });
    expect(await db.query(`${INSERT} `, [5, 'five'])).toEqual([{ k: 5, v: 'five' }]);
  });

  it('a statement that does not parse fails each time it runs, and nothing else is affected', async () => {
    for (let i = 0; i < 2; i++) await expect(db.query(BROKEN)).rejects.toMatchObject({ code: '42601' });
    expect(await db.query(ROW, [1, '1', new Date(0), [], {}, 'x'])).toHaveLength(1);
  });
});
