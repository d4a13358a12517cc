import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import type { PriceRow, SendAccount } from '../contract/endpoints/price.endpoints';
import { checkNumbers } from '../contract/validation/send-numbers.rules';
import type { SendReference } from '../sync/store/send-reference';
import { accountOptions, chosenAccountId, type CheckInput, type SendCard } from './send-form';
import type { SendKind } from './send-kinds';
import { PERSONALIZE_DELAY_MS, type PersonalContents, type PersonalizeInput } from './send-personalize';
import { BULK_LINES, NO_SOURCES, withPasted } from './send-sources';
import { sendMachine } from './send.machine';

// The form's own state in the send machine: the number sources, the accounts, the lists to choose from, the count's
// progress and the one-to-one sheet whose messages the worker fills.

const PRICES: PriceRow[] = [
  { cus_id: 'EP0001', prod_type: 0, country_code: '', country_name: '', price: 0.05 },
  { cus_id: 'SUB001', prod_type: 0, country_code: '', country_name: '', price: 0.04 },
  { cus_id: 'EP0001', prod_type: 1, country_code: 'US', country_name: '美国', price: 0.35 },
];
const EP: SendAccount = { cus_id: 'EP0001', time_zone: 'Asia/Shanghai', pay_type: 0, balance: 100 };
const SUB: SendAccount = { cus_id: 'SUB001', time_zone: 'Europe/London', pay_type: 0, balance: 5, status: 1 };
const CLOSED: SendAccount = { cus_id: 'SUB004', time_zone: 'Asia/Shanghai', pay_type: 0, balance: 0, status: 0 };
const REFERENCE: SendReference = { prices: PRICES, accounts: [EP, SUB, CLOSED], fetched_at: 0 };
const LISTED = [
  { label: '停用', value: 'SUB004' },
  { label: '主账户', value: 'EP0001' },
  { label: '子账户', value: 'SUB001' },
];
const SHEET = {
  rowCount: 2,
  columns: 3,
  preview: [
    ['号码', '姓名', '单号'],
    ['13900000001', '张三', 'A1'],
    ['13900000002', '李四', 'B2'],
  ],
};

function form(
  kind: SendKind,
  opts: {
    personalize?: (input: PersonalizeInput, signal: AbortSignal) => Promise<PersonalContents>;
    clock?: SimulatedClock;
    account?: SendAccount;
  } = {},
) {
  const personalized: PersonalizeInput[] = [];
  const machine = sendMachine.provide({
    actors: {
      personalize: fromPromise(async ({ input, signal }: { input: PersonalizeInput; signal: AbortSignal }) => {
        personalized.push(input);
        return opts.personalize ? opts.personalize(input, signal) : [];
      }),
    },
    actions: { report: () => {}, balanceChanged: () => {} },
  });
  const actor = createActor(machine, {
    input: { kind, account: opts.account, now: () => 0 },
    ...(opts.clock ? { clock: opts.clock } : {}),
  }).start();
  return { actor, personalized, ctx: () => actor.getSnapshot().context };
}

describe('send form: number sources', () => {
  it('typed numbers wait for the pause; a file column or groups are counted at once; the list is the merged sources', () => {
    const { actor, ctx } = form('domestic');
    actor.send({ type: 'send.sources', sources: { ...NO_SOURCES, pasted: '13900000001' } });
    expect(actor.getSnapshot().matches({ editing: 'waiting' })).toBe(true);
    expect(ctx().draft.mobiles).toBe('13900000001');
    const withFile = { ...NO_SOURCES, pasted: '13900000001', file: '13900000002' };
    actor.send({ type: 'send.sources', sources: withFile });
    expect(actor.getSnapshot().matches({ editing: 'counting' })).toBe(true);
    expect(ctx().sources).toEqual(withFile);
    expect(ctx().draft.mobiles).toBe('13900000001\n13900000002');
    // the same file, more typing: waits again
    actor.send({ type: 'send.sources', sources: { ...withFile, pasted: '13900000001\n1390000000' } });
    expect(actor.getSnapshot().matches({ editing: 'waiting' })).toBe(true);
    actor.send({ type: 'send.sources', sources: { ...withFile, groups: '13900000009' } });
    expect(actor.getSnapshot().matches({ editing: 'counting' })).toBe(true);
  });

  it('outside editing the sources are kept, the draft is not changed', async () => {
    const { actor, ctx } = form('domestic', { account: EP });
    actor.send({ type: 'send.prices', prices: PRICES });
    actor.send({ type: 'send.update', patch: { content: 'hi', mobiles: '13900000001' } });
    actor.send({ type: 'send.check' });
    await waitFor(actor, (s) => s.matches('confirming'));
    actor.send({ type: 'send.sources', sources: { ...NO_SOURCES, pasted: '13900000005' } });
    expect(ctx().sources.pasted).toBe('13900000005');
    expect(ctx().draft.mobiles).toBe('13900000001');
  });

  it('removing the invalid numbers makes the cleaned list the pasted source; nothing removed leaves the sources', async () => {
    const { actor, ctx } = form('domestic');
    const sources = { ...NO_SOURCES, file: '13900000001\n12345\n13900000001' };
    actor.send({ type: 'send.sources', sources });
    await waitFor(actor, (s) => s.matches({ editing: 'counted' }) && s.context.check !== null);
    actor.send({ type: 'send.removeInvalid' });
    expect(ctx().sources).toEqual({ ...NO_SOURCES, pasted: '13900000001' });
    actor.send({ type: 'send.removeInvalid' });
    expect(ctx().sources).toEqual({ ...NO_SOURCES, pasted: '13900000001' });
    // a long cleaned list leaves the text box
    const long = Array.from({ length: BULK_LINES + 1 }, (_, i) => `139${String(i).padStart(8, '0')}`);
    actor.send({ type: 'send.sources', sources: { ...NO_SOURCES, file: [...long, '1'].join('\n') } });
    await waitFor(actor, (s) => s.matches({ editing: 'counted' }) && s.context.check?.valid.length === long.length);
    actor.send({ type: 'send.removeInvalid' });
    expect(ctx().sources).toEqual(withPasted(NO_SOURCES, long.join('\n')));
    expect(ctx().sources.pasted).toBe('');
  });

  it('removing the unpriced countries makes the rest the pasted source', async () => {
    const { actor, ctx } = form('international', { account: EP });
    actor.send({ type: 'send.prices', prices: PRICES });
    actor.send({ type: 'send.update', patch: { content: 'hello' } });
    actor.send({ type: 'send.sources', sources: { ...NO_SOURCES, file: '+14155552671\n+447400123456' } });
    actor.send({ type: 'send.check' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.problem === 'send.unpricedCountries');
    actor.send({ type: 'send.removeUnpriced' });
    expect(ctx().sources).toEqual({ ...NO_SOURCES, pasted: '+14155552671' });
    expect(ctx().draft.mobiles).toBe('+14155552671');
  });
});

describe('send form: accounts', () => {
  it('once the reference and the list are read, the first open account is chosen with its zone and balance', () => {
    const { actor, ctx } = form('domestic');
    actor.send({ type: 'send.accounts', options: LISTED });
    // the closed account is not offered once the reference says so; nothing is chosen before it is read
    expect(chosenAccountId(ctx())).toBe('SUB004');
    expect(ctx().draft.cus_id).toBe('');
    actor.send({ type: 'send.reference', reference: REFERENCE });
    expect(accountOptions(ctx()).map((o) => o.value)).toEqual(['EP0001', 'SUB001']);
    expect(ctx().draft.cus_id).toBe('EP0001');
    expect(ctx().account).toEqual(EP);
    expect(ctx().prices).toEqual(PRICES);
  });

  it('choosing another account takes its zone and balance from the reference', () => {
    const { actor, ctx } = form('domestic');
    actor.send({ type: 'send.reference', reference: REFERENCE });
    actor.send({ type: 'send.accounts', options: LISTED.slice(1) });
    actor.send({ type: 'send.update', patch: { cus_id: 'SUB001' } });
    expect(ctx().draft.cus_id).toBe('SUB001');
    expect(ctx().account).toEqual(SUB);
    // one the reference does not know has no zone or balance
    actor.send({ type: 'send.update', patch: { cus_id: 'SUB777' } });
    expect(ctx().account).toBeNull();
  });

  it('without a reference no account is chosen and the prices stay', () => {
    const { actor, ctx } = form('domestic');
    actor.send({ type: 'send.prices', prices: PRICES });
    actor.send({ type: 'send.accounts', options: LISTED });
    actor.send({ type: 'send.reference', reference: null });
    expect(ctx().draft.cus_id).toBe('');
    expect(ctx().account).toBeNull();
    expect(ctx().prices).toEqual(PRICES);
  });
});

describe('send form: choices', () => {
  const CARD = {
    cards: [],
    smsContent: '兜底短信',
    videoTitle: '',
    videoFrames: [],
    readContent: '',
    low_type: '1',
    maxPlaceholder: 0,
  } as SendCard;

  it('keeps the template lists and says why one could not be read', () => {
    const { actor, ctx } = form('card');
    actor.send({ type: 'send.contentTemplates', options: [{ label: 'T', value: '内容' }] });
    actor.send({ type: 'send.cardTemplates', options: [{ label: 'C', value: '7' }] });
    actor.send({ type: 'send.choiceError', message: 'replica closed' });
    expect(ctx().choices).toMatchObject({
      contentTemplates: [{ label: 'T', value: '内容' }],
      cardTemplates: [{ label: 'C', value: '7' }],
      error: 'replica closed',
    });
  });

  it('a card template fills the fallback type and the fallback text, unless a text is written', () => {
    const { actor, ctx } = form('card');
    actor.send({ type: 'send.card', card: CARD });
    expect(ctx().choices.card).toEqual(CARD);
    expect(ctx().draft).toMatchObject({ low_type: '1', content: '兜底短信' });
    actor.send({ type: 'send.update', patch: { content: '自己写的' } });
    actor.send({ type: 'send.card', card: { ...CARD, low_type: '2' } });
    expect(ctx().draft).toMatchObject({ low_type: '2', content: '自己写的' });
    actor.send({ type: 'send.card', card: null });
    expect(ctx().choices.card).toBeNull();
    expect(ctx().draft.low_type).toBe('2');
  });
});

describe('send form: count progress', () => {
  it('the count tells its progress; a new count starts without the old one', async () => {
    let finish: () => void = () => {};
    let counts = 0;
    const machine = sendMachine.provide({
      actors: {
        countNumbers: fromPromise(async ({ input }: { input: CheckInput }) => {
          if (counts++ === 0) input.onProgress?.(5, 10);
          await new Promise<void>((r) => (finish = r));
          return checkNumbers(input.mode, input.text);
        }),
      },
    });
    const actor = createActor(machine, { input: { kind: 'domestic' } }).start();
    actor.send({ type: 'send.update', patch: { mobiles: '13900000001' }, immediate: true });
    await waitFor(actor, (s) => s.context.progress !== null);
    expect(actor.getSnapshot().context.progress).toEqual({ done: 5, total: 10 });
    actor.send({ type: 'send.progress', done: 9, total: 10 });
    expect(actor.getSnapshot().context.progress).toEqual({ done: 9, total: 10 });
    actor.send({ type: 'send.update', patch: { mobiles: '13900000002' }, immediate: true });
    expect(actor.getSnapshot().context.progress).toBeNull();
    finish();
  });
});

describe('send form: one-to-one', () => {
  const ROWS: PersonalContents = [
    { mobile: '13900000001', content: '张三 A1' },
    { mobile: '13900000002', content: '李四 B2' },
  ];

  it('a sheet fills the messages once the pause is over, and their numbers are counted at once', async () => {
    const clock = new SimulatedClock();
    const { actor, ctx, personalized } = form('oneToOne', { clock, personalize: async () => ROWS });
    actor.send({ type: 'send.update', patch: { content: '${p1} ${p2}' } });
    actor.send({ type: 'send.sheet', sheet: SHEET });
    expect(ctx().personalizing).toBe(true);
    expect(ctx().sheet).toEqual(SHEET);
    clock.increment(PERSONALIZE_DELAY_MS - 1);
    expect(personalized).toHaveLength(0);
    clock.increment(1);
    expect(personalized).toEqual([
      { template: '${p1} ${p2}', mobileColumn: 0, mapping: { p1: 1, p2: 2 }, skipHeader: true },
    ]);
    await waitFor(actor, (s) => !s.context.personalizing);
    expect(ctx().draft.contents).toEqual(ROWS);
    expect(ctx().draft.mobiles).toBe('13900000001\n13900000002');
    // counted without the typing pause: the simulated clock has not moved
    await waitFor(actor, (s) => s.context.checkedMobiles === '13900000001\n13900000002');
  });

  it('edits of the column, the mapping and the content within the pause make one run, of the last choices', async () => {
    const clock = new SimulatedClock();
    const { actor, ctx, personalized } = form('oneToOne', { clock, personalize: async () => ROWS });
    actor.send({ type: 'send.update', patch: { content: '${p1}' } });
    actor.send({ type: 'send.sheet', sheet: { ...SHEET, preview: [['13900000001', 'x', 'y']] } });
    clock.increment(100);
    actor.send({ type: 'send.mobileColumn', column: 2 });
    clock.increment(100);
    actor.send({ type: 'send.mapping', placeholder: 'p1', column: 0 });
    clock.increment(100);
    actor.send({ type: 'send.update', patch: { content: '${p1} ${p2}' } });
    clock.increment(PERSONALIZE_DELAY_MS);
    expect(personalized).toEqual([
      { template: '${p1} ${p2}', mobileColumn: 2, mapping: { p1: 0, p2: 2 }, skipHeader: false },
    ]);
    expect(ctx()).toMatchObject({ mobileColumn: 2, mapping: { p1: 0 } });
    await waitFor(actor, (s) => !s.context.personalizing);
    // an edit that leaves the content as it is fills nothing again
    actor.send({ type: 'send.update', patch: { content: '${p1} ${p2}' } });
    expect(ctx().personalizing).toBe(false);
  });

  it('a newer run stops the one under way, whose messages are never applied', async () => {
    const clock = new SimulatedClock();
    const runs: Array<{ signal: AbortSignal; finish: (rows: PersonalContents) => void }> = [];
    const { actor, ctx } = form('oneToOne', {
      clock,
      personalize: (_, signal) => new Promise<PersonalContents>((finish) => runs.push({ signal, finish })),
    });
    actor.send({ type: 'send.sheet', sheet: SHEET });
    clock.increment(PERSONALIZE_DELAY_MS);
    await waitFor(actor, () => runs.length === 1);
    actor.send({ type: 'send.mobileColumn', column: 1 });
    clock.increment(PERSONALIZE_DELAY_MS);
    await waitFor(actor, () => runs.length === 2);
    expect(runs.map((r) => r.signal.aborted)).toEqual([true, false]);
    runs[0].finish([{ mobile: '13900000009', content: 'stale' }]);
    runs[1].finish(ROWS);
    await waitFor(actor, (s) => !s.context.personalizing);
    expect(ctx().draft.contents).toEqual(ROWS);
  });

  it('a run that fails lets the send go on (and say why it cannot)', async () => {
    const clock = new SimulatedClock();
    const { actor, ctx } = form('oneToOne', {
      clock,
      personalize: async () => Promise.reject(new Error('sheet gone')),
    });
    actor.send({ type: 'send.sheet', sheet: SHEET });
    clock.increment(PERSONALIZE_DELAY_MS);
    await waitFor(actor, (s) => !s.context.personalizing);
    expect(ctx().draft.contents).toBeUndefined();
  });

  it('other kinds keep no messages per number', () => {
    const clock = new SimulatedClock();
    const { actor, ctx, personalized } = form('domestic', { clock });
    actor.send({ type: 'send.sheet', sheet: SHEET });
    clock.increment(PERSONALIZE_DELAY_MS);
    expect(ctx().personalizing).toBe(false);
    expect(personalized).toHaveLength(0);
  });
});
