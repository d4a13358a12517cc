import type { AppContext } from '../core/context';
import type { OwedReceipts } from '../core/owed-receipts';
import { prepared, type Queryable } from '../db/db';
import { groupWriter } from '../db/group-commit';
import { withRetry } from '../db/retry';
import type { CarrierReport } from '../messaging/carrier';
import { applyMoves, type Due } from '../messaging/dispatch';
import { notifyAll } from '../feed/change-notices';
import { STATUS } from '../smpp-wire/command-status';
import { TLV, tlvInt, type ShortMessagePdu } from '../smpp-wire/pdu-types';
import type { CarrierPlane } from './carrier-plane';
import { finalReport, partErr } from './carrier-reports';
import { storeCarrierReplies, type CarrierMo } from './carrier-replies';
import { partStateOf, recordStatusOf, type PartState } from './part-states';
import { readCarrierReceipt } from './receipt-match';
import { tracingMessages } from '../metrics/message-trail';

// What carriers deliver: receipts and replies. Each is written before its deliver_sm_resp, in groups (one transaction
// for what arrived together), so an answered deliver_sm is never lost and a burst of receipts costs a few
// transactions. A receipt finds its part by (carrier, key); the record's final state is written when every part has
// its final receipt. A receipt whose part is not keyed yet (it came before the submit's answer was written, or to
// another instance) is kept in carrier_receipts and applied by the sweep. A carrier that gives one id to several
// messages has each receipt applied to the newest of them still waiting for one; a part's first final state stands,
// and a later receipt for it is logged and dropped.

interface Receipt {
  carrier: string;
  key: string;
  stat: string;
  err: string | null;
  at: Date;
}

/** message_state TLV values as receipt stat words, for receipts that carry no text. */
const STATE_WORDS: Record<number, string> = {
  2: 'DELIVRD',
  3: 'EXPIRED',
  4: 'DELETED',
  5: 'UNDELIV',
  6: 'ACCEPTD',
  7: 'UNKNOWN',
  8: 'REJECTD',
};
/** A stored receipt no part has claimed after this long is dropped (an id the platform never had). */
const UNMATCHED_KEEP_MS = 3600_000;
const SWEEP_PAGE = 500;
/** Stored receipts kept per carrier: beyond this the oldest are dropped (logged and counted in the carrier's errors),
 * so a carrier sending receipts for ids it never gave cannot grow the table or the sweep's work without end. */
export const UNMATCHED_CAP = 5000;
/** A stored receipt that matched nothing is tried again after 1 s, then twice as long each time, up to 30 s: a flood
 * of unknown ids costs a look each every 30 s over their hour, not one a second, and a receipt whose part is keyed
 * late (its submit's answer written by an instance that was draining, or that restarted) finishes its record within
 * 30 s of the key, not after a pause of minutes. */
const RETRY_BASE_S = 1;
const RETRY_MAX_S = 30;
/** The count a carrier's dropped unmatched receipts show under in its status. */
export const DROPPED_RECEIPTS = 'receipts-dropped';

export interface CarrierDeliveries {
  /** The deliver_sm handler of every link: answers the deliver_sm_resp status once the PDU is stored. */
  onDeliver(carrier: string, pdu: ShortMessagePdu): Promise<number>;
  /** Applies stored receipts whose parts are now keyed, SWEEP_PAGE at a time from where the last call stopped (so
   * receipts that still match nothing never hide newer ones); answers whether there are more to read now. */
  sweep(): Promise<boolean>;
}

export function carrierDeliveries(
  ctx: AppContext,
  plane: () => CarrierPlane | null,
  wakeSweep: () => void,
): CarrierDeliveries {
  const tell = (finished: {
    cusIds: string[];
    latencies: Array<{ carrier: string; ms: number; delivered: boolean }>;
  }) => {
    for (const l of finished.latencies) plane()?.noteReceipt(l.carrier, l.ms, l.delivered);
    if (finished.cusIds.length > 0)
      notifyAll(ctx.db, ['mtRecord', 'batch', 'statistics'], finished.cusIds).catch((err) =>
        ctx.log.warn({ err }, 'record notice not sent'),
      );
  };
  // receipts come in bursts as their messages went: a 20 ms commit delay gathers them into fewer, larger groups, each
  // finishing its records with one pass over the statistics and batches (up to 1,000: a short hold on the database)
  const receipts = groupWriter<Receipt, void>(
    async (items) => {
      const { finished, unmatched } = await withRetry(() =>
        ctx.db.explicitTx((q) => takeReceipts(q, ctx.receipts, ctx.now(), items, ctx.log)),
      );
      tell(finished);
      if (unmatched > 0) wakeSweep();
      return items.map(() => undefined);
    },
    1000,
    20,
  );
  const replies = groupWriter<CarrierMo, void>(async (items) => {
    const cusIds = await withRetry(() => ctx.db.explicitTx((q) => storeCarrierReplies(ctx, q, ctx.now(), items)));
    if (cusIds.length > 0) await notifyAll(ctx.db, ['moRecord'], cusIds);
    return items.map(() => undefined);
  }, 200);
  /** Drops the oldest stored receipts of each carrier beyond UNMATCHED_CAP, logged and counted on its link. */
  const dropBeyondCap = async () => {
    const over = await ctx.db.query<{ carrier: string; n: number }>(
      'select carrier, count(*)::int as n from carrier_receipts group by carrier having count(*) > $1',
      [UNMATCHED_CAP],
    );
    for (const o of over) {
      const dropped = await ctx.db.query<{ id: string }>(
        `delete from carrier_receipts where id in (select id from carrier_receipts where carrier = $1 order by id desc offset $2) returning id`,
        [o.carrier, UNMATCHED_CAP],
      );
      if (dropped.length === 0) continue;
      plane()?.links.get(o.carrier)?.count(DROPPED_RECEIPTS, dropped.length);
      ctx.log.warn(
        { carrier: o.carrier, dropped: dropped.length, cap: UNMATCHED_CAP },
        'unmatched carrier receipts beyond the cap dropped, oldest first',
      );
    }
  };
  return {
    async onDeliver(carrier, pdu) {
      const link = plane()?.links.get(carrier);
      if (!link) return STATUS.RX_T_APPN;
      const receipt = readCarrierReceipt(pdu, link.config.receiptIds);
      try {
        if ((pdu.esmClass & 0x3c) === 0x04) {
          const stat = receipt?.parsed?.stat ?? STATE_WORDS[tlvInt(pdu, TLV.message_state) ?? 0] ?? 'UNKNOWN';
          ctx.metrics.carrierReceipt(carrier, partStateOf(stat));
          // a receipt with no id can match nothing: taken (or the carrier would send it for ever) and logged
          if (!receipt) ctx.log.warn({ carrier }, 'carrier receipt without a message id dropped');
          else if (partStateOf(stat) !== 'pending') {
            const at = ctx.now();
            await plane()?.answers.settled(carrier, receipt.key);
            await receipts({ carrier, key: receipt.key, stat, err: receipt.parsed?.err ?? null, at });
          }
          return STATUS.ROK;
        }
        await replies({ carrier, pdu });
        return STATUS.ROK;
      } catch (err) {
        ctx.log.warn({ err, carrier }, 'carrier deliver_sm not stored; the carrier will send it again');
        return STATUS.RX_T_APPN;
      }
    },
    async sweep() {
      await dropBeyondCap();
      const n = await withRetry(() =>
        ctx.db.explicitTx(async (q) => {
          const now = ctx.now();
          // only those due: one that matched nothing waits longer each time, so the loop never spins over it
          const stored = await q.query<{
            id: string;
            carrier: string;
            carrier_key: string;
            stat: string;
            err: string | null;
            received_at: Date;
          }>(
            `select id, carrier, carrier_key, stat, err, received_at from carrier_receipts where next_try_at <= $1
              order by next_try_at, id limit $2 for update skip locked`,
            [now, SWEEP_PAGE],
          );
          if (stored.length === 0) return null;
          const items = stored.map((r) => ({
            carrier: r.carrier,
            key: r.carrier_key,
            stat: r.stat,
            err: r.err,
            at: new Date(r.received_at),
          }));
          const result = await applyReceipts(q, ctx.receipts, now, items, ctx.log);
          // a stored receipt whose part has its final state already (a repeat) is done with too
          const repeats = await finalParts(
            q,
            items.filter((_, i) => !result.matched[i]),
          );
          for (const [i, r] of items.entries())
            if (!result.matched[i] && repeats.has(keyOf(r)))
              ctx.log.info(
                { carrier: r.carrier, key: r.key, stat: r.stat },
                'carrier receipt for a part already final dropped',
              );
          const old = now.getTime() - UNMATCHED_KEEP_MS;
          const isDone = (r: (typeof stored)[number], i: number) =>
            result.matched[i] || repeats.has(keyOf(items[i])) || new Date(r.received_at).getTime() < old;
          await q.query('delete from carrier_receipts where id = any($1::bigint[])', [
            stored.filter(isDone).map((r) => r.id),
          ]);
          await q.query(
            `update carrier_receipts set tries = tries + 1, next_try_at = $2::timestamptz + make_interval(secs => least($4::float8, $3::float8 * power(2, tries)))
              where id = any($1::bigint[])`,
            [stored.filter((r, i) => !isDone(r, i)).map((r) => r.id), now, RETRY_BASE_S, RETRY_MAX_S],
          );
          return { result, count: stored.length };
        }),
      );
      if (!n) return false;
      tell(n.result.finished);
      return n.count === SWEEP_PAGE;
    },
  };
}

const keyOf = (r: { carrier: string; key: string }) => `${r.carrier}\n${r.key}`;

type Log = Pick<AppContext['log'], 'info' | 'debug' | 'level'>;

/** Receipts as they arrive: applied, and those whose part is not keyed yet kept for the sweep (one per id: the first
 * final state stands). */
async function takeReceipts(q: Queryable, owed: OwedReceipts, now: Date, items: Receipt[], log: Log) {
  const { matched, finished } = await applyReceipts(q, owed, now, items, log);
  const waiting = items.filter((_, i) => !matched[i]);
  if (waiting.length > 0)
    await q.query(
      `insert into carrier_receipts (carrier, carrier_key, stat, err, received_at, next_try_at)
       select t.carrier, t.key, t.stat, t.err, t.at, t.at from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::timestamptz[]) as t(carrier, key, stat, err, at)
       on conflict (carrier, carrier_key) do nothing`,
      [
        waiting.map((r) => r.carrier),
        waiting.map((r) => r.key),
        waiting.map((r) => r.stat),
        waiting.map((r) => r.err),
        waiting.map((r) => r.at),
      ],
    );
  return { finished, unmatched: waiting.length };
}

/** The keys among `items` whose part exists and has left 'pending' (its final receipt came already). */
async function finalParts(q: Queryable, items: Receipt[]): Promise<Set<string>> {
  if (items.length === 0) return new Set();
  const rows = await q.query<{ carrier: string; carrier_key: string }>(
    `select p.carrier, p.carrier_key from carrier_parts p join unnest($1::text[], $2::text[]) as d(carrier, key)
       on p.carrier = d.carrier and p.carrier_key = d.key where p.carrier = any($1) and p.carrier_key = any($2) and p.state <> 'pending'`,
    [items.map((r) => r.carrier), items.map((r) => r.key)],
  );
  return new Set(rows.map((f) => keyOf({ carrier: f.carrier, key: f.carrier_key })));
}

/** In one transaction: each receipt's part takes its final state; records whose every part has one are finished.
 * Answers which receipts found a waiting part. */
async function applyReceipts(q: Queryable, owed: OwedReceipts, now: Date, items: Receipt[], log: Log) {
  // one receipt per id in a group: the first final state stands, a later one (a repeat or a contradiction) is logged
  const byKey = new Map<string, number>();
  items.forEach((r, i) => {
    const k = keyOf(r);
    if (!byKey.has(k)) byKey.set(k, i);
    else if (items[byKey.get(k)!].stat !== r.stat)
      log.info(
        { carrier: r.carrier, key: r.key, stat: r.stat },
        'conflicting carrier receipt dropped; the first stands',
      );
  });
  const unique = [...byKey.values()].map((i) => items[i]);
  // each receipt to one part: the newest still waiting under its (carrier, key), found in carrier_parts_waiting
  const updated = await q.query<{
    sn: string;
    carrier: string;
    carrier_key: string;
    submitted_at: Date;
    state: string;
  }>(
    prepared`update carrier_parts p set state = d.state, err = d.err, done_at = d.at
       from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::timestamptz[]) as d(carrier, key, state, err, at)
       cross join lateral (
         select w.sn, w.part from carrier_parts w
          where w.carrier = d.carrier and w.carrier_key = d.key and w.state = 'pending'
          order by w.submitted_at desc, w.sn desc, w.part desc limit 1) t
      where p.sn = t.sn and p.part = t.part and p.state = 'pending'
      returning p.sn, p.carrier, p.carrier_key, p.submitted_at, p.state`,
    [
      unique.map((r) => r.carrier),
      unique.map((r) => r.key),
      unique.map((r) => partStateOf(r.stat)),
      unique.map((r) => partErr(r.stat, r.err)),
      unique.map((r) => r.at),
    ],
  );
  const hit = new Set(updated.map((u) => keyOf({ carrier: u.carrier, key: u.carrier_key })));
  // the message's trail: its receipt under the msgId its door and its submit were logged with
  if (tracingMessages(log))
    for (const u of updated)
      log.debug({ msgId: u.sn, carrier: u.carrier, carrierKey: u.carrier_key, state: u.state }, 'carrier receipt');
  const at = new Map(unique.map((r) => [keyOf(r), r.at.getTime()]));
  // an intermediate receipt (ENROUTE, ACCEPTD) says nothing yet about how the carrier delivers
  const latencies = updated
    .filter((u) => u.state !== 'pending')
    .map((u) => ({
      carrier: u.carrier,
      delivered: u.state === 'delivered',
      ms: (at.get(keyOf({ carrier: u.carrier, key: u.carrier_key })) ?? 0) - new Date(u.submitted_at).getTime(),
    }));
  const cusIds = await finishRecords(q, owed, now, [...new Set(updated.map((u) => u.sn))]);
  return { matched: items.map((r) => hit.has(keyOf(r))), finished: { cusIds, latencies } };
}

/** Records among `sns` whose parts all have their final state move to it: those still leased in carrier_queue (a
 * record the dispatcher holds, its deadline come, is left to it: it reads the same parts). */
async function finishRecords(q: Queryable, owed: OwedReceipts, now: Date, sns: string[]): Promise<string[]> {
  if (sns.length === 0) return [];
  // the pending parts counted per record (an index lookup each): an anti join would read every pending part
  const rows = await q.query<Due & { states: PartState[]; errs: Array<string | null> }>(
    prepared`with gone as (
       delete from carrier_queue where sn in (
         select c.sn from carrier_queue c
          where c.sn = any($1) and (select count(*) from carrier_parts p where p.sn = c.sn and p.state = 'pending') = 0
          for update of c skip locked)
       returning sn)
     select m.sn, m.prod_type, m.cus_id, m.batch_id, m.mobile, m.content, m.mt_status, m.receive_time, m.country_code, m.country_name,
            m.secret, p.states, p.errs
       from gone g join mt_records m on m.sn = g.sn
       cross join lateral (select array_agg(state order by part) as states, array_agg(err order by part) as errs
                             from carrier_parts where sn = m.sn) p`,
    [sns],
  );
  if (rows.length === 0) return [];
  const reports = new Map<string, CarrierReport>(
    rows.map((r) => [r.sn, finalReport(recordStatusOf(r.states) ?? 600, r.errs)]),
  );
  const moved = await applyMoves(q, owed, now, rows, reports, now);
  return moved.cusIds;
}
