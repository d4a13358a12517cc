import {
  sendPolicySchema,
  type ContentCategory,
  type SendPolicy,
} from '../../contract/endpoints/send-policy.endpoints';
import { translate } from '../../contract/messages';
import { quietUntil } from '../../contract/quiet-hours';
import { prepared, type Queryable } from '../db/db';
import { badRequest } from '../http/api-error';

// An enterprise's send policy as stored (send_policies, one document a row), or the defaults for one that never set
// it. Every door reads it through here in its charging transaction (send-policy-count.ts applies it).

/** What an enterprise without a row has: verification codes 1 a minute, 5 an hour, 10 a day to one number; other
 * categories uncapped; the same text to the same number refused within 30 s; no daily cap; quiet hours off; marketing
 * gets the opt-out text appended. */
export const defaultSendPolicy = (): SendPolicy => ({
  caps: {
    verification: { perMinute: 1, perHour: 5, perDay: 10 },
    notification: { perMinute: 0, perHour: 0, perDay: 0 },
    marketing: { perMinute: 0, perHour: 0, perDay: 0 },
  },
  duplicateWindowS: 30,
  dailyCap: 0,
  dailyCaps: [],
  quietHours: { enabled: false, from: '21:00', to: '08:00', action: 'hold' },
  marketingOptOut: {
    mode: 'append',
    textZh: translate('zh', 'policy.optOutText'),
    textEn: translate('en', 'policy.optOutText'),
  },
});

/** A stored document read through today's schema: one that no longer parses (a field added or bounded since) gives
 * the defaults for what it lacks rather than failing every send of the enterprise. */
function policyOf(stored: unknown): SendPolicy {
  const d = defaultSendPolicy();
  if (!stored || typeof stored !== 'object') return d;
  const whole = sendPolicySchema.safeParse(stored);
  if (whole.success) return whole.data;
  const merged = { ...d, ...(stored as object) } as Record<string, unknown>;
  for (const key of Object.keys(d) as Array<keyof SendPolicy>) {
    if (!sendPolicySchema.shape[key].safeParse(merged[key]).success) merged[key] = d[key];
  }
  return sendPolicySchema.parse(merged);
}

export async function loadSendPolicy(q: Queryable, epId: string): Promise<SendPolicy> {
  const [r] = await q.query<{ policy: unknown }>(prepared`select policy from send_policies where ep_id = $1`, [epId]);
  return policyOf(r?.policy);
}

/** Stores a policy checked against the contract; a daily cap named twice for one account keeps the last. */
export async function saveSendPolicy(q: Queryable, epId: string, p: SendPolicy, by: string): Promise<SendPolicy> {
  const caps = new Map(p.dailyCaps.map((c) => [c.cusId.trim(), c.cap]));
  const policy = { ...p, dailyCaps: [...caps].map(([cusId, cap]) => ({ cusId, cap })) };
  await q.query(
    `insert into send_policies (ep_id, policy, updated_at, updated_by) values ($1, $2::jsonb, now(), $3)
     on conflict (ep_id) do update set policy = excluded.policy, updated_at = now(), updated_by = excluded.updated_by`,
    [epId, JSON.stringify(policy), by],
  );
  return loadSendPolicy(q, epId);
}

/** The daily cap of an account: its own when the policy names it, else the enterprise's (0: none). */
export const dailyCapOf = (p: SendPolicy, cusId: string): number =>
  p.dailyCaps.find((c) => c.cusId === cusId)?.cap ?? p.dailyCap;

/** Whether the policy limits anything a send of `category` by `cusId` must count. */
export function limitsSend(p: SendPolicy, category: ContentCategory, cusId: string): boolean {
  const c = p.caps[category];
  return c.perMinute > 0 || c.perHour > 0 || c.perDay > 0 || p.duplicateWindowS > 0 || dailyCapOf(p, cusId) > 0;
}

/** Marketing content as the policy wants it: carrying the opt-out text (either language's) as written; else with the
 * text of its own language appended (mode append), or refused (mode refuse); mode off leaves it alone. Other
 * categories, and an empty text (refused as empty later), are left alone. */
export function withOptOut(p: SendPolicy, category: ContentCategory, text: string): string {
  const o = p.marketingOptOut;
  if (
    category !== 'marketing' ||
    o.mode === 'off' ||
    text.trim() === '' ||
    text.includes(o.textZh) ||
    text.includes(o.textEn)
  )
    return text;
  if (o.mode === 'refuse') throw badRequest('policy.optOutMissing', { zh: o.textZh, en: o.textEn }, 'content');
  return `${text.trimEnd()} ${/[\u3400-\u9fff]/.test(text) ? o.textZh : o.textEn}`;
}

/** When a marketing send goes out: at the time it asked for (now when none), or, when that falls in the enterprise's
 * quiet hours, at their end (action hold) or not at all (action refuse, or a door that cannot hold). `held` says the
 * quiet hours moved it. */
export function quietTiming(
  p: SendPolicy,
  timeZone: string,
  asked: Date | null,
  now: Date,
  holdable = true,
): { timing: Date | null; held: boolean } {
  const until = quietUntil(p.quietHours, timeZone, (asked ?? now).getTime());
  if (until === null) return { timing: asked, held: false };
  if (p.quietHours.action === 'refuse' || !holdable)
    throw badRequest(
      'policy.quietHours',
      { from: p.quietHours.from, to: p.quietHours.to },
      asked ? 'timing_time' : 'content',
    );
  return { timing: new Date(until), held: true };
}
