import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { checkNumbers } from '../contract/validation/send-numbers.rules';
import type { SendKind } from './send-kinds';
import { sendMachine } from './send.machine';
import { ACCOUNT, FIVE, NOW, PRICES } from './send.fixtures';

describe('send machine: live number count', () => {
  /** a countNumbers the test settles by hand, remembering each count it was asked and whether it was stopped. */
  function manualCounts() {
    const asked: Array<{ text: string; signal: AbortSignal; finish: () => void }> = [];
    const countNumbers = fromPromise(
      async ({
        input,
        signal,
      }: {
        input: { mode: 'domestic' | 'international'; text: string };
        signal: AbortSignal;
      }) => {
        await new Promise<void>((resolve) => asked.push({ text: input.text, signal, finish: resolve }));
        return checkNumbers(input.mode, input.text);
      },
    );
    return { asked, countNumbers };
  }
  const checkCalls: string[] = [];
  const counting = (kind: SendKind, countNumbers?: ReturnType<typeof manualCounts>['countNumbers']) =>
    createActor(
      sendMachine.provide({
        actors: {
          ...(countNumbers ? { countNumbers } : {}),
          checkNumbers: fromPromise(
            async ({ input }: { input: { mode: 'domestic' | 'international'; text: string } }) => {
              checkCalls.push(input.text);
              return checkNumbers(input.mode, input.text);
            },
          ),
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
    expect({ valid: check!.valid.length, invalid: check!.invalid, repeats: check!.repeatCount }).toEqual({
      valid: 3,
      invalid: ['12345'],
      repeats: 1,
    });
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
    expect(ctx.check).toMatchObject({
      valid: ['13900000001', '13900000002', '13900000003'],
      invalid: [],
      repeatCount: 0,
    });
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
