import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { PriceRow, SendAccount } from '../contract/endpoints/price.endpoints';
import { checkNumbers } from '../contract/validation/send-numbers.rules';
import type { EventDoc } from '../sync/store/local-db';
import { blacklistedNow, withoutNumbers, type BlacklistInput, type SendDraft, type SendKind } from './send-kinds';
import type { SendCommand } from './send-form';
import { sendMachine } from './send.machine';

// The check step asks the platform's blacklist before confirming: the counts, the quote and the charge deducted at
// once are of the numbers that will be sent.

const PRICES: PriceRow[] = [
  { cus_id: 'EP0001', prod_type: 0, country_code: '', country_name: '', price: 0.05 },
  { cus_id: 'EP0001', prod_type: 1, country_code: 'US', country_name: '美国', price: 0.35 },
  { cus_id: 'EP0001', prod_type: 1, country_code: 'GB', country_name: '英国', price: 0.4 },
];
const ACCOUNT: SendAccount = { cus_id: 'EP0001', time_zone: 'Asia/Shanghai', pay_type: 0, balance: 100 };
const LISTED = '13900000002';

function start(kind: SendKind, opts: { online?: boolean; listed?: string[]; fails?: boolean } = {}) {
  const asked: BlacklistInput[] = [];
  const recorded: SendCommand[] = [];
  const machine = sendMachine.provide({
    actors: {
      checkBlacklist: fromPromise(async ({ input }: { input: BlacklistInput }) => {
        asked.push(input);
        if (opts.fails) throw new Error('network');
        return input.mobiles.filter((m) => (opts.listed ?? [LISTED]).includes(m));
      }),
      recordSend: fromPromise(async ({ input }: { input: SendCommand }) => {
        recorded.push(input);
        return 'ev1';
      }),
      // the send stays in flight: what matters here is what was recorded and deducted
      awaitOutcome: fromPromise(
        (): Promise<Pick<EventDoc, 'status' | 'last_error' | 'result'>> => new Promise(() => {}),
      ),
    },
    actions: { report: () => {}, balanceChanged: () => {} },
  });
  const actor = createActor(machine, {
    input: { kind, prices: PRICES, account: ACCOUNT, online: opts.online ?? true, now: () => 0 },
  }).start();
  const fill = (patch: Partial<SendDraft>) => actor.send({ type: 'send.update', patch });
  return { actor, asked, recorded, fill };
}

describe('send machine: the blacklist in the check step', () => {
  it('takes the blacklisted numbers out of the valid count and the quote, and the deduction follows', async () => {
    const t = start('domestic');
    t.fill({ content: '【演示】您的订单已发货', mobiles: '13900000001\n13900000002\n13900000003\n12345' });
    t.actor.send({ type: 'send.check' });
    await waitFor(t.actor, (s) => s.matches('confirming'));
    const ctx = t.actor.getSnapshot().context;
    expect(t.asked).toEqual([{ cus_id: 'EP0001', mobiles: ['13900000001', '13900000002', '13900000003'] }]);
    expect(blacklistedNow(ctx)).toEqual([LISTED]);
    expect(ctx.check!.valid).toHaveLength(3);
    expect(ctx.quote).toMatchObject({ count: 2, cost: 0.1 });
    t.actor.send({ type: 'send.confirm' });
    await waitFor(t.actor, (s) => s.matches('submitting'));
    expect(t.recorded[0].summary).toMatchObject({ count: 2, cost: 0.1 });
    expect(t.actor.getSnapshot().context.account!.balance).toBe(99.9);
  });

  it('prices international numbers by country without the blacklisted ones', async () => {
    const t = start('international', { listed: ['+14155552671'] });
    t.fill({ content: 'Hello', mobiles: '+14155552671\n+14155552672\n+447400123456' });
    t.actor.send({ type: 'send.check' });
    await waitFor(t.actor, (s) => s.matches('confirming'));
    const q = t.actor.getSnapshot().context.quote!;
    expect(q.count).toBe(2);
    expect(q.breakdown.map((b) => [b.country, b.count])).toEqual([
      ['GB', 1],
      ['US', 1],
    ]);
    expect(q.cost).toBeCloseTo(0.75, 4);
  });

  it('says every number is blacklisted rather than that none is valid', async () => {
    const t = start('domestic');
    t.fill({ content: '【演示】通知', mobiles: LISTED });
    t.actor.send({ type: 'send.check' });
    await waitFor(t.actor, (s) => s.matches('editing') && s.context.problem !== null);
    expect(t.actor.getSnapshot().context).toMatchObject({ problem: 'send.allBlacklisted', problemParams: { n: 1 } });
  });

  it('offline, or when the platform cannot answer, keeps the counts as checked and marks the blacklist unchecked', async () => {
    for (const opts of [{ online: false }, { fails: true }]) {
      const t = start('domestic', opts);
      t.fill({ content: '【演示】通知', mobiles: '13900000001\n13900000002' });
      t.actor.send({ type: 'send.check' });
      await waitFor(t.actor, (s) => s.matches('confirming'));
      const ctx = t.actor.getSnapshot().context;
      expect(t.asked).toHaveLength(opts.online === false ? 0 : 1);
      expect(ctx.blacklist!.numbers).toBeNull();
      expect(ctx.quote).toMatchObject({ count: 2, cost: 0.1 });
    }
  });

  it('withoutNumbers recounts the countries of what is left', () => {
    const check = checkNumbers('international', '+14155552671\n+447400123456');
    expect(withoutNumbers(check, ['+447400123456'])).toMatchObject({
      valid: ['+14155552671'],
      countries: { US: 1 },
      validCountries: ['US'],
    });
  });
});
