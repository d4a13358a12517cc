import type { IntegratorSendAnswer } from '../../contract/endpoints/integrator.endpoints';
import { prepared, type Queryable } from '../db/db';

// The SQL of the messages the integrator API sends: which record each number became, the caller's reference beside
// it, and the per-number answer of a send made with an Idempotency-Key.

export interface StoredRecord {
  sn: string;
  mobile: string;
  segments: number;
  /** yuan */
  fee: number;
}

/** Every record of a batch just written, in its charging transaction: a large batch keeps every number in its
 * batch_inserts row (sn = batch id + 6-digit number from 1) while only its first chunk is in mt_records yet. */
export async function recordsOfBatch(q: Queryable, batchId: string): Promise<StoredRecord[]> {
  const [kept] = await q.query<{ mobiles: string[]; segments: number[]; price_units: Array<string | number> }>(
    prepared`select mobiles, segments, price_units from batch_inserts where batch_id = $1`,
    [batchId],
  );
  if (kept && kept.mobiles.length > 0)
    return kept.mobiles.map((mobile, i) => ({
      sn: `${batchId}${String(i + 1).padStart(6, '0')}`,
      mobile,
      segments: Number(kept.segments[i]),
      fee: Number(kept.price_units[i]) / 10_000,
    }));
  const rows = await q.query<{ sn: string; mobile: string; segments: number; price: string }>(
    prepared`select sn, mobile, segments, price from mt_records where batch_id = $1 order by sn`,
    [batchId],
  );
  return rows.map((r) => ({ sn: r.sn, mobile: r.mobile, segments: Number(r.segments), fee: Number(r.price) }));
}

export async function insertHttpMessages(
  q: Queryable,
  m: { cusId: string; batchId: string; sns: string[]; clientRef: string | null; sender: string | null; at: Date },
): Promise<void> {
  if (m.sns.length === 0) return;
  await q.query(
    prepared`insert into http_messages (message_id, cus_id, batch_id, client_ref, sender, submitted_at)
     select t.sn, $2, $3, $4, $5, $6 from unnest($1::text[]) as t(sn)`,
    [m.sns, m.cusId, m.batchId, m.clientRef, m.sender, m.at],
  );
}

export async function storedSendAnswer(
  q: Queryable,
  cusId: string,
  key: string,
): Promise<{ requestHash: string; answer: IntegratorSendAnswer } | null> {
  const [row] = await q.query<{ request_hash: string; answer: IntegratorSendAnswer }>(
    'select request_hash, answer from http_send_answers where cus_id = $1 and idem_key = $2',
    [cusId, key],
  );
  return row ? { requestHash: row.request_hash, answer: row.answer } : null;
}

export async function storeSendAnswer(
  q: Queryable,
  cusId: string,
  key: string,
  requestHash: string,
  answer: IntegratorSendAnswer,
): Promise<void> {
  await q.query('insert into http_send_answers (cus_id, idem_key, request_hash, answer) values ($1, $2, $3, $4)', [
    cusId,
    key,
    requestHash,
    JSON.stringify(answer),
  ]);
}
