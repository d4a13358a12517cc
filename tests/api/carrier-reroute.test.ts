import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS } from '../../platform/smpp-wire/command-status';
import { DB_KINDS, type TestPlatform } from '../helpers/platform';
import { handDrivenSmsc, platformWithCarriers } from './hand-smsc.fixtures';
import { tokenFor, waitFor } from './send.fixtures';

// A carrier that refuses half its submits with a temporary error (system error): each refused message goes at once to
// the other carrier of its route, under its first record and id, charged once, and the record keeps that carrier;
// each number reaches each carrier at most once, and the message's attempts are kept with their carriers and answers.

const COUNT = 20;

describe.each(DB_KINDS)('re-routing a temporary refusal on %s', (kind) => {
  let p: TestPlatform;
  let flaky: Awaited<ReturnType<typeof handDrivenSmsc>>;
  let steady: Awaited<ReturnType<typeof handDrivenSmsc>>;
  beforeAll(async () => {
    let n = 0;
    flaky = await handDrivenSmsc({ refuse: () => (n++ % 2 === 0 ? STATUS.RSYSERR : null) });
    steady = await handDrivenSmsc();
    p = await platformWithCarriers(kind, {
      carriers: [flaky.carrier('flaky'), steady.carrier('steady')],
      routes: [{ carriers: ['flaky', 'steady'] }],
    });
  });
  afterAll(async () => {
    await p?.close();
    await Promise.all([flaky?.server.close(), steady?.server.close()]);
  });

  it('ends every message with one carrier, once, under its first record, charged once', async () => {
    const admin = await tokenFor(p, 'admin');
    const balance = async () =>
      Number(
        (await p.ctx.db.query<{ balance: string }>("select balance from accounts where cus_id = 'SUB001'"))[0].balance,
      );
    const before = await balance();
    const mobiles = Array.from({ length: COUNT }, (_, i) => `1370000${String(i).padStart(4, '0')}`);
    const r = await p.call(
      '/user/groupSend',
      { cus_id: 'SUB001', content: '【云信】改道', mobiles: mobiles.join('\n') },
      { token: admin },
    );
    expect(r.body.data.validCount).toBe(COUNT);
    const digits = mobiles.map((m) => `86${m}`);
    const taken = () => digits.filter((d) => flaky.ids.has(d) || steady.ids.has(d)).length;
    await waitFor(
      async () => taken(),
      (n) => n === COUNT,
    );
    // taken by exactly one carrier each; the flaky one saw each number at most once
    for (const d of digits) expect(Number(flaky.ids.has(d)) + Number(steady.ids.has(d)), d).toBe(1);
    for (const d of digits) expect(flaky.submitted.filter((x) => x === d).length, d).toBeLessThanOrEqual(1);
    const refused = digits.filter((d) => flaky.submitted.includes(d) && !flaky.ids.has(d));
    expect(refused.length).toBeGreaterThan(0);
    for (const d of refused) expect(steady.ids.has(d), d).toBe(true);
    // one record per number, each with its one accepted part, and one charge
    // the answers are written once the carriers gave them
    const records = await waitFor(
      () =>
        p.ctx.db.query<{ mobile: string; carriers: string[] }>(
          `select m.mobile, array_agg(p.carrier) as carriers from mt_records m join carrier_parts p on p.sn = m.sn
            where m.mobile = any($1) group by m.mobile`,
          [mobiles],
        ),
      (rows) => rows.length === COUNT,
    );
    expect(records).toHaveLength(COUNT);
    expect(records.every((x) => x.carriers.length === 1)).toBe(true);
    // each record keeps the carrier that finally took it (written with its parts), its cost unknown: none is set
    const kept = await p.ctx.db.query<{ mobile: string; carrier: string; cost: string | null }>(
      'select m.mobile, c.carrier, c.cost from mt_records m join record_costs c on c.sn = m.sn where m.mobile = any($1)',
      [mobiles],
    );
    expect(kept).toHaveLength(COUNT);
    for (const k of kept)
      expect(k, k.mobile).toMatchObject({ carrier: steady.ids.has(`86${k.mobile}`) ? 'steady' : 'flaky', cost: null });
    const price = 0.05;
    expect(Math.round((before - (await balance())) * 100)).toBe(Math.round(COUNT * price * 100));
    // a re-routed message's attempts: the refusal, then the carrier that took it
    const sn = (
      await p.ctx.db.query<{ sn: string }>('select sn from mt_records where mobile = $1', [refused[0].slice(2)])
    )[0].sn;
    const attempts = await p.ctx.db.query<{ attempt: number; carrier: string; answer: string }>(
      'select attempt, carrier, answer from carrier_attempts where sn = $1 order by attempt',
      [sn],
    );
    expect(attempts).toEqual([
      { attempt: 1, carrier: 'flaky', answer: '0x00000008' },
      { attempt: 2, carrier: 'steady', answer: 'accepted' },
    ]);
  });
});
