import { beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../platform/db/db';
import { DB_KINDS, platformFor } from '../helpers/platform';

// Commit order of the change feed: seqs are handed out when rows are written, transactions commit in another order.
// Transaction A writes a row (lower seq) and stays open; B writes a row (higher seq) and commits; the client pulls and
// keeps its checkpoint; A commits; the client pulls again and must get A's row. On PostgreSQL A and B run on two
// pooled connections at once. PGlite runs one transaction at a time, so there B and the first pull queue behind A and
// run after it: the same steps in the only order that storage allows.
describe.each(DB_KINDS)('change feed commit order on %s', (kind) => {
  const p = platformFor(kind);
  let admin: string;
  type Doc = { sn: string; seq: number };
  type Page = { documents: Doc[]; checkpoint: { seq: number } | null; highWater: number };

  beforeAll(async () => {
    admin = await p.login('admin');
    await p.ctx.db.query(
      `insert into mt_records (sn, prod_type, cus_id, batch_id, mobile, content, mt_status, receive_time, month)
       values ('T-ORD-OLD', 0, 'EP0001', 'TB-ORD', '13800000001', 'old', 500, now(), '202601')`,
    );
  });

  const pull = async (body: object): Promise<Page> => {
    const r = await p.call('/mtRecord/pull', { limit: 1000, ...body }, { token: admin });
    expect(r.status).toBe(200);
    return r.body.data;
  };
  const insertMt = async (q: Queryable, sn: string) =>
    (
      await q.query<{ seq: number }>(
        `insert into mt_records (sn, prod_type, cus_id, batch_id, mobile, content, mt_status, receive_time, month)
         values ($1, 0, 'EP0001', 'TB-ORD', '13800000002', 'order', 500, now(), '202601') returning seq`,
        [sn],
      )
    )[0].seq;
  const updateMt = async (q: Queryable, sn: string) =>
    (await q.query<{ seq: number }>(`update mt_records set mt_status = 0 where sn = $1 returning seq`, [sn]))[0].seq;

  /** Runs `writeA` in a transaction held open until released; answers A's seq once written. */
  function openA(writeA: (q: Queryable) => Promise<number>) {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let wrote!: (seq: number) => void;
    const seq = new Promise<number>((r) => (wrote = r));
    const done = p.ctx.db.tx(async (q) => {
      wrote(await writeA(q));
      await gate;
    });
    return { seq, done, commit: async () => (release(), done) };
  }

  /** The console's forward catch-up (sync/replication/replication.ts): the checkpoint moves to the highest seq received. */
  function follower(from: number) {
    const seen: Doc[] = [];
    let checkpoint = from;
    return {
      seen,
      async pull() {
        const page = await pull({ direction: 'forward', checkpoint: { seq: checkpoint } });
        seen.push(...page.documents);
        checkpoint = Math.max(checkpoint, ...page.documents.map((d) => d.seq));
        return page;
      },
    };
  }

  it.each([
    ['inserts', 'T-ORD-A1', (q: Queryable) => insertMt(q, 'T-ORD-A1'), 'T-ORD-B1'],
    ['updates', 'T-ORD-OLD', (q: Queryable) => updateMt(q, 'T-ORD-OLD'), 'T-ORD-B2'],
  ] as const)(
    'a forward pull never passes a row that A %s and commits after a higher seq',
    async (_, snA, writeA, snB) => {
      const client = follower((await pull({ direction: 'forward', checkpoint: null })).highWater);
      const a = openA(writeA);
      const seqA = await a.seq;
      const b = p.ctx.db.tx((q) => insertMt(q, snB));
      const first = b.then(() => client.pull());
      // on PostgreSQL the client pulls while A is still open (asserted after A is released, so a failure cannot hang)
      if (kind === 'postgres') await first.catch(() => undefined);
      await a.commit();
      expect(await b).toBeGreaterThan(seqA);
      // nothing at or above A's seq may be answered while A is open
      if (kind === 'postgres') expect((await first).documents.filter((d) => d.seq >= seqA)).toEqual([]);
      await client.pull();
      const got = client.seen.map((d) => d.sn);
      expect(got).toContain(snA);
      expect(got).toContain(snB);
      expect(client.seen.find((d) => d.sn === snA)!.seq).toBe(seqA);
    },
  );

  it('a first sync that starts while A is open resumes below A, so A arrives forward', async () => {
    const a = openA((q) => insertMt(q, 'T-ORD-A3'));
    const seqA = await a.seq;
    const b = p.ctx.db.tx((q) => insertMt(q, 'T-ORD-B3'));
    // the backfill's first page sets where forward pulls start (sync/replication/replication.ts)
    const backfill = b.then(() => pull({ direction: 'backfill', checkpoint: null }));
    if (kind === 'postgres') await backfill.catch(() => undefined);
    await a.commit();
    if (kind === 'postgres') expect((await backfill).highWater).toBeLessThan(seqA);
    const client = follower((await backfill).highWater);
    await client.pull();
    const got = [...(await backfill).documents, ...client.seen].map((d) => d.sn);
    expect(got).toContain('T-ORD-A3');
    expect(got).toContain('T-ORD-B3');
  });

  it('every table with a seq holds the writers’ lock before a statement takes seqs', async () => {
    const rows = await p.ctx.db.query<{ table_name: string; held: boolean }>(
      `select c.table_name::text, exists (
                select 1 from pg_trigger t join pg_proc f on f.oid = t.tgfoid
                 where t.tgrelid = (quote_ident(c.table_name))::regclass and f.proname = 'hold_change_seq') as held
         from information_schema.columns c
        where c.table_schema = current_schema() and c.column_name = 'seq' and c.column_default like 'nextval(''change_seq''%'`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(6);
    expect(rows.filter((r) => !r.held).map((r) => r.table_name)).toEqual([]);
  });
});
