import { describe, expect, it } from 'vitest';
import type { Queryable } from '../../platform/db/db';
import { storeReplies } from '../../platform/messaging/dispatch';
import { pricesFor, toYuan } from '../../platform/messaging/pricing';
import { DB_KINDS, platformFor } from '../helpers/platform';
import { balanceOf, FAST_SIMULATOR, tokenFor } from './send.fixtures';

// A carrier delivering a burst of replies that match a rule, all in one round (one transaction): each reply is answered
// exactly once and charged once, the blacklisted numbers and the replies a prepaid balance no longer covers get none,
// and the round costs a fixed number of statements, not a handful per reply.

const ANSWER = 'Burst answer';

describe.each(DB_KINDS)('a burst of matching replies on %s', (kind) => {
  const p = platformFor(kind, { simulator: FAST_SIMULATOR, logLevel: 'error' });

  it('answers 50 replies of one round once each, charged once, none to blacklisted numbers or past the balance', async () => {
    const admin = await tokenFor(p, 'admin');
    expect(
      (await p.call('/replyRule/save', { keyword: 'burst', answer: ANSWER, forwardUrl: '', tag: '' }, { token: admin }))
        .status,
    ).toBe(200);
    const num = (i: number) => `1395599${String(i).padStart(4, '0')}`;
    // SUB001 (prepaid): 40 replies, 3 numbers blacklisted for the enterprise and 2 for SUB001 alone, a balance that
    // covers 30 answers; SUB002 (postpaid): 9 domestic replies, one from a number only SUB001 blacklisted, and one
    // from abroad (answered on the international product, in a batch of its own)
    const sub1 = Array.from({ length: 40 }, (_, i) => num(i));
    const sub2 = [num(3), ...Array.from({ length: 8 }, (_, i) => num(100 + i))];
    const abroad = '+14155552671';
    await p.ctx.db.query(
      `insert into blacklist (ep_id, cus_id, mobile, source) select 'EP0001', t.cus, t.m, 'manual' from unnest($1::text[], $2::text[]) as t(cus, m)`,
      [
        ['', '', '', 'SUB001', 'SUB001'],
        [num(0), num(1), num(2), num(3), num(4)],
      ],
    );
    const price = (await pricesFor(p.ctx.db, 'SUB001', 0)).get('')!.units;
    await p.ctx.db.query("update accounts set balance = $1 where cus_id = 'SUB001'", [toYuan(price * 30 + price - 1)]);
    const sub2Before = await balanceOf(p, 'SUB002');

    const statements: string[] = [];
    const counted = (q: Queryable): Queryable => ({
      query: (sql, params) => (statements.push(sql), q.query(sql, params)),
      exec: (sql) => (statements.push(sql), q.exec(sql)),
    });
    const replies = [...sub1.map((m) => ['SUB001', m]), ...sub2.map((m) => ['SUB002', m]), ['SUB002', abroad]].map(
      ([cus, mobile]) => ({
        row: { sn: '', cus_id: cus, prod_type: 0, mobile, content: '', batch_id: '' },
        content: 'BURST',
      }),
    );
    expect(replies).toHaveLength(50);
    await p.ctx.db.tx((q) => storeReplies(p.ctx, counted(q), p.ctx.now(), replies));

    const sent = await p.ctx.db.query<{ cus_id: string; mobile: string; batch_id: string; price: number }>(
      'select cus_id, mobile, batch_id, price::float8 as price from mt_records where content = $1',
      [ANSWER],
    );
    const to = (cus: string) =>
      sent
        .filter((s) => s.cus_id === cus)
        .map((s) => s.mobile)
        .sort();
    // SUB001: the 35 allowed numbers answered in reply order while the balance lasted, the last 5 not at all
    expect(to('SUB001')).toEqual(sub1.slice(5, 35));
    expect(to('SUB002')).toEqual([...sub2, abroad].sort());
    const answered = await p.ctx.db.query<{ mobile: string }>(
      "select o.mobile from reply_rule_answers a join mo_records o on o.sn = a.mo_sn where o.content = 'BURST' order by o.mobile",
    );
    expect(answered.map((a) => a.mobile)).toEqual(sent.map((s) => s.mobile).sort());
    // one charge per answer: the ledger rows of the answers' batches move exactly their prices, once
    const batches = [...new Set(sent.map((s) => s.batch_id))];
    expect(batches).toHaveLength(3);
    const ledger = await p.ctx.db.query<{ cus_id: string; amount: number }>(
      "select cus_id, sum(amount)::float8 as amount from balance_ledger where kind = 'send' and ref = any($1::text[]) group by cus_id",
      [batches],
    );
    const priceOf = (cus: string) => sent.filter((s) => s.cus_id === cus).reduce((sum, s) => sum + s.price, 0);
    expect(Object.fromEntries(ledger.map((l) => [l.cus_id, l.amount]))).toEqual({
      SUB001: expect.closeTo(-priceOf('SUB001'), 4),
      SUB002: expect.closeTo(-priceOf('SUB002'), 4),
    });
    expect(await balanceOf(p, 'SUB001')).toBeCloseTo(toYuan(price - 1), 4);
    expect(await balanceOf(p, 'SUB002')).toBeCloseTo(sub2Before - priceOf('SUB002'), 4);

    // the rules' part of the round: from the statement that finds the replies' rules to the end
    const fromRules = statements.length - statements.findIndex((s) => s.includes('join reply_rules'));
    expect(fromRules, statements.join('\n---\n')).toBeLessThanOrEqual(20);
  });
});
