import { createHash } from 'node:crypto';
import type { ContentCategory, PolicyReason, SendPolicy } from '../../contract/endpoints/send-policy.endpoints';
import { wallClockIn } from '../../contract/time-zone';
import type { Queryable } from '../db/db';
import { yieldToLoop } from '../db/slices';
import { ApiError, badRequest } from '../http/api-error';
import { notify } from '../notices/notices';
import { SEND_POLICY_LINK } from '../notices/notice-links';
import { dailyCapOf, limitsSend, loadSendPolicy } from './send-policy';

// The send policy applied, for every door, inside the transaction that charges the send: what it lets through is
// counted there, so a rolled-back send counts nothing and every instance reads the same counts. The enterprise's
// sends take one advisory lock in that transaction while the policy limits anything: two instances checking one number
// at once then see each other's counts, and a cap of 1 lets exactly one through. Every read and write is one statement
// over unnest for a whole slice of numbers, never one per number.

/** Why the policy refuses a number: a per-number reason, or the account's daily cap (a door that refuses per message,
 * SMPP, takes what is left of the day and refuses the rest). */
export type Refusal = PolicyReason | 'daily';

export interface PolicySend {
  epId: string;
  cusId: string;
  /** the account's time zone: its day for the daily cap. */
  timeZone: string;
  category: ContentCategory;
  now: Date;
  /** one item per message, in the order the door takes them. */
  mobiles: string[];
  /** one text for every message, or one per message. */
  texts: string | string[];
}

export interface PolicyDecision {
  policy: SendPolicy;
  /** per message: why it is refused, or null when it may go. */
  refused: Array<Refusal | null>;
}

/** Numbers per statement: every slice is one statement; a 100,000-number send is a handful of them. */
const SLICE = 10_000;
const MINUTE_MS = 60_000;

const hashOf = (text: string) => createHash('sha256').update(text).digest('base64').slice(0, 22);
const minuteOf = (now: Date) => new Date(Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS);
const dayOf = (s: PolicySend) => wallClockIn(s.timeZone, s.now.getTime()).slice(0, 10);
const textAt = (s: PolicySend, i: number) => (typeof s.texts === 'string' ? s.texts : s.texts[i]);

async function sliced<T>(items: T[], run: (slice: T[]) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += SLICE) await run(items.slice(i, i + SLICE));
}

/** A send whose every number the policy refused: named by the reason most of them share; `limited` holds each number's
 * reason for a door that answers per number (the HTTP API). */
export class AllLimitedError extends ApiError {
  constructor(readonly limited: Map<string, PolicyReason>) {
    const tally = new Map<PolicyReason, number>();
    for (const r of limited.values()) tally.set(r, (tally.get(r) ?? 0) + 1);
    const top = [...tally].sort((a, b) => b[1] - a[1])[0][0];
    super(400, `policy.allLimited.${top}`, { n: limited.size }, 'mobiles');
  }
}

/** A send refused whole by the daily cap: the cap and what is left of it today. */
export const dailyCapReached = (cap: number, used: number) => badRequest('policy.dailyCapReached', { cap, left: Math.max(0, cap - used) }, 'mobiles');

/** Decides, in the send's transaction, which of its messages the policy refuses and why. `wholeDay`: a send that would
 * pass the daily cap is refused whole (dailyCapReached); else the messages past it are refused one by one. Counts
 * nothing: recordSend counts what the door then takes, in the same transaction. */
export async function decideSend(q: Queryable, s: PolicySend, wholeDay: boolean): Promise<PolicyDecision> {
  const policy = await loadSendPolicy(q, s.epId);
  const refused = new Array<Refusal | null>(s.mobiles.length).fill(null);
  if (s.mobiles.length === 0 || !limitsSend(policy, s.category, s.cusId)) return { policy, refused };
  await q.query('select pg_advisory_xact_lock(hashtext($1))', [`send-policy:${s.epId}`]);
  const unique = [...new Set(s.mobiles)];

  if (policy.duplicateWindowS > 0) {
    const since = new Date(s.now.getTime() - policy.duplicateWindowS * 1000);
    const recent = new Set<string>();
    await sliced(unique, async (mobiles) => {
      const rows = await q.query<{ mobile: string; hash: string }>(
        'select mobile, hash from policy_recent where ep_id = $1 and mobile = any($2::text[]) and at > $3',
        [s.epId, mobiles, since],
      );
      for (const r of rows) recent.add(`${r.mobile}\n${r.hash}`);
    });
    // the same text twice to one number within this send (SMPP groups) is a duplicate too
    s.mobiles.forEach((m, i) => {
      const key = `${m}\n${hashOf(textAt(s, i))}`;
      if (recent.has(key)) refused[i] = 'duplicate';
      else recent.add(key);
    });
  }

  const caps = policy.caps[s.category];
  if (caps.perMinute > 0 || caps.perHour > 0 || caps.perDay > 0) {
    const minute = minuteOf(s.now);
    const counts = new Map<string, { m: number; h: number; d: number }>();
    await sliced(unique, async (mobiles) => {
      const rows = await q.query<{ mobile: string; m: number; h: number; d: number }>(
        `select mobile, coalesce(sum(n) filter (where minute = $4), 0)::int as m,
                coalesce(sum(n) filter (where minute > $4::timestamptz - interval '1 hour'), 0)::int as h, sum(n)::int as d
           from policy_sends
          where ep_id = $1 and category = $2 and mobile = any($3::text[]) and minute > $4::timestamptz - interval '1 day'
          group by mobile`,
        [s.epId, s.category, mobiles, minute],
      );
      for (const r of rows) counts.set(r.mobile, { m: Number(r.m), h: Number(r.h), d: Number(r.d) });
    });
    const over = (n: number, cap: number) => cap > 0 && n + 1 > cap;
    s.mobiles.forEach((m, i) => {
      if (refused[i]) return;
      const c = counts.get(m) ?? { m: 0, h: 0, d: 0 };
      if (over(c.m, caps.perMinute)) refused[i] = 'frequency.minute';
      else if (over(c.h, caps.perHour)) refused[i] = 'frequency.hour';
      else if (over(c.d, caps.perDay)) refused[i] = 'frequency.day';
      else counts.set(m, { m: c.m + 1, h: c.h + 1, d: c.d + 1 });
    });
  }

  const cap = dailyCapOf(policy, s.cusId);
  const passing = refused.filter((r) => r === null).length;
  if (cap > 0 && passing > 0) {
    const [row] = await q.query<{ n: string }>('select n from policy_daily where cus_id = $1 and day = $2', [s.cusId, dayOf(s)]);
    const used = Number(row?.n ?? 0);
    if (used + passing > cap) {
      if (wholeDay) throw dailyCapReached(cap, used);
      let left = Math.max(0, cap - used);
      refused.forEach((r, i) => {
        if (r !== null) return;
        if (left > 0) left--;
        else refused[i] = 'daily';
      });
    }
  }
  return { policy, refused };
}

/** Counts the messages the door took (indexes into `s.mobiles`) in the send's transaction: per number and minute for
 * a capped category, the texts for the duplicate window, the account's day; the account's users hear once a day when
 * the day's count first reaches 80 % of its cap. */
export async function recordSend(q: Queryable, s: PolicySend, d: PolicyDecision, taken: number[]): Promise<void> {
  if (taken.length === 0) return;
  const { policy } = d;
  const caps = policy.caps[s.category];
  if (caps.perMinute > 0 || caps.perHour > 0 || caps.perDay > 0) {
    const per = new Map<string, number>();
    for (const i of taken) per.set(s.mobiles[i], (per.get(s.mobiles[i]) ?? 0) + 1);
    await sliced([...per], async (rows) => {
      await q.query(
        `insert into policy_sends (ep_id, mobile, category, minute, n)
         select $1, t.mobile, $2, $3, t.n from unnest($4::text[], $5::int[]) as t(mobile, n)
         on conflict (ep_id, mobile, category, minute) do update set n = policy_sends.n + excluded.n`,
        [s.epId, s.category, minuteOf(s.now), rows.map((r) => r[0]), rows.map((r) => r[1])],
      );
    });
  }
  if (policy.duplicateWindowS > 0) {
    // one row per (number, text): a statement may not update the same row twice
    const pairs = new Map<string, [string, string]>();
    for (const i of taken) {
      const h = hashOf(textAt(s, i));
      pairs.set(`${s.mobiles[i]}\n${h}`, [s.mobiles[i], h]);
    }
    await sliced([...pairs.values()], async (rows) => {
      await q.query(
        `insert into policy_recent (ep_id, mobile, hash, at) select $1, t.mobile, t.hash, $2 from unnest($3::text[], $4::text[]) as t(mobile, hash)
         on conflict (ep_id, mobile, hash) do update set at = excluded.at`,
        [s.epId, s.now, rows.map((r) => r[0]), rows.map((r) => r[1])],
      );
    });
  }
  const [day] = await q.query<{ n: string; noticed: boolean }>(
    `insert into policy_daily (cus_id, day, n) values ($1, $2, $3)
     on conflict (cus_id, day) do update set n = policy_daily.n + excluded.n returning n, noticed`,
    [s.cusId, dayOf(s), taken.length],
  );
  const cap = dailyCapOf(policy, s.cusId);
  const used = Number(day.n);
  if (cap > 0 && !day.noticed && used * 5 >= cap * 4) {
    await q.query('update policy_daily set noticed = true where cus_id = $1 and day = $2', [s.cusId, dayOf(s)]);
    await notify(q, { cusId: s.cusId, kind: 'dailyCapNear', params: { cap, used, left: Math.max(0, cap - used) }, link: SEND_POLICY_LINK });
  }
}

/** Forgets counts no cap or window reads any more: minutes and texts older than a day, days older than a week. A slice
 * per statement, so a large backlog never holds the database in one go. */
export async function prunePolicyCounts(q: Queryable, now: Date): Promise<void> {
  const dayAgo = new Date(now.getTime() - 86_400_000);
  const weekAgo = new Date(now.getTime() - 7 * 86_400_000).toISOString().slice(0, 10);
  const rounds: Array<[string, unknown]> = [
    ['delete from policy_sends where ctid in (select ctid from policy_sends where minute <= $1 limit 5000)', dayAgo],
    ['delete from policy_recent where ctid in (select ctid from policy_recent where at <= $1 limit 5000)', dayAgo],
    ['delete from policy_daily where ctid in (select ctid from policy_daily where day < $1::date limit 5000)', weekAgo],
  ];
  for (const [sql, param] of rounds) {
    for (;;) {
      const gone = await q.query<{ x: number }>(`${sql} returning 1 as x`, [param]);
      if (gone.length < 5000) break;
      await yieldToLoop();
    }
  }
}
