import { prepared, type Db } from '../db/db';
import { groupWriter } from '../db/group-commit';

// The callback worker's two writes, each one statement for many deliveries. A claim takes the accounts with pending
// deliveries one index step each (a loose scan of callback_due_by_account), then each account's oldest due rows up
// to what it may still start, and keeps the accounts' first rows ahead of anyone's second: its cost follows what it
// takes, not the backlog. Finished deliveries are written in groups: one UPDATE for all that ended together.

export const LEASE_MS = 30_000;

export interface Claimed {
  id: string;
  cus_id: string;
  url: string;
  payload: unknown;
  attempts: number;
  /** report (ref: the record's msgId), mo or rule (ref: the reply's) or cap (ref: account/day). */
  kind: string;
  ref: string;
  /** the account's stored app secret (encrypted); null before it has one. */
  secret_enc: string | null;
  /** the account's `reportBatch` option as stored (callbacks.ts reportBatchOf reads it). */
  report_batch: string | null;
}

/** Claims up to `limit` due deliveries: `share` per account at most, or what `shares` says for the accounts it names.
 * The rows picked are locked with skip locked and their lease checked again on the locked row, so a row another
 * instance claimed in between is left alone. */
/** When the next callback is due (null: none waits); one being delivered counts as due now. */
export async function nextCallbackAt(db: Db): Promise<Date | null> {
  return (
    (await db.query<{ at: Date | null }>('select min(next_at) as at from callback_deliveries where status = 0'))[0]
      ?.at ?? null
  );
}

export async function claimDue(
  db: Db,
  now: Date,
  limit: number,
  share: number,
  shares: ReadonlyMap<string, number>,
): Promise<Claimed[]> {
  return db.query<Claimed>(
    prepared`with recursive acc(cus) as (
        select min(cus_id) from callback_deliveries where status = 0
        union all
        select (select min(c.cus_id) from callback_deliveries c where c.status = 0 and c.cus_id > acc.cus) from acc where acc.cus is not null
      ),
      picked as (
        select p.id, p.next_at, row_number() over (partition by acc.cus order by p.next_at, p.id) as rn
          from acc
          left join unnest($5::text[], $6::int[]) as f(cus, n) on f.cus = acc.cus
          cross join lateral (
            select c.id, c.next_at from callback_deliveries c
             where c.status = 0 and c.cus_id = acc.cus and c.next_at <= $1 and (c.locked_until is null or c.locked_until < $1)
             order by c.next_at, c.id
             limit greatest(0, coalesce(f.n, $3))) p
         where acc.cus is not null
      ),
      locked as (
        -- by key, not joined: the planner cannot tell how few rows the lateral picks and would scan the table.
        -- status < 1 picks the same rows as status = 0 but does not match the due indexes' predicate: a plan kept
        -- from when few deliveries waited would otherwise look the ids up in the due index, all of it per claim,
        -- rather than in the primary key
        select c.id from callback_deliveries c
         where c.id = any(array(select id from picked order by rn, next_at limit $4))
           and c.status < 1 and (c.locked_until is null or c.locked_until < $1)
         for update skip locked
      )
      update callback_deliveries d set locked_until = $2, attempts = d.attempts + 1
       where d.id = any(array(select id from locked))
      returning d.id::text as id, d.cus_id, d.url, d.payload, d.attempts, d.kind, d.ref,
                (select k.app_secret_enc from account_credentials k where k.cus_id = d.cus_id) as secret_enc,
                (select a.options->>'reportBatch' from accounts a where a.cus_id = d.cus_id) as report_batch`,
    [now, new Date(now.getTime() + LEASE_MS), share, limit, [...shares.keys()], [...shares.values()]],
  );
}

/** How an attempt ended. `released`: cut off by this instance's shutdown, the row is only made due again. */
export type Outcome =
  | { id: string; kind: 'delivered'; at: Date; status: number }
  | { id: string; kind: 'failed'; giveUp: boolean; nextAt: Date; error: string; status: number | null }
  | { id: string; kind: 'released' };

const MAX_GROUP = 1000;
/** outcomes wait this long for others to share their write: answers arrive one by one, a write per answer would cost
 * more than the callbacks themselves */
const LINGER_MS = 5;

/** Writes outcomes in groups: whatever ended while the previous group was being written goes in the next one. */
export function outcomeWriter(db: Db) {
  return groupWriter<Outcome, void>(
    async (items) => {
      const touch = items.map((o) => o.kind !== 'released');
      await db.query(
        prepared`update callback_deliveries d
          set status = coalesce(t.status, d.status), delivered_at = coalesce(t.delivered_at, d.delivered_at),
              next_at = coalesce(t.next_at, d.next_at),
              last_status = case when t.touch then t.last_status else d.last_status end,
              last_error = case when t.touch then t.last_error else d.last_error end,
              locked_until = null
         from unnest($1::bigint[], $2::smallint[], $3::timestamptz[], $4::timestamptz[], $5::int[], $6::text[], $7::boolean[])
              as t(id, status, delivered_at, next_at, last_status, last_error, touch)
        where d.id = t.id`,
        [
          items.map((o) => o.id),
          items.map((o) => (o.kind === 'delivered' ? 1 : o.kind === 'failed' ? (o.giveUp ? 2 : 0) : null)),
          items.map((o) => (o.kind === 'delivered' ? o.at : null)),
          items.map((o) => (o.kind === 'failed' ? o.nextAt : null)),
          items.map((o) => (o.kind === 'released' ? null : o.status)),
          items.map((o) => (o.kind === 'failed' ? o.error : null)),
          touch,
        ],
      );
      return items.map(() => undefined);
    },
    MAX_GROUP,
    LINGER_MS,
  );
}
