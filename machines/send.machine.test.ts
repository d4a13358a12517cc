import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { PriceRow, SendAccount } from '../contract/endpoints/price.endpoints';
import type { EventDoc } from '../sync/store/local-db';
import type { SendDraft, SendKind } from './send-kinds';
import { checkNumbers } from '../contract/validation/send-numbers.rules';
import type { SendCommand } from './send-form';
import { sendMachine } from './send.machine';

const NOW = Date.UTC(2026, 10, 22, 8, 0, 0);
const PRICES: PriceRow[] = [
  { cus_id: 'EP0001', prod_type: 0, country_code: '', country_name: '', price: 0.05 },
  { cus_id: 'EP0001', prod_type: 1, country_code: 'US', country_name: '美国', price: 0.35 },
  { cus_id: 'EP0001', prod_type: 1, country_code: 'GB', country_name: '英国', price: 0.4 },
  { cus_id: 'EP0001', prod_type: 2, country_code: '', country_name: '', price: 0.3 },
  { cus_id: 'EP0001', prod_type: 6, country_code: '', country_name: '', price: 0.1 },
];
const ACCOUNT: SendAccount = { cus_id: 'EP0001', time_zone: 'Asia/Shanghai', pay_type: 0, balance: 100 };
const FIVE = '13900000001\n13900000002，13900000003 12345\n13900000001';

type Outcome = Pick<EventDoc, 'status' | 'last_error' | 'result'>;

function start(kind: SendKind, opts: { online?: boolean; account?: SendAccount; outcome?: Outcome } = {}) {
  const recorded: SendCommand[] = [];
  const balances: number[] = [];
  const reports: Array<{ severity: string; summary: string; detail?: string }> = [];
  let settle: () => void = () => {};
  const settled = new Promise<void>((r) => (settle = r));
  const outcome: Outcome = opts.outcome ?? { status: 'acked', last_error: null, result: { batch_id: 'B1', time_batch: null, cost: 0.15 } };
  const machine = sendMachine.provide({
    actors: {
      recordSend: fromPromise(async ({ input }: { input: SendCommand }) => {
        recorded.push(input);
        return `ev${recorded.length}`;
      }),
      awaitOutcome: fromPromise(async (): Promise<Outcome> => {
        await settled;
        return outcome;
      }),
    },
    actions: {
      balanceChanged: (_, b: number) => void balances.push(b),
      report: (_, r: { severity: string; summary: string; detail?: string }) => void reports.push(r),
    },
  });
  const actor = createActor(machine, {
    input: { kind, prices: PRICES, account: opts.account ?? ACCOUNT, online: opts.online ?? true, now: () => NOW, linkBase: 'http://h/s/' },
  }).start();
  const fill = (patch: Partial<SendDraft>) => actor.send({ type: 'send.update', patch });
  return { actor, recorded, balances, reports, settle, fill };
}

describe('send machine', () => {
  it('checks counts, confirms, records with the request body, deducts the cost at once and ends sent', async () => {
    const t = start('domestic');
    t.fill({ content: '【演示】您的订单已发货', mobiles: FIVE });
    t.actor.send({ type: 'send.check' });
    await waitFor(t.actor, (s) => s.matches('confirming'));
    const { check, quote } = t.actor.getSnapshot().context;
    expect({ valid: check!.valid.length, invalid: check!.invalid, repeats: check!.repeatCount }).toEqual({ valid: 3, invalid: ['12345'], repeats: 1 });
    expect(quote).toMatchObject({ segments: 1, count: 3, cost: 0.15 });
    t.actor.send({ type: 'send.confirm' });
    await waitFor(t.actor, (s) => s.matches('submitting'));
    expect(t.recorded).toEqual([
      {
        type: 'send.group',
        body: { cus_id: 'EP0001', mobiles: FIVE, content: '【演示】您的订单已发货' },
        summary: { kind: 'domestic', count: 3, cost: 0.15, timing: null },
      },
    ]);
    expect(t.balances).toEqual([99.85]);
    t.settle();
    await waitFor(t.actor, (s) => s.matches('sent'));
    expect(t.actor.getSnapshot().context.result?.batch_id).toBe('B1');
    expect(t.balances.at(-1)).toBe(99.85);
    expect(t.reports.at(-1)).toEqual({ severity: 'success', summary: 'send.success' });
  });

  it('offline: queues the send, shows it queued, and settles when the network returns', async () => {
    const t = start('domestic', { online: false });
    t.fill({ content: 'hello', mobiles: '13900000001' });
    t.actor.send({ type: 'send.check' });
    await waitFor(t.actor, (s) => s.matches('confirming'));
    t.actor.send({ type: 'send.confirm' });
    await waitFor(t.actor, (s) => s.matches('queued'));
    expect(t.recorded).toHaveLength(1);
    expect(t.reports).toContainEqual({ severity: 'info', summary: 'send.queued' });
    t.actor.send({ type: 'send.online' });
    expect(t.actor.getSnapshot().value).toBe('submitting');
    t.settle();
    await waitFor(t.actor, (s) => s.matches('sent'));
    expect(t.recorded).toHaveLength(1);
  });

  it('says how many numbers the platform left out as blacklisted, which the check before confirming cannot know', async () => {
    const t = start('domestic', {
      outcome: { status: 'acked', last_error: null, result: { batch_id: 'B1', time_batch: null, cost: 0.05, validCount: 1, blacklistCount: 1 } },
    });
    t.fill({ content: 'hello', mobiles: '13900000001\n13900000002' });
    t.actor.send({ type: 'send.check' });
    await waitFor(t.actor, (s) => s.matches('confirming'));
    t.actor.send({ type: 'send.confirm' });
    await waitFor(t.actor, (s) => s.matches('submitting'));
    t.settle();
    await waitFor(t.actor, (s) => s.matches('sent'));
    expect(t.balances).toEqual([99.9, 99.95]);
    expect(t.reports).toEqual([
      { severity: 'success', summary: 'send.success' },
      { severity: 'info', summary: 'send.blacklistSkipped', params: { n: 1 } },
    ]);
  });

  it('a rejection shows the platform message and restores the displayed balance', async () => {
    const t = start('domestic', { outcome: { status: 'rejected', last_error: '余额不足', result: null } });
    t.fill({ content: 'hello', mobiles: '13900000001\n13900000002' });
    t.actor.send({ type: 'send.check' });
    await waitFor(t.actor, (s) => s.matches('confirming'));
    t.actor.send({ type: 'send.confirm' });
    await waitFor(t.actor, (s) => s.matches('submitting'));
    t.settle();
    await waitFor(t.actor, (s) => s.matches('rejected'));
    expect(t.balances).toEqual([99.9, 100]);
    expect(t.actor.getSnapshot().context.error).toBe('余额不足');
    expect(t.reports.at(-1)).toEqual({ severity: 'error', summary: 'send.rejected', detail: '余额不足' });
    t.actor.send({ type: 'send.edit' });
    expect(t.actor.getSnapshot().context.draft.content).toBe('hello');
  });

  const refusals: Array<[string, SendKind, Partial<SendDraft>, SendAccount | undefined, string]> = [
    // NOW is 16:00 in Shanghai, the account's zone
    [
      'a schedule less than 10 minutes ahead',
      'domestic',
      { content: 'x', mobiles: '13900000001', scheduled: true, timingText: '2026-11-22 16:09' },
      undefined,
      'send.timingTooSoon',
    ],
    [
      'a ticked schedule without a time',
      'domestic',
      { content: 'x', mobiles: '13900000001', scheduled: true, timingText: '  ' },
      undefined,
      'send.timingRequired',
    ],
    [
      'a ticked schedule with garbage',
      'domestic',
      { content: 'x', mobiles: '13900000001', scheduled: true, timingText: 'garbage' },
      undefined,
      'send.timingInvalid',
    ],
    [
      'a schedule on February 30',
      'domestic',
      { content: 'x', mobiles: '13900000001', scheduled: true, timingText: '2026-02-30 10:00' },
      undefined,
      'send.timingInvalid',
    ],
    [
      'a schedule at 25:00',
      'domestic',
      { content: 'x', mobiles: '13900000001', scheduled: true, timingText: '2026-12-01 25:00' },
      undefined,
      'send.timingInvalid',
    ],
    [
      'a template with unfilled placeholders',
      'domestic',
      { content: '尊敬的${p1}，您的订单 ${p2} 已发货', mobiles: '13900000001' },
      undefined,
      'send.placeholdersUnfilled',
    ],
    [
      'a link send with unfilled placeholders',
      'link',
      { content: '${p1} 看看 {link}', long_link: 'https://x.cn/a', mobiles: '13900000001' },
      undefined,
      'send.placeholdersUnfilled',
    ],
    ['a closed account', 'domestic', { content: 'x', mobiles: '13900000001' }, { ...ACCOUNT, status: 0 }, 'send.accountClosed'],
    ['insufficient balance', 'domestic', { content: 'x', mobiles: '13900000001\n13900000002' }, { ...ACCOUNT, balance: 0.05 }, 'send.insufficientBalance'],
    ['an empty content', 'domestic', { content: '   ', mobiles: '13900000001' }, undefined, 'send.emptyContent'],
    ['no valid number', 'domestic', { content: 'x', mobiles: '12345\n0101234567' }, undefined, 'send.noValidMobile'],
    ['international numbers without a country code', 'international', { content: 'x', mobiles: '4155552671' }, undefined, 'send.noValidMobile'],
    ['a bad sender id', 'international', { content: 'x', mobiles: '+14155552671', sender_id: 'AC-ME' }, undefined, 'send.badSenderId'],
    ['a video without template or frames', 'video', { mobiles: '13900000001', title: 't' }, undefined, 'send.videoContentRequired'],
    ['a card without a chatbot', 'card', { mobiles: '13900000001', template_name: 'x' }, undefined, 'send.chatbotRequired'],
    ['a javascript: long link', 'link', { content: 'x {link}', mobiles: '13900000001', long_link: 'javascript:alert(1)' }, undefined, 'send.linkRequired'],
    [
      'a data: product link',
      'taoke',
      { content: 'x', mobiles: '13900000001', product_link: 'data:text/html,<script>1</script>' },
      undefined,
      'send.linkRequired',
    ],
    ['a link with credentials', 'link', { content: 'x {link}', mobiles: '13900000001', long_link: 'https://a:b@x.cn/' }, undefined, 'v.url.credentials'],
  ];
  it.each(refusals)('refuses %s without recording anything', async (_, kind, patch, account, problem) => {
    const t = start(kind, { account });
    t.fill(patch);
    t.actor.send({ type: 'send.check' });
    await waitFor(t.actor, (s) => s.matches('editing') && s.context.check !== null);
    expect(t.actor.getSnapshot().context.problem).toBe(problem);
    expect(t.reports).toMatchObject([{ severity: 'error', summary: problem }]);
    expect(t.recorded).toEqual([]);
    expect(t.balances).toEqual([]);
  });

  it('a postpaid account is not stopped by its balance; a schedule 10 minutes ahead is accepted', async () => {
    const t = start('domestic', { account: { ...ACCOUNT, pay_type: 1, balance: 0 } });
    t.fill({ content: 'x', mobiles: '13900000001', scheduled: true, timingText: '2026-11-22 16:10' });
    t.actor.send({ type: 'send.check' });
    await waitFor(t.actor, (s) => s.matches('confirming'));
    t.actor.send({ type: 'send.confirm' });
    await waitFor(t.actor, (s) => s.matches('submitting'));
    expect(t.recorded[0].body.timing_time).toBe(new Date(NOW + 10 * 60_000).toISOString());
  });

  it('cancel returns to editing; invalid numbers and repeats can be removed', async () => {
    const t = start('domestic');
    t.fill({ content: 'x', mobiles: FIVE });
    t.actor.send({ type: 'send.check' });
    await waitFor(t.actor, (s) => s.matches('confirming'));
    t.actor.send({ type: 'send.cancel' });
    t.actor.send({ type: 'send.removeInvalid' });
    expect(t.actor.getSnapshot().context.draft.mobiles).toBe('13900000001\n13900000002\n13900000003');
    expect(t.recorded).toEqual([]);
  });

  it('prices an international send per destination country, with a breakdown', async () => {
    const t = start('international');
    t.fill({ content: 'Hello', mobiles: '+14155552671\n0044 7400 123456\n+14155552672\n4155552672', sender_id: 'ACME1' });
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
    expect(t.reports).toMatchObject([{ severity: 'error', summary: 'send.unpricedCountries', params: { countries: 'SG', count: 2 } }]);
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

describe('send machine: live number count', () => {
  /** a countNumbers the test settles by hand, remembering each count it was asked and whether it was stopped. */
  function manualCounts() {
    const asked: Array<{ text: string; signal: AbortSignal; finish: () => void }> = [];
    const countNumbers = fromPromise(async ({ input, signal }: { input: { mode: 'domestic' | 'international'; text: string }; signal: AbortSignal }) => {
      await new Promise<void>((resolve) => asked.push({ text: input.text, signal, finish: resolve }));
      return checkNumbers(input.mode, input.text);
    });
    return { asked, countNumbers };
  }
  const checkCalls: string[] = [];
  const counting = (kind: SendKind, countNumbers?: ReturnType<typeof manualCounts>['countNumbers']) =>
    createActor(
      sendMachine.provide({
        actors: {
          ...(countNumbers ? { countNumbers } : {}),
          checkNumbers: fromPromise(async ({ input }: { input: { mode: 'domestic' | 'international'; text: string } }) => {
            checkCalls.push(input.text);
            return checkNumbers(input.mode, input.text);
          }),
        },
        actions: { report: () => {}, balanceChanged: () => {} },
      }),
      { input: { kind, prices: PRICES, account: ACCOUNT, now: () => NOW } },
    ).start();

  it('counts typed numbers once typing pauses, with the invalid ones listed, before any send', async () => {
    const actor = counting('domestic');
    actor.send({ type: 'send.update', patch: { mobiles: FIVE } });
    expect(actor.getSnapshot().matches({ editing: 'waiting' })).toBe(true);
    expect(actor.getSnapshot().context.check).toBeNull();
    await waitFor(actor, (s) => s.matches({ editing: 'counted' }) && s.context.check !== null);
    const { check, checkedMobiles } = actor.getSnapshot().context;
    expect({ valid: check!.valid.length, invalid: check!.invalid, repeats: check!.repeatCount }).toEqual({ valid: 3, invalid: ['12345'], repeats: 1 });
    expect(checkedMobiles).toBe(FIVE);
    // the content is not the numbers: editing it counts nothing again
    actor.send({ type: 'send.update', patch: { content: 'x' } });
    expect(actor.getSnapshot().matches({ editing: 'counted' })).toBe(true);
  });

  it('keystrokes within the pause make one count, of the last list', async () => {
    const m = manualCounts();
    const actor = counting('domestic', m.countNumbers);
    for (const text of ['1', '13', '139', '13900000001']) actor.send({ type: 'send.update', patch: { mobiles: text } });
    await waitFor(actor, (s) => s.matches({ editing: 'counting' }));
    expect(m.asked.map((a) => a.text)).toEqual(['13900000001']);
  });

  it('a newer list cancels the count of a stale one, whose answer is never applied', async () => {
    const m = manualCounts();
    const actor = counting('domestic', m.countNumbers);
    actor.send({ type: 'send.update', patch: { mobiles: '13900000001\n12345' }, immediate: true });
    expect(m.asked).toHaveLength(1);
    actor.send({ type: 'send.update', patch: { mobiles: '13900000002' }, immediate: true });
    expect(m.asked.map((a) => [a.text, a.signal.aborted])).toEqual([
      ['13900000001\n12345', true],
      ['13900000002', false],
    ]);
    m.asked[0].finish();
    m.asked[1].finish();
    await waitFor(actor, (s) => s.matches({ editing: 'counted' }));
    expect(actor.getSnapshot().context.check).toMatchObject({ valid: ['13900000002'], invalid: [] });
    // typing during a count stops it too, and the typed list is counted after the pause
    actor.send({ type: 'send.update', patch: { mobiles: '13900000003' }, immediate: true });
    actor.send({ type: 'send.update', patch: { mobiles: '13900000003\n13900000004' } });
    expect(m.asked[2].signal.aborted).toBe(true);
    await waitFor(actor, () => m.asked.length === 4);
    m.asked[3].finish();
    await waitFor(actor, (s) => s.matches({ editing: 'counted' }));
    expect(actor.getSnapshot().context.check?.valid).toEqual(['13900000003', '13900000004']);
  });

  it('removes the invalid and duplicate numbers of the live count from the list, without a send', async () => {
    const actor = counting('domestic');
    actor.send({ type: 'send.update', patch: { mobiles: FIVE }, immediate: true });
    await waitFor(actor, (s) => s.context.check !== null);
    actor.send({ type: 'send.removeInvalid' });
    const ctx = actor.getSnapshot().context;
    expect(ctx.draft.mobiles).toBe('13900000001\n13900000002\n13900000003');
    expect(ctx.check).toMatchObject({ valid: ['13900000001', '13900000002', '13900000003'], invalid: [], repeatCount: 0 });
    expect(ctx.checkedMobiles).toBe(ctx.draft.mobiles);
  });

  it('does not remove by a stale count: the numbers typed since would go', async () => {
    const m = manualCounts();
    const actor = counting('domestic', m.countNumbers);
    actor.send({ type: 'send.update', patch: { mobiles: '13900000001\n12345' }, immediate: true });
    m.asked[0].finish();
    await waitFor(actor, (s) => s.context.check !== null);
    actor.send({ type: 'send.update', patch: { mobiles: '13900000001\n12345\n13900000009' } });
    actor.send({ type: 'send.removeInvalid' });
    expect(actor.getSnapshot().context.draft.mobiles).toBe('13900000001\n12345\n13900000009');
  });

  it('the check step takes the live count of the same numbers and counts a changed list again', async () => {
    checkCalls.length = 0;
    const actor = counting('domestic');
    actor.send({ type: 'send.update', patch: { content: 'x', mobiles: FIVE }, immediate: true });
    await waitFor(actor, (s) => s.matches({ editing: 'counted' }) && s.context.check !== null);
    actor.send({ type: 'send.check' });
    await waitFor(actor, (s) => s.matches('confirming')); // after the blacklist is asked
    expect(actor.getSnapshot().context.quote).toMatchObject({ count: 3, cost: 0.15 });
    expect(checkCalls).toEqual([]);
    actor.send({ type: 'send.cancel' });
    actor.send({ type: 'send.update', patch: { mobiles: '13900000001' } });
    actor.send({ type: 'send.check' });
    await waitFor(actor, (s) => s.matches('confirming'));
    expect(checkCalls).toEqual(['13900000001']);
    expect(actor.getSnapshot().context.quote).toMatchObject({ count: 1 });
  });

  it('an emptied list has no counts', async () => {
    const actor = counting('domestic');
    actor.send({ type: 'send.update', patch: { mobiles: '13900000001' }, immediate: true });
    await waitFor(actor, (s) => s.context.check !== null);
    actor.send({ type: 'send.update', patch: { mobiles: '' } });
    expect(actor.getSnapshot().matches({ editing: 'counted' })).toBe(true);
    expect(actor.getSnapshot().context.check).toBeNull();
  });
});
