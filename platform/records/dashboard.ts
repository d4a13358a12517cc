import type { Queryable } from '../db/db';

// The home dashboards' figures, from stat_rows.

export interface Totals {
  sent: number;
  success: number;
  failure: number;
  unknown: number;
}
export const ZERO: Totals = { sent: 0, success: 0, failure: 0, unknown: 0 };

/** Day totals of the last 30 days and month totals of the given months, keyed `kind|label`. */
export async function statTotals(
  q: Queryable,
  cusIds: string[],
  prodType: number,
  days: string[],
  months: string[],
): Promise<Map<string, Totals>> {
  const rows = await q.query<Totals & { kind: string; label: string }>(
    `select kind, gathering_time as label, sum(sent_count)::int8 as sent, sum(success_count)::int8 as success,
            sum(failure_count)::int8 as failure, sum(unknown_count)::int8 as unknown
       from stat_rows
      where cus_id = any($1::text[]) and prod_type = $2 and deleted = false
        and ((kind = 'day' and gathering_time >= $3 and gathering_time <= $4) or (kind = 'month' and gathering_time = any($5::text[])))
      group by kind, gathering_time`,
    [cusIds, prodType, days[0], days[days.length - 1], months],
  );
  return new Map(rows.map((r) => [`${r.kind}|${r.label}`, r]));
}

/** The login before the current one, and the account's balance and zone. */
export async function loginInfo(q: Queryable, userId: number) {
  const [info] = await q.query<{ previous_login_at: Date | null; balance: number; time_zone: string }>(
    'select u.previous_login_at, a.balance, a.time_zone from users u join accounts a on a.cus_id = u.cus_id where u.id = $1',
    [userId],
  );
  return info ?? null;
}
