import type { CarrierHistory } from '../../contract/endpoints/carrier-history.endpoints';
import { HISTORY_MAX_CARRIERS } from '../../contract/endpoints/carrier-history.endpoints';
import type { Queryable } from '../db/db';
import { marginDay, marginRows } from './margins';
import { HISTORY_MINUTES, MINUTE_MS, historyOf, minuteOf, type MinuteRow } from './minute-counts';

// The per-minute figures of each carrier as stored (carrier_minutes: a row per minute, carrier and instance), and the
// operator's history read from them. An instance writes all its held minutes in one statement per status write, and
// only when it counted something since: the write costs nothing per message.

/** how long minutes are kept: the chart's hour and as much again, for an instance whose clock runs behind */
const KEEP_MS = 2 * 60 * 60_000;

/** This instance's figures of the minutes it holds, as totals: its rows are replaced, never added to. */
export async function writeMinutes(q: Queryable, instanceId: string, rows: MinuteRow[]): Promise<void> {
  if (rows.length === 0) return;
  await q.query(
    `insert into carrier_minutes (minute, carrier, instance_id, submitted, accepted, receipts, delivered, latency_ms)
     select to_timestamp(t.minute / 1000.0), t.carrier, $1, t.submitted, t.accepted, t.receipts, t.delivered, t.latency_ms
       from unnest($2::bigint[], $3::text[], $4::int[], $5::int[], $6::int[], $7::int[], $8::bigint[])
         as t(minute, carrier, submitted, accepted, receipts, delivered, latency_ms)
     on conflict (minute, carrier, instance_id) do update set submitted = excluded.submitted, accepted = excluded.accepted,
       receipts = excluded.receipts, delivered = excluded.delivered, latency_ms = excluded.latency_ms`,
    [
      instanceId,
      rows.map((r) => r.minute),
      rows.map((r) => r.carrier),
      rows.map((r) => r.submitted),
      rows.map((r) => r.accepted),
      rows.map((r) => r.receipts),
      rows.map((r) => r.delivered),
      rows.map((r) => r.latencyMs),
    ],
  );
}

/** Minutes older than KEEP_MS go (every instance's: any may prune). */
export async function pruneMinutes(q: Queryable, now: Date): Promise<void> {
  await q.query('delete from carrier_minutes where minute < $1', [new Date(now.getTime() - KEEP_MS)]);
}

/** The carriers' last hour summed over the instances, and today's records each took with their cost, by the margins'
 * query (one rule for a record's cost: what the margins screen sums is what this says). */
export async function readHistory(
  q: Queryable,
  now: Date,
  stored: string[],
): Promise<{ day: string; carriers: CarrierHistory[] }> {
  const since = new Date(minuteOf(now.getTime()) - (HISTORY_MINUTES - 1) * MINUTE_MS);
  const summed = await q.query<Record<string, string | number | Date>>(
    `select carrier, minute, sum(submitted)::bigint as submitted, sum(accepted)::bigint as accepted, sum(receipts)::bigint as receipts,
            sum(delivered)::bigint as delivered, sum(latency_ms)::bigint as latency_ms
       from carrier_minutes where minute >= $1 group by carrier, minute order by carrier, minute limit $2`,
    [since, HISTORY_MAX_CARRIERS * (HISTORY_MINUTES + 1)],
  );
  const rows: MinuteRow[] = summed.map((r) => ({
    carrier: String(r.carrier),
    minute: new Date(r.minute).getTime(),
    submitted: Number(r.submitted),
    accepted: Number(r.accepted),
    receipts: Number(r.receipts),
    delivered: Number(r.delivered),
    latencyMs: Number(r.latency_ms),
  }));
  const day = marginDay(now);
  const costs = await marginRows(q, { from: day, to: day, groupBy: ['carrier'] }, { pageSize: 1000, pageNumber: 1 });
  const byCarrier = new Map(costs.data.filter((c) => c.carrier !== null).map((c) => [c.carrier!, c]));
  const series = historyOf(rows, [...stored, ...byCarrier.keys()], now.getTime());
  const carriers = [...series]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .slice(0, HISTORY_MAX_CARRIERS)
    .map(([name, minutes]) => {
      const c = byCarrier.get(name);
      return {
        name,
        minutes,
        today: {
          records: c?.records ?? 0,
          segments: c?.segments ?? 0,
          cost: c?.cost ?? '0.0000',
          costUnknown: c?.costUnknown ?? 0,
        },
      };
    });
  return { day, carriers };
}
