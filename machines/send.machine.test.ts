import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import type { SendAccount } from '../contract/endpoints/price.endpoints';
import type { SendDraft, SendKind } from './send-kinds';
import { ACCOUNT, FIVE, NOW, start } from './send.fixtures';

describe('send machine', () => {
  it('checks counts, confirms, records with the request body, deducts the cost at once and ends sent', async () => {
    const t = start('domestic');
    t.fill({ content: '【演示】您的订单已发货', mobiles: FIVE });
    t.actor.send({ type: 'send.check' });
    await waitFor(t.actor, (s) => s.matches('confirming'));
    const { check, quote } = t.actor.getSnapshot().context;
    expect({ valid: check!.valid.length, invalid: check!.invalid, repeats: check!.repeatCount }).toEqual({
      valid: 3,
      invalid: ['12345'],
      repeats: 1,
    });
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
      outcome: {
        status: 'acked',
        last_error: null,
        result: { batch_id: 'B1', time_batch: null, cost: 0.05, validCount: 1, blacklistCount: 1 },
      },
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
    [
      'a closed account',
      'domestic',
      { content: 'x', mobiles: '13900000001' },
      { ...ACCOUNT, status: 0 },
      'send.accountClosed',
    ],
    [
      'insufficient balance',
      'domestic',
      { content: 'x', mobiles: '13900000001\n13900000002' },
      { ...ACCOUNT, balance: 0.05 },
      'send.insufficientBalance',
    ],
    ['an empty content', 'domestic', { content: '   ', mobiles: '13900000001' }, undefined, 'send.emptyContent'],
    ['no valid number', 'domestic', { content: 'x', mobiles: '12345\n0101234567' }, undefined, 'send.noValidMobile'],
    [
      'international numbers without a country code',
      'international',
      { content: 'x', mobiles: '4155552671' },
      undefined,
      'send.noValidMobile',
    ],
    [
      'a bad sender id',
      'international',
      { content: 'x', mobiles: '+14155552671', sender_id: 'AC-ME' },
      undefined,
      'send.badSenderId',
    ],
    [
      'a video without template or frames',
      'video',
      { mobiles: '13900000001', title: 't' },
      undefined,
      'send.videoContentRequired',
    ],
    [
      'a card without a chatbot',
      'card',
      { mobiles: '13900000001', template_name: 'x' },
      undefined,
      'send.chatbotRequired',
    ],
    [
      'a javascript: long link',
      'link',
      { content: 'x {link}', mobiles: '13900000001', long_link: 'javascript:alert(1)' },
      undefined,
      'send.linkRequired',
    ],
    [
      'a data: product link',
      'taoke',
      { content: 'x', mobiles: '13900000001', product_link: 'data:text/html,<script>1</script>' },
      undefined,
      'send.linkRequired',
    ],
    [
      'a link with credentials',
      'link',
      { content: 'x {link}', mobiles: '13900000001', long_link: 'https://a:b@x.cn/' },
      undefined,
      'v.url.credentials',
    ],
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
});
