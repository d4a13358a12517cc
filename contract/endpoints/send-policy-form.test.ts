import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../constants';
import { isMessageKey, translate } from '../messages';
import {
  DAILY_CAP_ACCOUNTS_MAX,
  DUPLICATE_WINDOW_MAX_S,
  FREQUENCY_CAP_MAX,
  OPT_OUT_TEXT_MAX,
  sendPolicyFormSchema,
  sendPolicySchema,
  type SendPolicy,
} from './send-policy.endpoints';
import { POLICY_MESSAGES } from '../policy.messages';

const caps = { perMinute: 1, perHour: 5, perDay: 10 };
const policy: SendPolicy = {
  caps: { verification: { ...caps }, notification: { perMinute: 0, perHour: 0, perDay: 0 }, marketing: { ...caps } },
  duplicateWindowS: 60,
  dailyCap: 0,
  dailyCaps: [{ cusId: 'SUB001', cap: 100 }],
  quietHours: { enabled: true, from: '22:00', to: '08:00', action: 'hold' },
  marketingOptOut: { mode: 'append', textZh: '回T退订', textEn: 'Reply STOP to opt out' },
};
/** the first message the form schema reports per path. */
function errorsOf(value: unknown): Record<string, string> {
  const r = sendPolicyFormSchema.safeParse(value);
  const out: Record<string, string> = {};
  for (const i of r.error?.issues ?? []) out[i.path.join('.')] ??= i.message;
  return out;
}
const withPolicy = (patch: (p: SendPolicy) => void): SendPolicy => {
  const p = structuredClone(policy);
  patch(p);
  return p;
};

describe('the send policy form schema', () => {
  it('takes what the contract takes and gives the contract a request it takes (texts trimmed)', () => {
    const typed = withPolicy((p) => (p.marketingOptOut.textEn = '  Reply STOP  '));
    const parsed = sendPolicyFormSchema.parse(typed);
    expect(sendPolicySchema.parse(parsed)).toEqual(parsed);
    expect(parsed.marketingOptOut.textEn).toBe('Reply STOP');
  });

  it('tells each broken bound in words at its own field', () => {
    expect(errorsOf(withPolicy((p) => (p.caps.verification.perMinute = FREQUENCY_CAP_MAX + 1)))).toEqual({
      'caps.verification.perMinute': 'policy.capRange',
    });
    expect(errorsOf(withPolicy((p) => (p.caps.marketing.perDay = -1)))).toEqual({
      'caps.marketing.perDay': 'policy.capRange',
    });
    expect(errorsOf(withPolicy((p) => (p.caps.notification.perHour = 1.5)))).toEqual({
      'caps.notification.perHour': 'policy.capRange',
    });
    // an emptied number box holds null
    expect(errorsOf(withPolicy((p) => ((p.caps.verification as Record<string, unknown>).perHour = null)))).toEqual({
      'caps.verification.perHour': 'policy.capRange',
    });
    expect(errorsOf(withPolicy((p) => (p.duplicateWindowS = DUPLICATE_WINDOW_MAX_S + 1)))).toEqual({
      duplicateWindowS: 'policy.windowRange',
    });
    expect(errorsOf(withPolicy((p) => (p.dailyCap = 1e9)))).toEqual({ dailyCap: 'policy.dailyCapRange' });
    expect(errorsOf(withPolicy((p) => (p.quietHours.from = '24:00')))).toEqual({
      'quietHours.from': 'policy.badClock',
    });
    expect(errorsOf(withPolicy((p) => (p.quietHours.to = '8:00')))).toEqual({ 'quietHours.to': 'policy.badClock' });
    expect(errorsOf(withPolicy((p) => (p.marketingOptOut.textZh = '  ')))).toEqual({
      'marketingOptOut.textZh': 'policy.optOutTextRequired',
    });
    expect(errorsOf(withPolicy((p) => (p.marketingOptOut.textEn = 'x'.repeat(OPT_OUT_TEXT_MAX + 1))))).toEqual({
      'marketingOptOut.textEn': 'policy.optOutTextTooLong',
    });
  });

  it('tells a row of the per-account caps at the row: no account, an account twice, a cap out of bounds', () => {
    const rows = (dailyCaps: unknown[]) => errorsOf({ ...policy, dailyCaps });
    expect(rows([{ cusId: '', cap: 5 }])).toEqual({ 'dailyCaps.0.cusId': 'policy.accountRequired' });
    expect(
      rows([
        { cusId: 'SUB001', cap: 5 },
        { cusId: 'SUB002', cap: 5 },
        { cusId: 'SUB001', cap: 6 },
      ]),
    ).toEqual({ 'dailyCaps.2.cusId': 'policy.accountTwice' });
    expect(rows([{ cusId: 'SUB001', cap: null }])).toEqual({ 'dailyCaps.0.cap': 'policy.dailyCapRange' });
    const many = Array.from({ length: DAILY_CAP_ACCOUNTS_MAX + 1 }, (_, i) => ({ cusId: `S${i}`, cap: 1 }));
    expect(rows(many)).toEqual({ dailyCaps: 'policy.tooManyAccounts' });
  });

  it('has every message in zh and en, the bounds written in', () => {
    for (const [key, text] of Object.entries(POLICY_MESSAGES)) {
      expect(isMessageKey(key), key).toBe(true);
      for (const lang of LANGUAGES) expect(text[lang].trim(), `${key} ${lang}`).not.toBe('');
      expect(text.zh, key).toMatch(/[\u4e00-\u9fff]/);
      expect(text.en, key).not.toMatch(/[\u4e00-\u9fff]/);
    }
    expect(translate('en', 'policy.capRange')).toContain(String(FREQUENCY_CAP_MAX));
    expect(translate('zh', 'policy.windowRange')).toContain(String(DUPLICATE_WINDOW_MAX_S));
  });
});
