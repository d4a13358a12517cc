import type { AppContext } from '../context';
import type { Queryable } from '../db/db';
import { groupWriter } from '../db/group-commit';
import { withRetry } from '../db/retry';
import type { CarrierReport } from '../messaging/carrier';
import { applyMoves, type Due } from '../messaging/dispatch';
import { notifyAll } from '../messaging/notify';
import { STATUS } from '../smpp/command-status';
import { TLV, tlvInt, type ShortMessagePdu } from '../smpp/pdu-types';
import type { CarrierPlane } from './carrier-plane';
import { finalReport, partErr } from './carrier-reports';
import { storeCarrierReplies, type CarrierMo } from './carrier-replies';
import { partStateOf, recordStatusOf, type PartState } from './part-states';
import { readCarrierReceipt } from './receipt-match';

// What carriers deliver: receipts and replies. Each is written before its deliver_sm_resp, in groups (one transaction
// for what arrived together), so an answered deliver_sm is never lost and a burst of receipts costs a few
// transactions. A receipt finds its part by (carrier, key); the record's final state is written when every part has
// its final receipt. A receipt whose part is not keyed yet (it came before the submit's answer was written, or to
// another instance) is kept in carrier_receipts and applied by the sweep.

interface Receipt {
  carrier: string;
  key: string;
  stat: string;
  err: string | null;
  at: Date;
}

/** message_state TLV values as receipt stat words, for receipts that carry no text. */
const STATE_WORDS: Record<number, string> = { 2: 'DELIVRD', 3: 'EXPIRED', 4: 'DELETED', 5: 'UNDELIV', 6: 'ACCEPTD', 7: 'UNKNOWN', 8: 'REJECTD' };
/** A stored receipt no part has claimed after this long is dropped (an id the platform never had). */
const UNMATCHED_KEEP_MS = 3600_000;
const SWEEP_PAGE = 500;

export interface CarrierDeliveries {
  /** The deliver_sm handler of every link: answers the deliver_sm_resp status once the PDU is stored. */
  onDeliver(carrier: string, pdu: ShortMessagePdu): Promise<number>;
  /** Applies stored receipts whose parts are now keyed, SWEEP_PAGE at a time from where the last call stopped (so
   * receipts that still match nothing never hide newer ones); answers whether there are more to read now. */
  sweep(): Promise<boolean>;
}

export function carrierDeliveries(ctx: AppContext, plane: () => CarrierPlane | null, wakeSweep: () => void): CarrierDeliveries {
  const tell = (finished: { cusIds: string[]; latencies: Array<{ carrier: string; ms: number }> }) => {
    for (const l of finished.latencies) plane()?.noteReceipt(l.carrier, l.ms);
    if (finished.cusIds.length > 0)
      notifyAll(ctx.db, ['mtRecord', 'batch', 'statistics'], finished.cusIds).catch((err) => ctx.log.warn({ err }, 'record notice not sent'));
  };
  // receipts come in bursts as their messages went: a 20 ms commit delay gathers them into fewer, larger groups, each
  // finishing its records with one pass over the statistics and batches (up to 1,000: a short hold on the database)
  const receipts = groupWriter<Receipt, void>(
    async (items) => {
      const { finished, unmatched } = await withRetry(() => ctx.db.tx((q) => takeReceipts(q, ctx.now(), items)));
      tell(finished);
      if (unmatched > 0) wakeSweep();
      return items.map(() => undefined);
    },
    1000,
    20,
  );
  let sweptTo = '0';
  const replies = groupWriter<CarrierMo, void>(async (items) => {
    const cusIds = await withRetry(() => ctx.db.tx((q) => storeCarrierReplies(q, ctx.now(), items)));
    if (cusIds.length > 0) await notifyAll(ctx.db, ['moRecord'], cusIds);
    return items.map(() => undefined);
  }, 200);
  return {
    async onDeliver(carrier, pdu) {
      const link = plane()?.links.get(carrier);
      if (!link) return STATUS.RX_T_APPN;
      const receipt = readCarrierReceipt(pdu, link.config.receiptIds);
      try {
        if ((pdu.esmClass & 0x3c) === 0x04) {
          const stat = receipt?.parsed?.stat ?? STATE_WORDS[tlvInt(pdu, TLV.message_state) ?? 0] ?? 'UNKNOWN';
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
      const n = await withRetry(() =>
        ctx.db.tx(async (q) => {
          const stored = await q.query<{ id: string; carrier: string; carrier_key: string; stat: string; err: string | null; received_at: Date }>(
            'select id, carrier, carrier_key, stat, err, received_at from carrier_receipts where id > $1 order by id limit $2 for update skip locked',
            [sweptTo, SWEEP_PAGE],
          );
          if (stored.length === 0) return null;
          const items = stored.map((r) => ({ carrier: r.carrier, key: r.carrier_key, stat: r.stat, err: r.err, at: new Date(r.received_at) }));
          const result = await applyReceipts(q, ctx.now(), items);
          // a stored receipt whose part has its final state already (a repeat) is done with too
          const repeats = await finalParts(
            q,
            items.filter((_, i) => !result.matched[i]),
          );
          const old = ctx.now().getTime() - UNMATCHED_KEEP_MS;
          const done = stored.filter((r, i) => result.matched[i] || repeats.has(keyOf(items[i])) || new Date(r.received_at).getTime() < old).map((r) => r.id);
          await q.query('delete from carrier_receipts where id = any($1::bigint[])', [done]);
          return { result, count: stored.length, lastId: stored[stored.length - 1].id };
        }),
      );
      // a page that was not full ends a pass: the next call starts again from the oldest
      sweptTo = n && n.count === SWEEP_PAGE ? n.lastId : '0';
      if (!n) return false;
      tell(n.result.finished);
      return n.count === SWEEP_PAGE;
    },
  };
}

const keyOf = (r: { carrier: string; key: string }) => `${r.carrier}\n${r.key}`;

/** Receipts as they arrive: applied, and those whose part is not keyed yet kept for the sweep. */
async function takeReceipts(q: Queryable, now: Date, items: Receipt[]) {
  const { matched, finished } = await applyReceipts(q, now, items);
  const waiting = items.filter((_, i) => !matched[i]);
  if (waiting.length > 0)
    await q.query(
      `insert into carrier_receipts (carrier, carrier_key, stat, err, received_at)
       select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::timestamptz[])`,
      [waiting.map((r) => r.carrier), waiting.map((r) => r.key), waiting.map((r) => r.stat), waiting.map((r) => r.err), waiting.map((r) => r.at)],
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
async function applyReceipts(q: Queryable, now: Date, items: Receipt[]) {
  // one receipt per part: a carrier that sends the same receipt twice in a burst is answered for both
  const byKey = new Map<string, number>();
  items.forEach((r, i) => byKey.set(keyOf(r), i));
  const unique = [...byKey.values()].map((i) => items[i]);
  // the keys as well as the pairs: the arrays let the planner look each up in carrier_parts_key, where a join alone
  // against the unnested pairs would read the whole table
  const updated = await q.query<{ sn: string; carrier: string; carrier_key: string; submitted_at: Date }>(
    `update carrier_parts p set state = d.state, err = d.err, done_at = d.at
       from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::timestamptz[]) as d(carrier, key, state, err, at)
      where p.carrier = any($1) and p.carrier_key = any($2) and p.carrier = d.carrier and p.carrier_key = d.key and p.state = 'pending'
      returning p.sn, p.carrier, p.carrier_key, p.submitted_at`,
    [
      unique.map((r) => r.carrier),
      unique.map((r) => r.key),
      unique.map((r) => partStateOf(r.stat)),
      unique.map((r) => partErr(r.stat, r.err)),
      unique.map((r) => r.at),
    ],
  );
  const hit = new Set(updated.map((u) => keyOf({ carrier: u.carrier, key: u.carrier_key })));
  const at = new Map(unique.map((r) => [keyOf(r), r.at.getTime()]));
  const latencies = updated.map((u) => ({
    carrier: u.carrier,
    ms: (at.get(keyOf({ carrier: u.carrier, key: u.carrier_key })) ?? 0) - new Date(u.submitted_at).getTime(),
  }));
  const cusIds = await finishRecords(q, now, [...new Set(updated.map((u) => u.sn))]);
  return { matched: items.map((r) => hit.has(keyOf(r))), finished: { cusIds, latencies } };
}

/** Records among `sns` whose parts all have their final state move to it: those still leased in carrier_queue (a
 * record the dispatcher holds, its deadline come, is left to it: it reads the same parts). */
async function finishRecords(q: Queryable, now: Date, sns: string[]): Promise<string[]> {
  if (sns.length === 0) return [];
  // the pending parts counted per record (an index lookup each): an anti join would read every pending part
  const rows = await q.query<Due & { states: PartState[]; errs: Array<string | null> }>(
    `with gone as (
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
  const reports = new Map<string, CarrierReport>(rows.map((r) => [r.sn, finalReport(recordStatusOf(r.states) ?? 600, r.errs)]));
  const moved = await applyMoves(q, now, rows, reports, [], now);
  return moved.cusIds;
}
