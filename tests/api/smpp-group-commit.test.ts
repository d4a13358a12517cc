import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Queryable } from '../../platform/db/db';
import { STATUS } from '../../platform/smpp-wire/command-status';
import { shortMessagePdu, type Pdu } from '../../platform/smpp-wire/pdu-types';
import { DB_KINDS, startPlatform, type TestPlatform } from '../helpers/platform';
import { FAST_SIMULATOR, balanceOf } from './send.fixtures';
import {
  bindPeer,
  bindTestAccount,
  pipelined,
  smppAccount,
  smppTestAccount,
  ucs2Submit as submit,
} from './smpp.fixtures';

// Submits that arrive together are written together (group commit): each still gets its own id, record, content,
// price and review state, and a balance that covers only some takes them in the order they came.

/** Runs `fn` with every transaction of the platform's database recording its statements, one list per transaction. */
async function statementsByTransaction<T>(p: TestPlatform, fn: () => Promise<T>): Promise<{ out: T; txs: string[][] }> {
  const db = p.ctx.db;
  const { tx, explicitTx } = db;
  const txs: string[][] = [];
  const recording =
    (open: Db['tx']) =>
    <R>(body: (q: Queryable) => Promise<R>) =>
      open.call(db, (q) => {
        const seen: string[] = [];
        txs.push(seen);
        return body({
          query: (sql, params) => (seen.push(sql), q.query(sql, params)),
          exec: (sql) => (seen.push(sql), q.exec(sql)),
        });
      }) as Promise<R>;
  db.tx = recording(tx);
  db.explicitTx = recording(explicitTx);
  try {
    return { out: await fn(), txs };
  } finally {
    db.tx = tx;
    db.explicitTx = explicitTx;
  }
}

describe.each(DB_KINDS)('SMPP group commit on %s', (kind) => {
  let p: TestPlatform;
  beforeAll(async () => {
    // review takes longer than the test: a message held for it is still held when the test reads it
    p = await startPlatform(kind, {
      smppPort: 'auto',
      simulator: { ...FAST_SIMULATOR, reviewMs: 600_000 },
      logLevel: 'error',
    });
    await smppTestAccount(p, { balance: 1000, payType: 0 });
  });
  afterAll(async () => p?.close());

  it('writes a burst over two binds in a few batches, each message its own record, content and id', async () => {
    const [a, b] = [await bindTestAccount(p, 'bind_transmitter'), await bindTestAccount(p, 'bind_transmitter')];
    const mobile = (side: number, i: number) => `1390000${side}${String(i).padStart(3, '0')}`;
    const burst = (side: number) => Array.from({ length: 8 }, (_, i) => submit(mobile(side, i), `第${side}路消息${i}`));
    const answers = (await Promise.all([pipelined(a.peer, burst(1)), pipelined(b.peer, burst(2))])).flat();
    expect(answers.map((r) => r.commandStatus)).toEqual(new Array(16).fill(STATUS.ROK));
    const ids = answers.map((r) => String((r as unknown as { messageId: string }).messageId));
    expect(new Set(ids).size).toBe(16);

    const rows = await p.ctx.db.query<{
      message_id: string;
      mobile: string;
      content: string;
      batch_id: string;
      source: string;
      mt_status: number;
    }>(
      `select s.message_id, r.mobile, r.content, r.batch_id, r.source, r.mt_status
         from smpp_messages s join mt_records r on r.sn = s.sn where s.message_id = any($1::text[])`,
      [ids],
    );
    expect(rows).toHaveLength(16);
    for (const r of rows) {
      const side = Number(r.mobile[7]);
      const i = Number(r.mobile.slice(8));
      expect(r.content).toBe(`第${side}路消息${i}`);
      expect(r.source).toBe('smpp');
      expect(ids.indexOf(r.message_id)).toBe((side - 1) * 8 + i);
    }
    // the first submit is written alone at once; the rest queued behind it and went in one or two more groups
    expect(new Set(rows.map((r) => r.batch_id)).size).toBeLessThanOrEqual(4);
    const [batches] = await p.ctx.db.query<{ n: number; sent: number }>(
      'select count(*)::int as n, sum(sent_count)::int as sent from batches where batch_id = any($1::text[])',
      [[...new Set(rows.map((r) => r.batch_id))]],
    );
    expect(batches.sent).toBe(16);
    a.peer.end();
    b.peer.end();
  });

  it('takes a group in arrival order while the prepaid balance lasts, refuses the rest, and holds a review word for review', async () => {
    const { peer } = await bindTestAccount(p, 'bind_transmitter');
    const before = await balanceOf(p, 'SUB001');
    expect((await peer.call(submit('13900003000', '单条计价'))).commandStatus).toBe(STATUS.ROK);
    const price = Math.round((before - (await balanceOf(p, 'SUB001'))) * 10_000);
    expect(price).toBeGreaterThan(0);
    await p.ctx.db.query('update accounts set balance = $2 where cus_id = $1', ['SUB001', (5 * price) / 10_000]);

    const texts = ['一', '贷款二', '三', '四', '五', '六', '七'];
    const { out: answers, txs } = await statementsByTransaction(p, () =>
      pipelined(
        peer,
        texts.map((t, i) => submit(`1390000300${i + 1}`, t)),
      ),
    );
    expect(answers.map((r) => r.commandStatus)).toEqual([0, 0, 0, 0, 0, STATUS.RSUBMITFAIL, STATUS.RSUBMITFAIL]);
    expect(await balanceOf(p, 'SUB001')).toBeCloseTo(0, 4);
    const rows = await p.ctx.db.query<{ content: string; mt_status: number }>(
      "select content, mt_status from mt_records where cus_id = 'SUB001' and mobile = any($1::text[]) order by mobile",
      [texts.map((_, i) => `1390000300${i + 1}`)],
    );
    expect(rows.map((r) => r.content)).toEqual(texts.slice(0, 5));
    // the review word's record is held (100); the others went on to the carrier (submitted, 500, or already reported:
    // the fast simulator may answer before this reads them)
    expect(
      rows.map((r) => (r.mt_status === 100 ? 'held' : [500, 0, 600, 700].includes(r.mt_status) ? 'sent' : r.mt_status)),
    ).toEqual(['sent', 'held', 'sent', 'sent', 'sent']);
    const [ledger] = await p.ctx.db.query<{ charged: string }>(
      "select -sum(amount) as charged from balance_ledger where cus_id = 'SUB001' and kind = 'send' and ref in (select batch_id from mt_records where mobile = any($1::text[]))",
      [texts.map((_, i) => `1390000300${i + 1}`)],
    );
    expect(Math.round(Number(ledger.charged) * 10_000)).toBe(5 * price);

    // a group's transaction locks the balance row once, however many batches it charges: the six queued behind the
    // first went together, the review word's batch and the others'
    const storing = txs.filter((t) => t.some((sql) => sql.includes('insert into smpp_messages')));
    expect(storing.length).toBeGreaterThan(0);
    for (const t of storing)
      expect(t.filter((sql) => /from accounts\b[^;]*for (no key )?update/.test(sql))).toHaveLength(1);
    expect(storing.some((t) => t.filter((sql) => sql.includes('insert into balance_ledger')).length === 2)).toBe(true);
    // and each ledger row starts where the one before it ended, a group's second batch included
    const moves = await p.ctx.db.query<{ amount: string; pre: string; post: string }>(
      `select amount, pre_balance as pre, post_balance as post from balance_ledger
        where cus_id = 'SUB001' and ref in (select batch_id from mt_records where mobile = any($1::text[])) order by id`,
      [texts.map((_, i) => `1390000300${i + 1}`)],
    );
    const units = (yuan: string) => Math.round(Number(yuan) * 10_000);
    expect(units(moves[0].pre)).toBe(5 * price);
    expect(units(moves[moves.length - 1].post)).toBe(0);
    moves.forEach((m, i) => {
      expect(units(m.post) - units(m.pre)).toBe(units(m.amount));
      if (i > 0) expect(units(m.pre)).toBe(units(moves[i - 1].post));
    });
    peer.end();
  });
});

describe('SMPP international submits', () => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startPlatform('pglite', { smppPort: 'auto', simulator: FAST_SIMULATOR, logLevel: 'error' });
    await smppAccount(p, 'SUB003', 'smpp1234');
    // an account granted international SMS only
    await p.ctx.db.query("delete from account_products where cus_id = 'SUB003'");
    await p.ctx.db.query("insert into account_products (cus_id, prod_type) values ('SUB003', 1)");
    await p.ctx.db.query("update accounts set status = 1, balance = 100, pay_type = 0 where cus_id = 'SUB003'");
  });
  afterAll(async () => p?.close());

  it('takes the digits of an international number as SMPP writes them, priced by its country', async () => {
    const { peer } = await bindPeer(p, 'SUB003', 'smpp1234', 'bind_transmitter');
    const [{ source }] = await p.ctx.db.query<{ source: string }>(
      "select coalesce(options->>'srcId', '') || coalesce(ext_number, '') as source from accounts where cus_id = 'SUB003'",
    );
    const intl = (destinationAddr: string) =>
      shortMessagePdu('submit_sm', {
        sourceAddr: source,
        destinationAddr,
        destAddrTon: 1,
        destAddrNpi: 1,
        shortMessage: Buffer.from('hello'),
      }) as unknown as Pdu;
    const answers = await pipelined(peer, [
      intl('14155552671'),
      intl('+6591234567'),
      intl('0081312345678'),
      intl('12'),
    ]);
    expect(answers.map((r) => r.commandStatus)).toEqual([0, 0, 0, STATUS.RINVDSTADR]);
    const rows = await p.ctx.db.query<{ mobile: string; country_code: string; price: string }>(
      "select mobile, country_code, price from mt_records where cus_id = 'SUB003' and source = 'smpp' order by mobile",
    );
    expect(rows.map((r) => [r.mobile, r.country_code, Number(r.price)])).toEqual([
      ['+14155552671', 'US', 0.35],
      ['+6591234567', 'SG', 0.28],
      ['+81312345678', 'JP', 0.45],
    ]);
    peer.end();
  });
});
