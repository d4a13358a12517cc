import { beforeAll, describe, expect, it } from 'vitest';
import { moveBalance } from '../../platform/accounts/ledger';
import { DB_KINDS, platformFor } from '../helpers/platform';
import { FAST_SIMULATOR, tokenFor } from './send.fixtures';

// Recharge records, their types and the ledger on both storages, each scoped to the caller: every balance
// change writes a ledger row, so after a random mix of sends, timed refunds, charges and adjustments every balance
// equals the sum of its ledger.

/** mulberry32: a seeded generator, so a failing mix can be replayed from the seed in the message. */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe.each(DB_KINDS)('recharges and the ledger on %s', (kind) => {
  const p = platformFor(kind, { simulator: FAST_SIMULATOR });
  let admin: string;
  let agent: string;
  let user: string;
  beforeAll(async () => {
    [admin, agent, user] = await Promise.all(['admin', 'agent', 'user'].map((u) => tokenFor(p, u)));
  });

  const isoIn = (minutes: number) =>
    `${new Date(Date.now() + minutes * 60_000 + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;

  it('keeps every balance equal to the sum of its ledger through a random mix of operations', async () => {
    const seed = Date.now() % 100_000;
    const rand = rng(seed);
    const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)];
    const ops: string[] = [];
    for (let i = 0; i < 30; i++) {
      const op = pick(['send', 'subSend', 'charge', 'timedRefund', 'adjust', 'other']);
      ops.push(op);
      if (op === 'send') {
        const n = 1 + Math.floor(rand() * 3);
        const mobiles = Array.from({ length: n }, (_, k) => `1390000${String(i * 10 + k).padStart(4, '0')}`).join('\n');
        const r = await p.call('/user/groupSend', { cus_id: 'EP0001', content: `mix ${i}`, mobiles }, { token: admin });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
      } else if (op === 'subSend') {
        const r = await p.call(
          '/user/groupSend',
          { cus_id: 'SUB001', content: `sub ${i}`, mobiles: `1370000${String(i).padStart(4, '0')}` },
          { token: user },
        );
        expect(r.status, JSON.stringify(r.body)).toBe(200);
      } else if (op === 'charge') {
        const r = await p.call(
          '/customer/customerCharge',
          { cus_id: pick(['SUB001', 'SUB004', 'AGT001']), amount: (1 + Math.floor(rand() * 5000) / 100).toFixed(2) },
          { token: admin },
        );
        expect(r.status, JSON.stringify(r.body)).toBe(200);
      } else if (op === 'timedRefund') {
        const r = await p.call(
          '/user/groupSend',
          { cus_id: 'EP0001', content: `timed ${i}`, mobiles: '13500000001\n13500000002', timing_time: isoIn(30) },
          { token: admin },
        );
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        const x = await p.call(
          '/pageTimeBatch/operation',
          { time_batch: r.body.data.time_batch, operation: 'intercept' },
          { token: admin },
        );
        expect(x.status, JSON.stringify(x.body)).toBe(200);
      } else {
        // price and other adjustments are operator actions with no console call: through the ledger module
        const amount = Math.round((rand() * 20 - 10) * 100) / 100 || 0.01;
        await p.ctx.db.tx((q) =>
          moveBalance(q, pick(['EP0001', 'SUB001', 'SUB002']), amount, op === 'adjust' ? 'adjust' : 'other', {
            remark: `mix ${i}`,
            allowNegative: true,
          }),
        );
      }
    }
    const rows = await p.ctx.db.query<{ cus_id: string; balance: string; ledger: string | null }>(
      `select a.cus_id, a.balance, (select sum(l.amount) from balance_ledger l where l.cus_id = a.cus_id) as ledger from accounts a where a.cus_id <> 'SYSTEM'`,
    );
    const context = `seed ${seed}: ${ops.join(',')}`;
    for (const r of rows) expect(Number(r.ledger ?? 0), `${r.cus_id} (${context})`).toBeCloseTo(Number(r.balance), 4);
    // and each row's post balance follows from its pre balance
    const broken = await p.ctx.db.query(
      'select id from balance_ledger where pre_balance is not null and abs(pre_balance + amount - post_balance) > 0.00005',
    );
    expect(broken, context).toEqual([]);
  });

  it("lists sub-account recharges with type labels, the enterprise's own, and filters by account for userType 1 and 2", async () => {
    await p.call('/customer/customerCharge', { cus_id: 'SUB001', amount: 12.5, remark: 'list test' }, { token: admin });
    await p.ctx.db.tx((q) => moveBalance(q, 'SUB003', 3, 'adjust', { remark: 'price fix' }));
    const all = await p.call('/recharge/list', { pageSize: 200 }, { token: admin });
    expect(all.status).toBe(200);
    const rows = all.body.data.data as any[];
    expect(rows.every((r) => r.cus_id !== 'EP0001')).toBe(true);
    expect(rows.find((r) => r.remark === 'list test')).toMatchObject({
      cus_id: 'SUB001',
      recharge_money: 12.5,
      recharge_type: 0,
    });
    expect(rows.find((r) => r.remark === 'price fix')).toMatchObject({
      cus_id: 'SUB003',
      recharge_type: 2,
      recharge_money: 3,
    });
    const types = await p.call('/recharge/list', { recharge_type: 2, pageSize: 200 }, { token: admin });
    expect(types.body.data.data.every((r: any) => r.recharge_type === 2)).toBe(true);
    const one = await p.call('/recharge/list', { cus_id: 'SUB001', pageSize: 200 }, { token: admin });
    expect(one.body.data.data.every((r: any) => r.cus_id === 'SUB001')).toBe(true);
    // an agent sees its own customers only, and its filter cannot reach beyond them
    const ag = await p.call('/recharge/list', { pageSize: 200 }, { token: agent });
    expect(new Set(ag.body.data.data.map((r: any) => r.cus_id))).toEqual(new Set(['SUB003']));
    const agForeign = await p.call('/recharge/list', { cus_id: 'SUB001' }, { token: agent });
    expect(agForeign.body.data.total).toBe(0);
    // an ordinary sub-account sees its own rows whatever it asks for
    const sub = await p.call('/recharge/list', { cus_id: 'SUB003', pageSize: 200 }, { token: user });
    expect(sub.body.data.data.length).toBeGreaterThan(0);
    expect(sub.body.data.data.every((r: any) => r.cus_id === 'SUB001')).toBe(true);
    const ep = await p.call('/epRecharge/list', { pageSize: 200 }, { token: admin });
    expect(ep.body.data.data.some((r: any) => r.recharge_amount === -12.5)).toBe(true);
    const opening = ep.body.data.data.at(-1);
    expect(opening).toMatchObject({ recharge_amount: 100000, pre_balance: 0, post_balance: 100000, recharge_type: 0 });
    const ranged = await p.call('/recharge/list', { startTime: Date.now() + 3_600_000 }, { token: admin });
    expect(ranged.body.data.total).toBe(0);
  });
});
