import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { SendPolicy } from '../../contract/endpoints/send-policy.endpoints';
import { formMachine, hasUnsavedInput, type FormValues } from '../../machines/form.machine';
import { ApiCallError } from '../../sync/http/http-client';
import { ALL_COMMANDS } from '../../sync/commands/all-command-tables';
import { sendPolicyModifyEndpoint } from '../../contract/endpoints/send-policy.endpoints';
import { policyFormInput, strayErrors } from './send-policy-values';

// The settings screen's workflow on the one form machine, as the screen runs it (policyFormInput), its save replaced.

const policy: SendPolicy = {
  caps: {
    verification: { perMinute: 1, perHour: 5, perDay: 10 },
    notification: { perMinute: 0, perHour: 0, perDay: 0 },
    marketing: { perMinute: 0, perHour: 2, perDay: 3 },
  },
  duplicateWindowS: 0,
  dailyCap: 0,
  dailyCaps: [],
  quietHours: { enabled: false, from: '22:00', to: '08:00', action: 'hold' },
  marketingOptOut: { mode: 'append', textZh: '回T退订', textEn: 'Reply STOP' },
};

function start(answer: (v: FormValues) => Promise<unknown> = async (v) => v) {
  const sent: FormValues[] = [];
  const m = formMachine.provide({
    actors: { submit: fromPromise(async ({ input }: { input: FormValues }) => (sent.push(input), answer(input))) },
  });
  return { actor: createActor(m, { input: policyFormInput(policy) }).start(), sent };
}

describe('the send policy settings form', () => {
  it('saves a changed cap and window as the whole policy, in the contract shape', async () => {
    const { actor, sent } = start();
    actor.send({ type: 'form.set', field: 'caps.verification.perMinute', value: 3 });
    actor.send({ type: 'form.set', field: 'duplicateWindowS', value: 120 });
    actor.send({ type: 'form.set', field: 'marketingOptOut.textEn', value: ' Reply STOP to opt out ' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(sent).toEqual([
      {
        ...policy,
        caps: { ...policy.caps, verification: { perMinute: 3, perHour: 5, perDay: 10 } },
        duplicateWindowS: 120,
        marketingOptOut: { ...policy.marketingOptOut, textEn: 'Reply STOP to opt out' },
      },
    ]);
    expect(hasUnsavedInput(actor.getSnapshot())).toBe(false);
  });

  it('sends nothing while a bound is broken, tells it at its input, and takes the fix', async () => {
    const { actor, sent } = start();
    actor.send({ type: 'form.set', field: 'caps.verification.perMinute', value: 10_001 });
    actor.send({ type: 'form.set', field: 'quietHours.from', value: '25:00' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toBe('editing');
    expect(actor.getSnapshot().context.errors).toEqual({
      'caps.verification.perMinute': 'policy.capRange',
      'quietHours.from': 'policy.badClock',
    });
    expect(sent).toEqual([]);
    // fixing one input clears its error only
    actor.send({ type: 'form.set', field: 'caps.verification.perMinute', value: 10_000 });
    expect(actor.getSnapshot().context.errors).toEqual({ 'quietHours.from': 'policy.badClock' });
    actor.send({ type: 'form.set', field: 'quietHours.from', value: '23:30' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(sent).toHaveLength(1);
  });

  it('keeps every value typed when the platform refuses, and tells its reason', async () => {
    const { actor } = start(async () => {
      throw new ApiCallError(
        'http',
        '参数 caps.verification.perMinute 不能大于 10000',
        400,
        null,
        'caps.verification.perMinute',
      );
    });
    actor.send({ type: 'form.set', field: 'caps.verification.perMinute', value: 7 });
    actor.send({ type: 'form.set', field: 'duplicateWindowS', value: 30 });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('editing') && Object.keys(s.context.errors).length > 0);
    const { values, errors } = actor.getSnapshot().context;
    expect(values['caps.verification.perMinute']).toBe(7);
    expect(values.duplicateWindowS).toBe(30);
    // the refusal names the policy's group: no input shows it, so the screen tells it beside the save
    expect(strayErrors(errors, ['caps.verification.perMinute', 'duplicateWindowS'], ['dailyCaps'])).toEqual([
      '参数 caps.verification.perMinute 不能大于 10000',
    ]);
  });

  it('tells a refusal without a field as the form failure, values kept', async () => {
    const { actor } = start(async () => {
      throw new ApiCallError('http', '只有企业管理员可以修改发送策略', 403, null);
    });
    actor.send({ type: 'form.set', field: 'dailyCap', value: 500 });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.failure !== null);
    expect(actor.getSnapshot().context.failure).toBe('只有企业管理员可以修改发送策略');
    expect(actor.getSnapshot().context.values.dailyCap).toBe(500);
  });

  it('edits the per-account caps as rows, each row told its own error', async () => {
    const { actor, sent } = start();
    actor.send({ type: 'form.item.add', field: 'dailyCaps', item: { cusId: 'SUB001', cap: 100 } });
    actor.send({ type: 'form.item.add', field: 'dailyCaps', item: { cusId: '', cap: 0 } });
    actor.send({ type: 'form.item.add', field: 'dailyCaps', item: { cusId: 'SUB001', cap: 5 } });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({
      'dailyCaps.1.cusId': 'policy.accountRequired',
      'dailyCaps.2.cusId': 'policy.accountTwice',
    });
    actor.send({ type: 'form.item.set', field: 'dailyCaps', index: 1, patch: { cusId: 'SUB002' } });
    expect(actor.getSnapshot().context.errors).toEqual({ 'dailyCaps.2.cusId': 'policy.accountTwice' });
    actor.send({ type: 'form.item.remove', field: 'dailyCaps', index: 2 });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(sent[0].dailyCaps).toEqual([
      { cusId: 'SUB001', cap: 100 },
      { cusId: 'SUB002', cap: 0 },
    ]);
  });

  it('is saved by a command of the outbox to the contract endpoint', () => {
    expect(ALL_COMMANDS['sendPolicy.modify'].endpoint).toBe(sendPolicyModifyEndpoint);
    expect(ALL_COMMANDS['sendPolicy.modify'].body({ dailyCap: 1 })).toEqual({ dailyCap: 1 });
  });
});
