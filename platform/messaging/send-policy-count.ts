import { createHash } from 'node:crypto';
import { enqueueCallbacks } from '../accounts/callbacks';
import type { ContentCategory, PolicyReason, SendPolicy } from '../../contract/endpoints/send-policy.endpoints';
import { wallClockIn } from '../../contract/time-zone';
import { prepared, type Queryable } from '../db/db';
import { yieldToLoop } from '../db/slices';
import { ApiError, badRequest } from '../http/api-error';
import { notify } from '../notices/notices';
import { SEND_POLICY_LINK } from '../notices/notice-links';
import { dailyCapOf, limitsSend, loadSendPolicy } from './send-policy';

// The send policy applied, for every door, inside the transaction that charges the send: what it lets through is
// counted there, so a rolled-back send counts nothing and every instance reads the same counts. The enterprise's
// sends take one advisory lock in that transaction while a per-number or daily cap applies: two instances checking one
// number at once then see each other's counts, and a cap of 1 lets exactly one through. The duplicate window needs no
// lock: it is checked and claimed in one insert, and the row's own lock settles two claims of one text. Every read and
// write is one statement over unnest for a whole slice of numbers, never one per number.

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

/** A (number, text) pair whose duplicate window the send claimed, and the time its row held before (null: none). */
interface Claim {
  mobile: string;
  hash: string;
  was: Date | null;
}

export interface PolicyDecision {
  policy: SendPolicy;
  /** per message: why it is refused, or null when it may go. */
  refused: Array<Refusal | null>;
  /** the duplicate window's claims, by number and text hash. */
  claimed: Map<string, Claim>;
  /** per message: its text's hash, when the duplicate window is on. */
  hashes: string[];
}

/** Numbers per statement: every slice is one statement; a 100,000-number send is a handful of them. */
const SLICE = 10_000;

const hashOf = (text: string) => createHash('sha256').update(text).digest('base64').slice(0, 22);
const dayOf = (s: PolicySend) => wallClockIn(s.timeZone, s.now.getTime()).slice(0, 10);
/** Each message's text hash; one text for the whole send is hashed once. */
function hashesOf(s: PolicySend): string[] {
  if (typeof s.texts !== 'string') return s.texts.map((t) => hashOf(t));
  const one = hashOf(s.texts);
  return s.mobiles.map(() => one);
}

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
export const dailyCapReached = (cap: number, used: number) => badRequest('policy.dailyCapReached', { cap, count: Math.max(0, cap - used) }, 'mobiles');

/** Decides, in the send's transaction, which of its messages the policy refuses and why. `wholeDay`: a send that would
 * pass the daily cap is refused whole (dailyCapReached); else the messages past it are refused one by one. `loaded`:
 * the policy when the door has read it already (marketing, for its opt-out text and quiet hours). The duplicate window
 * is claimed here, in the statement that checks it, for every text that passes it; recordSend counts the rest of what
 * the door then takes and gives back the claims of what it did not take, in the same transaction. */
export async function decideSend(q: Queryable, s: PolicySend, wholeDay: boolean, loaded?: SendPolicy): Promise<PolicyDecision> {
  const policy = loaded ?? (await loadSendPolicy(q, s.epId));
  const refused = new Array<Refusal | null>(s.mobiles.length).fill(null);
  const claimed = new Map<string, Claim>();
  let hashes: string[] = [];
  if (s.mobiles.length === 0 || !limitsSend(policy, s.category, s.cusId)) return { policy, refused, claimed, hashes };
  const caps = policy.caps[s.category];
  const capped = caps.perMinute > 0 || caps.perHour > 0 || caps.perDay > 0;
  const cap = dailyCapOf(policy, s.cusId);
  // counts are read, then written: two instances must take turns, or both read the count below a cap. The duplicate
  // window alone needs no turn: its claim is one insert, and a second claim of the same row waits on the first's.
  if (capped || cap > 0) await q.query('select pg_advisory_xact_lock(hashtext($1))', [`send-policy:${s.epId}`]);

  if (policy.duplicateWindowS > 0) {
    const since = new Date(s.now.getTime() - policy.duplicateWindowS * 1000);
    hashes = hashesOf(s);
    const pairs = new Map<string, [string, string]>();
    s.mobiles.forEach((m, i) => pairs.set(`${m}\n${hashes[i]}`, [m, hashes[i]]));
    await sliced(
      [...pairs.values()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0)),
      (rows) => claimRecent(q, s, since, rows, claimed),
    );
    // the same text twice to one number within this send (SMPP groups) is a duplicate too: the first one claimed it
    const seen = new Set<string>();
    s.mobiles.forEach((m, i) => {
      const key = `${m}\n${hashes[i]}`;
      if (!claimed.has(key) || seen.has(key)) refused[i] = 'duplicate';
      seen.add(key);
    });
  }

  if (capped) {
    // sliding windows ending at the send; only as far back as the longest cap reads, so the rows read stay few
    const span = caps.perDay > 0 ? '1 day' : caps.perHour > 0 ? '1 hour' : '1 minute';
    const counts = new Map<string, { m: number; h: number; d: number }>();
    await sliced([...new Set(s.mobiles)], async (mobiles) => {
      const rows = await q.query<{ mobile: string; m: number; h: number; d: number }>(
        `select mobile, coalesce(sum(n) filter (where at > $4::timestamptz - interval '1 minute'), 0)::int as m,
                coalesce(sum(n) filter (where at > $4::timestamptz - interval '1 hour'), 0)::int as h, sum(n)::int as d
           from policy_send_times
          where ep_id = $1 and category = $2 and mobile = any($3::text[]) and at > $4::timestamptz - $5::interval
          group by mobile`,
        [s.epId, s.category, mobiles, s.now, span],
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
  return { policy, refused, claimed, hashes };
}

/** Claims the duplicate window for (number, text) pairs in one statement: a pair with no row, or one whose row is older
 * than the window, gets a row at the send's time and is answered (with the time it replaced); a pair sent within the
 * window is not. Concurrent claims of one pair from two instances: the second waits for the first's transaction and,
 * once it commits, finds its row within the window. The pairs come sorted, so two sends lock shared rows in one order. */
async function claimRecent(q: Queryable, s: PolicySend, since: Date, rows: Array<[string, string]>, claimed: Map<string, Claim>): Promise<void> {
  const got = await q.query<{ mobile: string; hash: string; was: Date | null }>(
    prepared`insert into policy_recent (ep_id, mobile, hash, at)
     select $1, t.mobile, t.hash, $2 from unnest($3::text[], $4::text[]) with ordinality as t(mobile, hash, i) order by t.i
     on conflict (ep_id, mobile, hash) do update set prev_at = policy_recent.at, at = excluded.at where policy_recent.at <= $5
     returning mobile, hash, prev_at as was`,
    [s.epId, s.now, rows.map((r) => r[0]), rows.map((r) => r[1]), since],
  );
  for (const r of got) claimed.set(`${r.mobile}\n${r.hash}`, { mobile: r.mobile, hash: r.hash, was: r.was });
}

/** Counts the messages the door took (indexes into `s.mobiles`) in the send's transaction: per number and instant for
 * a capped category, and the account's day while it has a daily cap; the account's users hear once a day when the
 * day's count first reaches 80 % of its cap, and so does its report address when its push is on. The duplicate
 * window's claims of messages not taken (a per-number cap, the daily cap, the balance) are given back, so a text that
 * did not go may go at once. With no daily cap nothing counts the day: a cap set later counts the sends from then on. */
export async function recordSend(q: Queryable, s: PolicySend, d: PolicyDecision, taken: number[]): Promise<void> {
  const { policy } = d;
  if (d.claimed.size > 0) {
    const kept = new Set(taken.map((i) => `${s.mobiles[i]}\n${d.hashes[i]}`));
    const back = [...d.claimed].filter(([key]) => !kept.has(key)).map(([, c]) => c);
    await sliced(back, async (rows) => {
      await q.query(
        `with t as (select * from unnest($2::text[], $3::text[], $4::timestamptz[]) as t(mobile, hash, was)),
              gone as (delete from policy_recent r using t where r.ep_id = $1 and r.mobile = t.mobile and r.hash = t.hash and t.was is null)
         update policy_recent r set at = t.was, prev_at = null from t where r.ep_id = $1 and r.mobile = t.mobile and r.hash = t.hash and t.was is not null`,
        [s.epId, rows.map((r) => r.mobile), rows.map((r) => r.hash), rows.map((r) => (r.was ? new Date(r.was).toISOString() : null))],
      );
    });
  }
  if (taken.length === 0) return;
  const caps = policy.caps[s.category];
  if (caps.perMinute > 0 || caps.perHour > 0 || caps.perDay > 0) {
    const per = new Map<string, number>();
    for (const i of taken) per.set(s.mobiles[i], (per.get(s.mobiles[i]) ?? 0) + 1);
    await sliced([...per], async (rows) => {
      await q.query(
        `insert into policy_send_times (ep_id, mobile, category, at, n)
         select $1, t.mobile, $2, $3, t.n from unnest($4::text[], $5::int[]) as t(mobile, n)
         on conflict (ep_id, mobile, category, at) do update set n = policy_send_times.n + excluded.n`,
        [s.epId, s.category, s.now, rows.map((r) => r[0]), rows.map((r) => r[1])],
      );
    });
  }
  const cap = dailyCapOf(policy, s.cusId);
  if (cap === 0) return;
  const [day] = await q.query<{ n: string; noticed: boolean }>(
    `insert into policy_daily (cus_id, day, n) values ($1, $2, $3)
     on conflict (cus_id, day) do update set n = policy_daily.n + excluded.n returning n, noticed`,
    [s.cusId, dayOf(s), taken.length],
  );
  const used = Number(day.n);
  if (!day.noticed && used * 5 >= cap * 4) {
    const left = Math.max(0, cap - used);
    await q.query('update policy_daily set noticed = true where cus_id = $1 and day = $2', [s.cusId, dayOf(s)]);
    await notify(q, { cusId: s.cusId, kind: 'dailyCapNear', params: { cap, used, left }, link: SEND_POLICY_LINK });
    // and a callback when push is on: keyed by account and day, so it is queued once even if another instance's send
    // crosses the mark at the same time
    await enqueueCallbacks(q, s.now, [], [], [{ cus_id: s.cusId, day: dayOf(s), cap, used, left }]);
  }
}

/** Forgets counts no cap or window reads any more: sends and texts older than a day, days older than a week. A slice
 * per statement, so a large backlog never holds the database in one go. */
export async function prunePolicyCounts(q: Queryable, now: Date): Promise<void> {
  const dayAgo = new Date(now.getTime() - 86_400_000);
  const weekAgo = new Date(now.getTime() - 7 * 86_400_000).toISOString().slice(0, 10);
  const rounds: Array<[string, unknown]> = [
    ['delete from policy_send_times where ctid in (select ctid from policy_send_times where at <= $1 limit 5000)', dayAgo],
    // the calendar-minute counts an older instance may still write during a rolling upgrade
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
