import { statusHex } from '../smpp-wire/command-status';
import type { AppContext } from '../core/context';
import type { OwedReceipts } from '../core/owed-receipts';
import { prepared, type Queryable } from '../db/db';
import { withRetry } from '../db/retry';
import type { CarrierReport } from '../messaging/carrier';
import { applyMoves, type Due } from '../messaging/dispatch';
import { notifyAll } from '../feed/change-notices';
import type { SubmitFields } from './esme-session';
import type { CarrierLink } from './carrier-link';
import type { CarrierPlane } from './carrier-plane';
import { carrierIdKey } from './receipt-match';
import { THROTTLES, isTemporary } from './part-states';
import { unansweredReport, refusedReport, unsendableReport } from './carrier-reports';
import { tracingMessages } from '../metrics/message-trail';
import { costRecords, type Costed } from './carrier-cost';
import { hasOtherCarrier, pickCarrier, recordAttempts, rerouteNow, type Attempt } from './reroute';
import { claimDue, dropQueued, lease, partsOfLeased, requeue, backOff } from './carrier-queue';
import { decideRound, unsendable, type Claimed, type PartAnswer, type RoundRoutes, type Send } from './round-decision';

// The dispatcher when messages go to carriers over SMPP. A round claims due records from carrier_queue (FOR UPDATE
// SKIP LOCKED, so instances sharing PostgreSQL never take the same one), routes each, and leases its queue row until
// the receipt deadline, in one short transaction that leaves mt_records unwritten; then submits outside any transaction
// (the network never holds the database); then writes what the carriers answered as the record's parts. A record found
// leased at its deadline with no parts was being sent by an instance that stopped: it ends unknown, never sent twice.
// What becomes of each claimed record is decided by round-decision.ts from the rows, routes and time alone; the queue's
// rows are read and written by carrier-queue.ts.

/** Records per round: a round's two transactions each touch every record once, and fewer, larger ones cost less. */
export const CARRIER_ROUND = 500;
const REQUEUE_MS = 1000;
/** The longest a message refused for a temporary reason other than a throttle waits before it is tried again: the
 * wait starts at REQUEUE_MS and doubles each time. */
export const RETRY_MAX_MS = 60_000;
/** A later part of a long message the carrier could not take right now is tried again this often before giving up. */
const PART_TRIES = 5;

type Log = Pick<AppContext['log'], 'warn'>;

let ref = 0;

/** Queues the records waiting for a carrier that are not queued yet: those stored while messages stayed in process,
 * or written around the send path (the demo seed). */
export async function adoptPendingRecords(q: Queryable): Promise<void> {
  await q.query(
    `insert into carrier_queue (sn, due_at)
     select m.sn, m.next_at from mt_records m
      where m.next_at is not null and m.mt_status in (100, 500) and not exists (select 1 from carrier_parts p where p.sn = m.sn)
     on conflict (sn) do nothing`,
  );
}

/** A round's claimed records: those ended at once are written; those to send are on their way to the carriers. */
export interface ClaimedRound {
  count: number;
  sends: Send[];
}

/** A round's first step, in one short transaction: claims due records, ends those that cannot be sent, and marks the
 * rest as being sent. Null when nothing is due. */
/** When the next queued message is due to be sent, or its receipt deadline ends (null: none is queued). */
export async function nextCarrierSendAt(q: Queryable): Promise<Date | null> {
  return (await q.query<{ at: Date | null }>('select min(due_at) as at from carrier_queue'))[0]?.at ?? null;
}

export async function claimRound(
  ctx: AppContext,
  plane: CarrierPlane,
  limit = CARRIER_ROUND,
): Promise<ClaimedRound | null> {
  const now = ctx.now();
  const claimed = await withRetry(() => ctx.db.explicitTx((q) => claim(q, ctx.receipts, plane, now, limit, ctx.log)));
  if (!claimed) return null;
  if (claimed.cusIds.length > 0) await notifyAll(ctx.db, ['mtRecord', 'batch', 'statistics'], claimed.cusIds);
  return claimed;
}

/** A round's second step: submits the claimed records (no transaction open meanwhile) and writes the answers. */
export async function sendRound(ctx: AppContext, plane: CarrierPlane, round: ClaimedRound): Promise<void> {
  if (round.sends.length === 0) return;
  const given = plane.answers.round();
  let cusIds: string[];
  try {
    // each message within its own boundary: whatever one of them throws, the answers of the others are written
    const answers = await Promise.all(
      round.sends.map((s) =>
        submitParts(plane.links.get(s.carrier)!, s.parts, untilOf(s.row), (id) =>
          given.add(s.carrier, carrierIdKey(id)),
        ).catch((err: unknown) => [unsendable(err)]),
      ),
    );
    answers.forEach((a, k) => {
      const last = a[a.length - 1];
      if (last.kind === 'unsendable')
        ctx.log.warn(
          { msgId: round.sends[k].row.sn, carrier: round.sends[k].carrier, reason: last.reason },
          'carrier message not sendable',
        );
    });
    cusIds = await withRetry(() =>
      ctx.db.explicitTx((q) => writeAnswers(q, ctx.receipts, plane, ctx.now(), round.sends, answers)),
    );
    if (tracingMessages(ctx.log)) logSubmits(ctx.log, round.sends, answers);
  } finally {
    given.written();
  }
  if (cusIds.length > 0) await notifyAll(ctx.db, ['mtRecord', 'batch', 'statistics'], cusIds);
}

/** Each message's submit as the carrier answered it, one debug line under the message's msgId; a receipt comes back
 * under the carrierId logged here. */
function logSubmits(log: Pick<AppContext['log'], 'debug'>, sends: Send[], answers: PartAnswer[][]): void {
  sends.forEach((s, k) => {
    const a = answers[k];
    const last = a[a.length - 1];
    const carrierIds = a.flatMap((x) => (x.kind === 'accepted' ? [x.messageId] : []));
    const status = last.kind === 'refused' ? statusHex(last.status) : undefined;
    log.debug(
      { msgId: s.row.sn, carrier: s.carrier, parts: s.parts.length, answer: last.kind, status, carrierIds },
      'carrier submit',
    );
  });
}

async function claim(q: Queryable, owed: OwedReceipts, plane: CarrierPlane, now: Date, limit: number, log: Log) {
  const rows = await claimDue(q, now, limit);
  if (rows.length === 0) return null;
  // a leased row is due only at its receipt deadline: what its parts' receipts said decides how it ends
  const partsOf = await partsOfLeased(
    q,
    rows.filter((r) => r.leased).map((r) => r.sn),
  );
  const routes: RoundRoutes = {
    routed: (m) => plane.router.routed(m),
    pick: (m, avoid) => pickCarrier(plane, m, avoid),
    config: (carrier) => plane.links.get(carrier)!.config,
  };
  const {
    reports,
    finals,
    timedOut,
    later,
    sends,
    stale,
    unsendable: failed,
  } = decideRound(rows, partsOf, routes, { now, validityS: plane.timing.validityS }, () => ref++ & 0xff);
  for (const f of failed)
    log.warn({ msgId: f.sn, carrier: f.carrier, reason: f.reason }, 'carrier message not sendable');
  if (finals.length > 0) await applyMoves(q, owed, now, finals, reports, now);
  await dropQueued(q, [...finals.map((r) => r.sn), ...stale]);
  if (timedOut.length > 0)
    await q.query(`update carrier_parts set state = 'unknown', done_at = $2 where sn = any($1) and state = 'pending'`, [
      timedOut,
      now,
    ]);
  await requeue(q, later, new Date(now.getTime() + REQUEUE_MS));
  await lease(
    q,
    sends.map((s) => s.row.sn),
    new Date(now.getTime() + plane.timing.receiptWaitS * 1000),
    plane.instanceId,
  );
  return { count: rows.length, sends, cusIds: [...new Set(finals.map((r) => r.cus_id))] };
}

/** The message's own validity as epoch ms (Infinity for none). */
const untilOf = (row: Claimed) => (row.expires_at === null ? Infinity : new Date(row.expires_at).getTime());

/** A message's parts in order; stops at the first the carrier did not take. A later part the carrier cannot take right
 * now is tried again (the earlier ones are with the carrier: the whole message cannot go back to the queue). Its first
 * part is not sent once the validity `until` passed while it waited on the link: it goes back to the queue, whose next
 * round ends it expired; once a part went, the rest follow, so the carrier never holds half a message. */
async function submitParts(
  link: CarrierLink,
  parts: SubmitFields[],
  until: number,
  accepted: (messageId: string) => void,
): Promise<PartAnswer[]> {
  const answers: PartAnswer[] = [];
  for (let i = 0; i < parts.length; i++) {
    let answer: PartAnswer;
    try {
      answer = await link.submit(parts[i], i === 0 ? until : Infinity);
      for (
        let tries = 1;
        i > 0 &&
        tries < PART_TRIES &&
        (answer.kind === 'unsent' || (answer.kind === 'refused' && isTemporary(answer.status)));
        tries++
      ) {
        await new Promise((r) => setTimeout(r, 200 * tries));
        answer = await link.submit(parts[i]);
      }
    } catch (err) {
      // the parts before it are with the carrier: their answers are kept, and the message ends at this part
      answer = unsendable(err);
    }
    answers.push(answer);
    if (answer.kind !== 'accepted') break;
    accepted(answer.messageId);
  }
  return answers;
}

async function writeAnswers(
  q: Queryable,
  owed: OwedReceipts,
  plane: CarrierPlane,
  now: Date,
  sends: Send[],
  answers: PartAnswer[][],
): Promise<string[]> {
  const parts: Array<{
    sn: string;
    part: number;
    carrier: string;
    id: string | null;
    key: string | null;
    state: string;
    err: string | null;
  }> = [];
  const again: string[] = [];
  const waits: string[] = [];
  const reroute: Array<{ sn: string; carrier: string }> = [];
  const attempts: Attempt[] = [];
  const reports = new Map<string, CarrierReport>();
  const moved: Due[] = [];
  const costed: Costed[] = [];
  sends.forEach((s, k) => {
    const a = answers[k];
    const last = a[a.length - 1];
    const attempt = { sn: s.row.sn, attempt: Number(s.row.tries) + 1, carrier: s.carrier };
    if (a.length === 1 && (last.kind === 'unsent' || (last.kind === 'refused' && isTemporary(last.status)))) {
      // a throttle is the link's to pace (it pauses): the message goes again at the normal pace. Any other temporary
      // refusal (a generic_nack, a system error) goes to another carrier of the route at once if one is up, else
      // waits longer each time, since it says nothing about when this carrier will take it
      if (last.kind !== 'refused' || THROTTLES.has(last.status)) again.push(s.row.sn);
      else {
        attempts.push({ ...attempt, answer: statusHex(last.status) });
        if (hasOtherCarrier(plane, s.routable, [...s.row.avoid, s.carrier]))
          reroute.push({ sn: s.row.sn, carrier: s.carrier });
        else waits.push(s.row.sn);
      }
      return;
    }
    // the attempt that ends a message others came before: its detail lists them all
    if (s.row.tries > 0)
      attempts.push({ ...attempt, answer: last.kind === 'refused' ? statusHex(last.status) : last.kind });
    a.forEach((ans, part) => {
      if (ans.kind === 'accepted')
        parts.push({
          sn: s.row.sn,
          part,
          carrier: s.carrier,
          id: ans.messageId,
          key: carrierIdKey(ans.messageId),
          state: 'pending',
          err: null,
        });
    });
    // the carrier took it (the whole, or the parts before one it refused): it is charged for what it took
    const taken = a.filter((x) => x.kind === 'accepted').length;
    if (taken > 0) {
      const segments = taken === s.parts.length ? Number(s.row.segments) : Math.min(taken, Number(s.row.segments));
      costed.push({
        sn: s.row.sn,
        carrier: s.carrier,
        destination: s.routable.mobile,
        country: s.routable.country,
        segments,
      });
    }
    if (a.length === s.parts.length && last.kind === 'accepted') {
      // 500 records were counted as sent when stored; a released review record is counted now
      if (s.row.mt_status === 100) moved.push(s.row);
      return;
    }
    const report =
      last.kind === 'refused'
        ? refusedReport(s.carrier, last.status)
        : last.kind === 'unsendable'
          ? unsendableReport(s.carrier, last.tooLong, last.reason)
          : unansweredReport(s.carrier);
    reports.set(s.row.sn, report);
    moved.push(s.row);
    parts.push({
      sn: s.row.sn,
      part: a.length - 1,
      carrier: s.carrier,
      id: null,
      key: null,
      state: last.kind === 'refused' || last.kind === 'unsendable' ? 'failed' : 'unknown',
      err: report.report_result,
    });
  });
  if (parts.length > 0)
    await q.query(
      prepared`insert into carrier_parts (sn, part, carrier, carrier_id, carrier_key, state, err, submitted_at, done_at)
       select t.sn, t.part, t.carrier, t.id, t.key, t.state, t.err, $8::timestamptz, case when t.state = 'pending' then null else $8::timestamptz end
         from unnest($1::text[], $2::smallint[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[]) as t(sn, part, carrier, id, key, state, err)
       on conflict (sn, part) do nothing`,
      [
        parts.map((x) => x.sn),
        parts.map((x) => x.part),
        parts.map((x) => x.carrier),
        parts.map((x) => x.id),
        parts.map((x) => x.key),
        parts.map((x) => x.state),
        parts.map((x) => x.err),
        now,
      ],
    );
  await requeue(q, again, new Date(now.getTime() + REQUEUE_MS), true);
  await backOff(q, waits, now, REQUEUE_MS / 1000, RETRY_MAX_MS / 1000);
  await costRecords(q, now, costed);
  await rerouteNow(q, now, reroute);
  await recordAttempts(q, now, attempts);
  if (moved.length > 0)
    await applyMoves(q, owed, now, moved, reports, new Date(now.getTime() + plane.timing.receiptWaitS * 1000));
  await dropQueued(q, [...reports.keys()]);
  return [...new Set(moved.map((r) => r.cus_id))];
}
