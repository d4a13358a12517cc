import { createHash } from 'node:crypto';
import { enqueueCallbacks } from '../accounts/callbacks';
import type { ContentCategory, PolicyReason, SendPolicy } from '../../contract/endpoints/send-policy.endpoints';
import { wallClockIn } from '../../contract/time-zone';
import { prepared, type Queryable } from '../db/db';
import { isUniqueViolation } from '../db/retry';
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

export interface PolicyDecision {
  policy: SendPolicy;
  /** per message: why it is refused, or null when it may go. */
  refused: Array<Refusal | null>;
  /** the duplicate window's claims, when the window is on: every message not refused as a duplicate claimed its
   * (number, text) key. */
  claims: Claims | null;
}

/** The duplicate window's keys of a send, as its statements take them, and what the claims replaced. */
interface Claims {
  /** one seed for every message, or one per message (seedOf). */
  seed: string | null;
  seeds: string[] | null;
  /** by message index: the time a key's row held before this send claimed it again past the window. */
  was: Map<number, string>;
}

/** Numbers per statement: every slice is one statement; a 100,000-number send is a handful of them. */
const SLICE = 10_000;

const dayOf = (s: PolicySend) => wallClockIn(s.timeZone, s.now.getTime()).slice(0, 10);
/** A text's seed for its enterprise: 64 bits of SHA-256, as a decimal bigint. A message's key is
 * hashtextextended(number, seed), computed by the statements themselves (policy_recent_keys). */
const seedOf = (epId: string, text: string) =>
  createHash('sha256').update(`${epId}\n`).update(text).digest().readBigInt64BE(0).toString();
/** The seed of an enterprise's per-number cap counts in a category (policy_send_keys), as seedOf's is of a text's
 * window: a number's count key is hashtextextended(number, seed). */
const capSeedOf = (epId: string, category: ContentCategory) =>
  createHash('sha256').update(`caps\n${epId}\n${category}`).digest().readBigInt64BE(0).toString();
/** The send's seeds: one for a send of one text, else one per message (each distinct text hashed once). */
function seedsOf(s: PolicySend): Pick<Claims, 'seed' | 'seeds'> {
  if (typeof s.texts === 'string') return { seed: seedOf(s.epId, s.texts), seeds: null };
  const byText = new Map<string, string>();
  const seeds = s.texts.map((t) => {
    let seed = byText.get(t);
    if (seed === undefined) byText.set(t, (seed = seedOf(s.epId, t)));
    return seed;
  });
  return { seed: null, seeds };
}

/** The time the duplicate window holds for a text to a number of the enterprise: its last claim, or null. */
export async function windowTimeOf(q: Queryable, epId: string, mobile: string, text: string): Promise<Date | null> {
  const [r] = await q.query<{ at: Date }>(
    'select at from policy_recent_keys where k = hashtextextended($1, $2::bigint)',
    [mobile, seedOf(epId, text)],
  );
  return r ? new Date(r.at) : null;
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
export const dailyCapReached = (cap: number, used: number) =>
  badRequest('policy.dailyCapReached', { cap, count: Math.max(0, cap - used) }, 'mobiles');

/** Decides, in the send's transaction, which of its messages the policy refuses and why. `wholeDay`: a send that would
 * pass the daily cap is refused whole (dailyCapReached); else the messages past it are refused one by one. `loaded`:
 * the policy when the door has read it already (marketing, for its opt-out text and quiet hours). The duplicate window
 * is claimed here, in the statement that checks it, for every text that passes it; recordSend counts the rest of what
 * the door then takes and gives back the claims of what it did not take, in the same transaction. */
export async function decideSend(
  q: Queryable,
  s: PolicySend,
  wholeDay: boolean,
  loaded?: SendPolicy,
): Promise<PolicyDecision> {
  const policy = loaded ?? (await loadSendPolicy(q, s.epId));
  const refused = new Array<Refusal | null>(s.mobiles.length).fill(null);
  if (s.mobiles.length === 0 || !limitsSend(policy, s.category, s.cusId)) return { policy, refused, claims: null };
  const caps = policy.caps[s.category];
  const capped = caps.perMinute > 0 || caps.perHour > 0 || caps.perDay > 0;
  const cap = dailyCapOf(policy, s.cusId);
  // counts are read, then written: two instances must take turns, or both read the count below a cap. The duplicate
  // window alone needs no turn: its claim is one insert, and a second claim of the same row waits on the first's.
  if (capped || cap > 0) await q.query('select pg_advisory_xact_lock(hashtext($1))', [`send-policy:${s.epId}`]);

  let claims: Claims | null = null;
  if (policy.duplicateWindowS > 0) {
    claims = { ...seedsOf(s), was: new Map() };
    const since = new Date(s.now.getTime() - policy.duplicateWindowS * 1000);
    refuseRepeats(s, claims, refused);
    for (let i = 0; i < s.mobiles.length; i += SLICE) await claimRecent(q, s, since, claims, i, refused);
  }

  if (capped) {
    // sliding windows ending at the send; only as far back as the longest cap reads, so the rows read stay few
    const span = caps.perDay > 0 ? '1 day' : caps.perHour > 0 ? '1 hour' : '1 minute';
    const counts = new Map<string, { m: number; h: number; d: number }>();
    await sliced([...new Set(s.mobiles)], async (mobiles) => {
      const rows = await q.query<{ mobile: string; m: number; h: number; d: number }>(
        `select u.m as mobile, coalesce(sum(p.n) filter (where p.at > $3::timestamptz - interval '1 minute'), 0)::int as m,
                coalesce(sum(p.n) filter (where p.at > $3::timestamptz - interval '1 hour'), 0)::int as h,
                sum(p.n)::int as d
           from unnest($1::text[]) as u(m)
           join policy_send_keys p on p.k = hashtextextended(u.m, $2::bigint) and p.at > $3::timestamptz - $4::interval
          group by u.m`,
        [mobiles, capSeedOf(s.epId, s.category), s.now, span],
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
    const [row] = await q.query<{ n: string }>('select n from policy_daily where cus_id = $1 and day = $2', [
      s.cusId,
      dayOf(s),
    ]);
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
  return { policy, refused, claims };
}

/** Claims the duplicate window for a slice of the messages from `from` in one statement: a key with no row, or one
 * whose row is older than the window, gets a row at the send's time (keeping the time it replaced); a key sent within
 * the window is not claimed, and its messages are refused as duplicates, as is every message after the first of a key
 * within the send (the same text twice to one number: SMPP groups, a later slice). The statement answers, as arrays,
 * the slice's messages (1-based) whose key it did not claim, and those whose claim replaced a row with the time each
 * replaced (as text, which keeps its microseconds). It builds them only when the claims say there is something to
 * tell: fewer claims than the slice's keys first sent in it, or a claim that replaced a row. A send of new numbers, the usual
 * one, then reads two counts, where answering every key cost about a sixth of the claim on PGlite. Concurrent claims
 * of one key from two instances: the second waits for the first's transaction and, once it commits, finds its row
 * within the window. The keys are claimed in their order, so two sends lock shared rows in one order. */
async function claimRecent(
  q: Queryable,
  s: PolicySend,
  since: Date,
  c: Claims,
  from: number,
  refused: Array<Refusal | null>,
): Promise<void> {
  const to = Math.min(s.mobiles.length, from + SLICE);
  const mobiles = s.mobiles.slice(from, to);
  const seeds = c.seeds && c.seeds.slice(from, to);
  // the slice's keys not sent earlier in the send (refuseRepeats refused the rest): what the claims may take at most
  let firsts = 0;
  for (let i = from; i < to; i++) if (refused[i] === null) firsts++;
  if (q.inProcess && firsts === to - from && (await claimAllNew(q, s, c, mobiles, seeds))) return;
  const [got] = await q.query<{ unclaimed: number[] | null; again: number[] | null; was: string[] | null }>(
    prepared`with t as (select hashtextextended(u.m, coalesce(u.s, $3::bigint)) as k, u.i
                  from unnest($1::text[], $2::bigint[]) with ordinality as u(m, s, i)),
          c as (insert into policy_recent_keys as r (k, at) select distinct k, $4::timestamptz from t order by k
                on conflict (k) do update set prev_at = r.at, at = excluded.at where r.at <= $5
                returning k, prev_at),
          n as (select count(*) as claimed, count(prev_at) as again from c),
          r as (select t.i, c.prev_at from t join c using (k) where c.prev_at is not null)
     select case when n.claimed < $6 or n.again > 0
                 then array(select t.i from t where not exists (select from c where c.k = t.k) order by t.i) end
              as unclaimed,
            case when n.again > 0 then array(select i from r order by i) end as again,
            case when n.again > 0 then array(select prev_at::text from r order by i) end as was
       from n`,
    [mobiles, seeds, c.seed, s.now, since, firsts],
  );
  for (const i of got.unclaimed ?? []) refused[from + Number(i) - 1] = 'duplicate';
  (got.again ?? []).forEach((i, j) => c.was.set(from + Number(i) - 1, got.was![j]));
}

/** The claim of a slice whose keys all have no row, the usual send, as a plain insert: `ON CONFLICT` checks each row
 * for a conflict as it inserts it, which cost a third of the claim on PGlite. A key with a row, within the window or
 * past it, fails the insert: the savepoint takes it back and answers false, and the slice is claimed row by row. Only
 * where a savepoint costs no round trip: on PostgreSQL its two statements would cost a group of a few SMPP messages more
 * than the check they spare. */
async function claimAllNew(
  q: Queryable,
  s: PolicySend,
  c: Claims,
  mobiles: string[],
  seeds: string[] | null,
): Promise<boolean> {
  await q.exec('savepoint policy_claim');
  try {
    await q.query(
      prepared`insert into policy_recent_keys (k, at)
               select hashtextextended(u.m, coalesce(u.s, $3::bigint)), $4::timestamptz
                 from unnest($1::text[], $2::bigint[]) as u(m, s)`,
      [mobiles, seeds, c.seed, s.now],
    );
  } catch (e) {
    if (!isUniqueViolation(e)) throw e;
    await q.exec('rollback to savepoint policy_claim; release savepoint policy_claim');
    return false;
  }
  await q.exec('release savepoint policy_claim');
  return true;
}

/** Refuses as duplicates the messages after the first with the same number and text, before the claims: a key is
 * claimed once for all its messages. A send of one text is checked by number alone. */
function refuseRepeats(s: PolicySend, c: Claims, refused: Array<Refusal | null>): void {
  const seen = new Set<string>();
  s.mobiles.forEach((m, i) => {
    const key = c.seeds ? `${m}\n${c.seeds[i]}` : m;
    if (seen.has(key)) refused[i] = 'duplicate';
    else seen.add(key);
  });
}

/** Counts the messages the door took (indexes into `s.mobiles`) in the send's transaction: per number and instant for
 * a capped category, and the account's day while it has a daily cap; the account's users hear once a day when the
 * day's count first reaches 80 % of its cap, and so does its report address when its push is on. The duplicate
 * window's claims of messages not taken (a per-number cap, the daily cap, the balance) are given back, so a text that
 * did not go may go at once. With no daily cap nothing counts the day: a cap set later counts the sends from then on. */
export async function recordSend(q: Queryable, s: PolicySend, d: PolicyDecision, taken: number[]): Promise<void> {
  const { policy } = d;
  const c = d.claims;
  if (c && taken.length < s.mobiles.length) {
    // the claims of messages not taken: every message the window did not refuse claimed its key
    const took = new Array<boolean>(s.mobiles.length).fill(false);
    for (const i of taken) took[i] = true;
    const back = d.refused.flatMap((r, i) => (took[i] || r === 'duplicate' ? [] : [i]));
    await sliced(back, async (rows) => {
      await q.query(
        `with t as (select hashtextextended(u.m, coalesce(u.s, $3::bigint)) as k, u.was
                      from unnest($1::text[], $2::bigint[], $4::timestamptz[]) as u(m, s, was)),
              gone as (delete from policy_recent_keys r using t where r.k = t.k and t.was is null)
         update policy_recent_keys r set at = t.was, prev_at = null from t where r.k = t.k and t.was is not null`,
        [
          rows.map((i) => s.mobiles[i]),
          c.seeds && rows.map((i) => c.seeds![i]),
          c.seed,
          rows.map((i) => c.was.get(i) ?? null),
        ],
      );
    });
  }
  if (taken.length === 0) return;
  const caps = policy.caps[s.category];
  if (caps.perMinute > 0 || caps.perHour > 0 || caps.perDay > 0) {
    const per = new Map<string, number>();
    for (const i of taken) per.set(s.mobiles[i], (per.get(s.mobiles[i]) ?? 0) + 1);
    await sliced([...per], async (rows) => {
      // summed by key, so two numbers sharing a key write it once; in key order, so two sends lock rows in one order
      await q.query(
        `insert into policy_send_keys (k, at, n)
         select hashtextextended(t.mobile, $1::bigint) as k, $2, sum(t.n) from unnest($3::text[], $4::int[]) as t(mobile, n)
          group by 1 order by 1
         on conflict (k, at) do update set n = policy_send_keys.n + excluded.n`,
        [capSeedOf(s.epId, s.category), s.now, rows.map((r) => r[0]), rows.map((r) => r[1])],
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
    [
      'delete from policy_send_keys where ctid in (select ctid from policy_send_keys where at <= $1 limit 5000)',
      dayAgo,
    ],
    // the per-number counts an older instance may still write during a rolling upgrade
    [
      'delete from policy_send_times where ctid in (select ctid from policy_send_times where at <= $1 limit 5000)',
      dayAgo,
    ],
    // the calendar-minute counts an older instance may still write during a rolling upgrade
    ['delete from policy_sends where ctid in (select ctid from policy_sends where minute <= $1 limit 5000)', dayAgo],
    [
      'delete from policy_recent_keys where ctid in (select ctid from policy_recent_keys where at <= $1 limit 5000)',
      dayAgo,
    ],
    // the texts an older instance may still claim during a rolling upgrade
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
