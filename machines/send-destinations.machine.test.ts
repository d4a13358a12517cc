import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { ACCOUNT, start } from './send.fixtures';

describe('send machine: destinations', () => {
  it('prices an international send per destination country, with a breakdown', async () => {
    const t = start('international');
    t.fill({
      content: 'Hello',
      mobiles: '+14155552671\n0044 7400 123456\n+14155552672\n4155552672',
      sender_id: 'ACME1',
    });
    t.actor.send({ type: 'send.check' });
    await waitFor(t.actor, (s) => s.matches('confirming'));
    const { quote, check } = t.actor.getSnapshot().context;
    expect(check!.countries).toEqual({ US: 2, GB: 1 });
    expect(quote!.breakdown).toEqual([
      { country: 'US', country_name: '美国', count: 2, price: 0.35, cost: 0.7 },
      { country: 'GB', country_name: '英国', count: 1, price: 0.4, cost: 0.4 },
    ]);
    expect(quote!.cost).toBe(1.1);
  });

  it('names the countries without a price and their numbers, and goes on without them once removed', async () => {
    const t = start('international');
    t.fill({ content: 'Hello', mobiles: '+14155552671\n+6591234567\n+6581234567\n+447400123456' });
    t.actor.send({ type: 'send.check' });
    await waitFor(t.actor, (s) => s.context.problem !== null);
    const ctx = t.actor.getSnapshot().context;
    expect(ctx.problem).toBe('send.unpricedCountries');
    expect(ctx.problemParams).toMatchObject({ countries: 'SG', count: 2 });
    expect(ctx.quote).toMatchObject({ count: 2, cost: 0.75, unpriced: [{ country: 'SG', count: 2 }] });
    expect(t.reports).toMatchObject([
      { severity: 'error', summary: 'send.unpricedCountries', params: { countries: 'SG', count: 2 } },
    ]);
    t.actor.send({ type: 'send.removeUnpriced' });
    expect(t.actor.getSnapshot().context.draft.mobiles).toBe('+14155552671\n+447400123456');
    t.actor.send({ type: 'send.check' });
    await waitFor(t.actor, (s) => s.matches('confirming'));
    expect(t.actor.getSnapshot().context.quote).toMatchObject({ count: 2, cost: 0.75, unpriced: [] });
  });

  it('an account without any international price is refused as unpriced', async () => {
    const t = start('international', { account: { ...ACCOUNT, cus_id: 'SUB001' } });
    t.fill({ content: 'Hello', mobiles: '+14155552671' });
    t.actor.send({ type: 'send.check' });
    await waitFor(t.actor, (s) => s.context.problem !== null);
    expect(t.actor.getSnapshot().context.problem).toBe('send.noPrice');
  });

  it('a domestic send takes +86 / 86 / 0086 numbers as the 11-digit mobile', async () => {
    const t = start('domestic');
    t.fill({ content: 'x', mobiles: '+8613912345681\n8613912345682\n008613912345683\n13912345681' });
    t.actor.send({ type: 'send.check' });
    await waitFor(t.actor, (s) => s.matches('confirming'));
    const { check, quote } = t.actor.getSnapshot().context;
    expect(check).toMatchObject({ valid: ['13912345681', '13912345682', '13912345683'], invalid: [], repeatCount: 1 });
    expect(quote).toMatchObject({ count: 3 });
  });
});
