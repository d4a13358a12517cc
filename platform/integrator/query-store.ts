import type { z } from 'zod';
import type { messageSchema, replySchema } from '../../contract/endpoints/integrator.endpoints';
import { sendStatus } from '../../contract/states';
import { safeChangeSeq } from '../db/change-seq';
import type { Queryable } from '../db/db';

// The SQL of the integrator API's queries. Every one is scoped to the calling account: another account's message
// is simply not found.

type Message = z.infer<typeof messageSchema>;
type Reply = z.infer<typeof replySchema>;

interface MessageRow {
  message_id: string;
  mobile: string;
  mt_status: number;
  table_name: string;
  report_result: string | null;
  report_result_desc: string | null;
  submitted_at: Date;
  updated_at: Date;
  segments: number;
  price: string;
  sender: string | null;
  client_ref: string | null;
}

// `sent` is the neutral code of the console's withheld answers, never stored, so the stored rows read here never carry it
const STATE = {
  pendingReview: 'review',
  waiting: 'sending',
  sent: 'sending',
  success: 'delivered',
  failure: 'failed',
  timeout: 'timeout',
} as const;

function messageOf(r: MessageRow): Message {
  const state =
    STATE[
      sendStatus({ mt_status: Number(r.mt_status), table_name: r.table_name, report_result: r.report_result }).kind
    ];
  const final = state !== 'review' && state !== 'sending';
  return {
    messageId: r.message_id,
    number: r.mobile,
    state,
    reportCode: r.report_result,
    reportDesc: r.report_result_desc,
    submittedAt: new Date(r.submitted_at).toISOString(),
    reportedAt: final ? new Date(r.updated_at).toISOString() : null,
    segments: Number(r.segments),
    fee: Number(r.price),
    sender: r.sender,
    clientRef: r.client_ref,
  };
}

const MESSAGE_COLUMNS = `h.message_id, m.mobile, m.mt_status, m.table_name, m.report_result, m.report_result_desc, h.submitted_at, m.updated_at,
       m.segments, m.price, h.sender, h.client_ref
  from http_messages h join mt_records m on m.sn = h.message_id and not m.deleted`;

export async function messageOfAccount(q: Queryable, cusId: string, messageId: string): Promise<Message | null> {
  const [row] = await q.query<MessageRow>(`select ${MESSAGE_COLUMNS} where h.cus_id = $1 and h.message_id = $2`, [
    cusId,
    messageId,
  ]);
  return row ? messageOf(row) : null;
}

export async function messagesOfAccount(
  q: Queryable,
  f: { cusId: string; number: string | null; from: Date; to: Date; page: number; size: number },
): Promise<{ total: number; items: Message[] }> {
  const where =
    'h.cus_id = $1 and h.submitted_at >= $2 and h.submitted_at <= $3 and ($4::text is null or m.mobile = $4)';
  const params = [f.cusId, f.from, f.to, f.number];
  const [count] = await q.query<{ n: string }>(
    `select count(*) as n from http_messages h join mt_records m on m.sn = h.message_id and not m.deleted where ${where}`,
    params,
  );
  const rows = await q.query<MessageRow>(
    `select ${MESSAGE_COLUMNS} where ${where} order by h.submitted_at desc, h.message_id desc limit $5 offset $6`,
    [...params, f.size, (f.page - 1) * f.size],
  );
  return { total: Number(count.n), items: rows.map(messageOf) };
}

/** Replies to the account after a cursor, in change_seq order up to the safe seq, as the console's feed reads them:
 * a reply whose transaction commits after a later one's is never passed over. */
export async function repliesOfAccount(
  q: Queryable,
  cusId: string,
  after: string | null,
  limit: number,
): Promise<{ items: Reply[]; nextCursor: string | null }> {
  const rows = await q.query<{
    sn: string;
    mobile: string;
    content: string;
    src_calling_number: string;
    deliver_time: Date;
    seq: string;
  }>(
    `select sn, mobile, content, src_calling_number, deliver_time, seq::text as seq from mo_records
      where cus_id = $1 and not deleted and seq > $2::bigint and seq <= $4 order by seq limit $3`,
    [cusId, after ?? '0', limit, await safeChangeSeq(q)],
  );
  const items = rows.map((r) => ({
    replyId: r.sn,
    number: r.mobile,
    text: r.content,
    to: r.src_calling_number,
    receivedAt: new Date(r.deliver_time).toISOString(),
  }));
  return { items, nextCursor: rows.length > 0 ? rows[rows.length - 1].seq : after };
}

export async function balanceOfAccount(q: Queryable, cusId: string): Promise<{ balance: number; prepaid: boolean }> {
  const [a] = await q.query<{ balance: string; pay_type: number }>(
    'select balance, pay_type from accounts where cus_id = $1',
    [cusId],
  );
  return { balance: Number(a?.balance ?? 0), prepaid: Number(a?.pay_type ?? 0) === 0 };
}
