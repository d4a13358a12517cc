import { describe, expect, it } from 'vitest';
import { intlSendFormSchema, isScheduleFarEnough, parseIntlSendList } from './international-send.rules';
import { classifyNumber } from './number.rules';
import { isSenderId } from './sender.rules';

const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);
const form = { cus_id: 'intl01', content: 'Your code is 1234', mobiles: '+8613800138000\n+14155552671' };
type R = { error?: { issues: { message: string; path: PropertyKey[] }[] } };
const issues = (r: R) => (r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]);

describe('international numbers', () => {
  it('needs a country code and a valid number', () => {
    expect(classifyNumber('+8613800138000')).toMatchObject({ e164: '+8613800138000', country: 'CN' });
    expect(classifyNumber('008613800138000')).toMatchObject({ e164: '+8613800138000' });
    expect(classifyNumber('+1 (415) 555-2671')).toMatchObject({ kind: 'international', country: 'US' });
    expect(classifyNumber('+8612345678901').kind).toBe('invalid'); // right length, no such range
    expect(classifyNumber('+4479111234').kind).toBe('invalid'); // too short
    expect(classifyNumber('+86abc').kind).toBe('invalid');
    // the international form takes a number only with its country code
    expect(parseIntlSendList('13800138000').invalid).toEqual(['13800138000']);
  });
  it('sender id: letters and digits', () => {
    expect(isSenderId('ACME01')).toBe(true);
    expect(isSenderId('ABCDEFGHIJK')).toBe(true);
    expect(isSenderId('ABCDEFGHIJKL')).toBe(false);
    expect(isSenderId('123456789012345')).toBe(true);
    expect(isSenderId('1234567890123456')).toBe(false);
    expect(isSenderId('AC-ME')).toBe(false);
    expect(isSenderId('')).toBe(false);
  });
  it('schedule at least 10 minutes ahead', () => {
    expect(isScheduleFarEnough(NOW + 10 * 60_000, NOW)).toBe(true);
    expect(isScheduleFarEnough(NOW + 10 * 60_000 - 1, NOW)).toBe(false);
  });
});

describe('international send form', () => {
  const schema = intlSendFormSchema({ now: NOW });
  it('accepts a valid immediate send', () => {
    expect(schema.safeParse(form).data).toMatchObject({ senderId: '', timing: false, timingTime: null });
  });
  it('account and content required', () => {
    expect(issues(schema.safeParse({ ...form, cus_id: '' }))).toEqual([['cus_id', 'v.intl.accountRequired']]);
    expect(issues(schema.safeParse({ ...form, content: '  ' }))).toEqual([['content', 'v.intl.contentRequired']]);
  });
  it('at least one valid number', () => {
    expect(issues(schema.safeParse({ ...form, mobiles: '13800138000\n' }))).toEqual([
      ['mobiles', 'v.intl.noValidNumber'],
    ]);
    expect(issues(schema.safeParse({ ...form, mobiles: '' }))).toEqual([['mobiles', 'v.intl.noValidNumber']]);
  });
  it('sender id format', () => {
    expect(issues(schema.safeParse({ ...form, senderId: 'bad id' }))).toEqual([['senderId', 'v.intl.senderIdFormat']]);
  });
  it('scheduled time required and >= 10 minutes ahead', () => {
    expect(issues(schema.safeParse({ ...form, timing: true }))).toEqual([['timingTime', 'v.intl.timingRequired']]);
    expect(issues(schema.safeParse({ ...form, timing: true, timingTime: NOW + 9 * 60_000 }))).toEqual([
      ['timingTime', 'v.intl.timingTooSoon'],
    ]);
    expect(issues(schema.safeParse({ ...form, timing: true, timingTime: NOW + 10 * 60_000 }))).toEqual([]);
  });
  it('balance must cover the cost', () => {
    const costOf = (n: { country: string | null }) => (n.country === 'CN' ? 0.3 : 0.45);
    expect(issues(intlSendFormSchema({ now: NOW, balance: 0.75, costOf }).safeParse(form))).toEqual([]);
    expect(issues(intlSendFormSchema({ now: NOW, balance: 0.74, costOf }).safeParse(form))).toEqual([
      ['mobiles', 'v.intl.insufficientBalance'],
    ]);
  });
});
