import type { AppContext } from '../context';
import type { Queryable } from '../db/db';
import { withRetry } from '../db/retry';
import type { CarrierReport } from '../messaging/carrier';
import { applyMoves, type Due } from '../messaging/dispatch';
import { notifyAll } from '../messaging/notify';
import type { SubmitAnswer, SubmitFields } from './esme-session';
import type { CarrierLink } from './carrier-link';
import type { CarrierPlane } from './carrier-plane';
import { carrierIdKey } from './receipt-match';
import { carrierSubmits } from './outbound-parts';
import { isTemporary, recordStatusOf, type PartState } from './part-states';
import { finalReport, NO_ROUTE, EXPIRED, unansweredReport, refusedReport } from './carrier-reports';

// The dispatcher when messages go to carriers over SMPP. A round claims due records (FOR UPDATE SKIP LOCKED, so
// instances sharing PostgreSQL never take the same one), routes each, writes its parts as 'submitting' and moves its
// due time to the receipt deadline, all in one short transaction; then submits outside any transaction (the network
// never holds the database); then writes what the carriers answered. A record whose instance stopped between the two
// is found with 'submitting' parts at its deadline and ends unknown: it is never sent twice.

/** The sender every message carries: the platform's code and the account's extension, which routes the replies back. */
export const SENDER_PREFIX = '106900';
/** Records per round: a round's two transactions each touch every record once, and fewer, larger ones cost less. */
export const CARRIER_ROUND = 500;
const REQUEUE_MS = 1000;
/** A later part of a long message the carrier could not take right now is tried again this often before giving up. */
const PART_TRIES = 5;

interface Claimed extends Due {
  ext_number: string | null;
  part_states: string[] | null;
  part_errs: Array<string | null> | null;
}

interface Send {
  row: Claimed;
  carrier: string;
  parts: SubmitFields[];
}

/** The number as carriers take it: E.164 digits without '+' (domestic records hold the 11 digits). */
export const e164Digits = (prodType: number, mobile: string) => (mobile.startsWith('+') ? mobile.slice(1) : prodType === 1 ? mobile : `86${mobile}`);

let ref = 0;

/** A round's claimed records: those ended at once are written; those to send are on their way to the carriers. */
export interface ClaimedRound {
  count: number;
  sends: Send[];
}

/** A round's first step, in one short transaction: claims due records, ends those that cannot be sent, and marks the
 * rest as being sent. Null when nothing is due. */
export async function claimRound(ctx: AppContext, plane: CarrierPlane, limit = CARRIER_ROUND): Promise<ClaimedRound | null> {
  const now = ctx.now();
  const claimed = await withRetry(() => ctx.db.tx((q) => claim(q, plane, now, limit)));
  if (!claimed) return null;
  if (claimed.cusIds.length > 0) await notifyAll(ctx.db, ['mtRecord', 'batch', 'statistics'], claimed.cusIds);
  return claimed;
}

/** A round's second step: submits the claimed records (no transaction open meanwhile) and writes the answers. */
export async function sendRound(ctx: AppContext, plane: CarrierPlane, round: ClaimedRound): Promise<void> {
  if (round.sends.length === 0) return;
  const answers = await Promise.all(round.sends.map((s) => submitParts(plane.links.get(s.carrier)!, s.parts)));
  const cusIds = await withRetry(() => ctx.db.tx((q) => writeAnswers(q, plane, ctx.now(), round.sends, answers)));
  if (cusIds.length > 0) await notifyAll(ctx.db, ['mtRecord', 'batch', 'statistics'], cusIds);
}

async function claim(q: Queryable, plane: CarrierPlane, now: Date, limit: number) {
  const rows = await q.query<Claimed>(
    `select m.sn, m.prod_type, m.cus_id, m.batch_id, m.mobile, m.content, m.mt_status, m.receive_time, m.country_code, m.country_name,
            m.secret, a.ext_number, p.states as part_states, p.errs as part_errs
       from mt_records m join accounts a on a.cus_id = m.cus_id
       left join lateral (select array_agg(state order by part) as states, array_agg(err order by part) as errs
                            from carrier_parts where sn = m.sn) p on true
      where m.next_at <= $1 order by m.next_at limit $2 for update of m skip locked`,
    [now, limit],
  );
  if (rows.length === 0) return null;
  const reports = new Map<string, CarrierReport>();
  const finals: Claimed[] = [];
  const timedOut: string[] = [];
  const later: string[] = [];
  const sends: Send[] = [];
  const validUntil = now.getTime() - plane.file.validityS * 1000;
  for (const r of rows) {
    if (r.part_states) {
      // its receipt deadline passed (or its instance stopped mid-send): what the parts' receipts said, else unknown
      const states = r.part_states.map((s) => (s === 'pending' || s === 'submitting' ? 'unknown' : s) as PartState);
      reports.set(r.sn, finalReport(recordStatusOf(states) ?? 600, r.part_errs ?? []));
      finals.push(r);
      timedOut.push(r.sn);
      continue;
    }
    if (new Date(r.receive_time).getTime() < validUntil) {
      reports.set(r.sn, EXPIRED);
      finals.push(r);
      continue;
    }
    const routable = { mobile: e164Digits(r.prod_type, r.mobile), country: r.country_code, prodType: r.prod_type, cusId: r.cus_id, sender: null };
    if (!plane.router.routed(routable)) {
      reports.set(r.sn, NO_ROUTE);
      finals.push(r);
      continue;
    }
    const carrier = plane.router.carrierFor(routable, (c) => plane.links.get(c)?.healthy ?? false);
    if (carrier === null) {
      later.push(r.sn);
      continue;
    }
    const outbound = { sourceAddr: SENDER_PREFIX + (r.ext_number ?? ''), destinationAddr: routable.mobile, text: r.secret ?? r.content, ref: ref++ & 0xff };
    sends.push({ row: r, carrier, parts: carrierSubmits(outbound, plane.links.get(carrier)!.config) });
  }
  if (finals.length > 0) await applyMoves(q, now, finals, reports, [], now);
  if (timedOut.length > 0)
    await q.query(`update carrier_parts set state = 'unknown', done_at = $2 where sn = any($1) and state in ('pending', 'submitting')`, [timedOut, now]);
  if (later.length > 0) await q.query('update mt_records set next_at = $2 where sn = any($1)', [later, new Date(now.getTime() + REQUEUE_MS)]);
  if (sends.length > 0) {
    const parts = sends.flatMap((s) => s.parts.map((_, i) => ({ sn: s.row.sn, part: i, carrier: s.carrier })));
    await q.query(
      `insert into carrier_parts (sn, part, carrier, state, submitted_at)
       select sn, part, carrier, 'submitting', $4 from unnest($1::text[], $2::smallint[], $3::text[]) as t(sn, part, carrier)`,
      [parts.map((p) => p.sn), parts.map((p) => p.part), parts.map((p) => p.carrier), now],
    );
    await q.query('update mt_records set next_at = $2 where sn = any($1)', [
      sends.map((s) => s.row.sn),
      new Date(now.getTime() + plane.file.receiptWaitS * 1000),
    ]);
  }
  return { count: rows.length, sends, cusIds: [...new Set(finals.map((r) => r.cus_id))] };
}

/** A message's parts in order; stops at the first the carrier did not take. A later part the carrier cannot take right
 * now is tried again (the earlier ones are with the carrier: the whole message cannot go back to the queue). */
async function submitParts(link: CarrierLink, parts: SubmitFields[]): Promise<SubmitAnswer[]> {
  const answers: SubmitAnswer[] = [];
  for (let i = 0; i < parts.length; i++) {
    let answer = await link.submit(parts[i]);
    for (let tries = 1; i > 0 && tries < PART_TRIES && (answer.kind === 'unsent' || (answer.kind === 'refused' && isTemporary(answer.status))); tries++) {
      await new Promise((r) => setTimeout(r, 200 * tries));
      answer = await link.submit(parts[i]);
    }
    answers.push(answer);
    if (answer.kind !== 'accepted') break;
  }
  return answers;
}

async function writeAnswers(q: Queryable, plane: CarrierPlane, now: Date, sends: Send[], answers: SubmitAnswer[][]): Promise<string[]> {
  const keyed: Array<{ sn: string; part: number; id: string; key: string }> = [];
  const ended: Array<{ sn: string; part: number; state: string; err: string }> = [];
  const requeue: string[] = [];
  const reports = new Map<string, CarrierReport>();
  const moved: Due[] = [];
  sends.forEach((s, k) => {
    const a = answers[k];
    a.forEach((ans, part) => {
      if (ans.kind === 'accepted') keyed.push({ sn: s.row.sn, part, id: ans.messageId, key: carrierIdKey(ans.messageId) });
    });
    const last = a[a.length - 1];
    if (a.length === s.parts.length && last.kind === 'accepted') {
      // 500 records were counted as sent when stored; a released review record is counted now
      if (s.row.mt_status === 100) moved.push(s.row);
      return;
    }
    const first = a.length === 1;
    if (first && (last.kind === 'unsent' || (last.kind === 'refused' && isTemporary(last.status)))) {
      requeue.push(s.row.sn);
      return;
    }
    const report = last.kind === 'refused' ? refusedReport(s.carrier, last.status) : unansweredReport(s.carrier);
    reports.set(s.row.sn, report);
    moved.push(s.row);
    ended.push({ sn: s.row.sn, part: a.length - 1, state: last.kind === 'refused' ? 'failed' : 'unknown', err: report.report_result ?? '' });
  });
  if (keyed.length > 0)
    await q.query(
      `update carrier_parts p set carrier_id = d.id, carrier_key = d.key, state = 'pending'
         from unnest($1::text[], $2::smallint[], $3::text[], $4::text[]) as d(sn, part, id, key) where p.sn = d.sn and p.part = d.part`,
      [keyed.map((x) => x.sn), keyed.map((x) => x.part), keyed.map((x) => x.id), keyed.map((x) => x.key)],
    );
  if (ended.length > 0) {
    await q.query(
      `update carrier_parts p set state = d.state, err = d.err, done_at = $5
         from unnest($1::text[], $2::smallint[], $3::text[], $4::text[]) as d(sn, part, state, err) where p.sn = d.sn and p.part = d.part`,
      [ended.map((x) => x.sn), ended.map((x) => x.part), ended.map((x) => x.state), ended.map((x) => x.err), now],
    );
    // the parts after the one that ended were never sent
    await q.query(`delete from carrier_parts where sn = any($1) and state = 'submitting'`, [ended.map((x) => x.sn)]);
  }
  if (requeue.length > 0) {
    await q.query('delete from carrier_parts where sn = any($1)', [requeue]);
    await q.query('update mt_records set next_at = $2 where sn = any($1)', [requeue, new Date(now.getTime() + REQUEUE_MS)]);
  }
  if (moved.length > 0) await applyMoves(q, now, moved, reports, [], new Date(now.getTime() + plane.file.receiptWaitS * 1000));
  return [...new Set(moved.map((r) => r.cus_id))];
}
