import type { AppContext } from '../context';
import { TLV, cStringTlv, intTlv, shortMessagePdu } from './pdu-types';
import { buildReceiptText, messageStateOf, type ReceiptStat } from './receipt-text';
import { encodeText } from './sms-text';
import type { SmppServer } from './smpp-server';
import type { DeliverPdu } from './server-types';

// Receipts and replies wait in smpp_outbox until a receiver or transceiver bind of their account, on any instance, took them.
// An instance claims due rows of the accounts it holds binds for, pushes them back while it delivers (so no other
// instance sends them twice), and deletes each row once the client answered every receipt in it.

/** Rows one claim takes: a round claims again at once while claims come back full. */
export const CLAIM_LIMIT = 200;
/** How long a claimed row is left to this instance before another may try it. */
const CLAIM_MS = 60_000;

/** A receipt or reply waiting for a bind, as claimed from smpp_outbox (the simulator carrier builds the same). */
export interface OutboxRow {
  id: string;
  kind: 'receipt' | 'mo';
  cus_id: string;
  message_ids: string[];
  mobile: string;
  client_addr: string;
  text: string;
  stat: string;
  err: string;
  submit_date: Date;
  done_date: Date;
}

/** The receipt deliver_sm for one part id (text of Appendix B, receipted_message_id and message_state). */
export function receiptPdu(row: OutboxRow, messageId: string): DeliverPdu {
  const text = buildReceiptText({
    id: messageId,
    submitted: 1,
    delivered: row.stat === 'DELIVRD' ? 1 : 0,
    submitDate: new Date(row.submit_date),
    doneDate: new Date(row.done_date),
    stat: row.stat as ReceiptStat,
    err: Number(row.err),
    text: row.text.replace(/[^\x20-\x7e]/g, '?'),
  });
  return deliverPdu(row, {
    esmClass: 0x04,
    dataCoding: 0,
    shortMessage: Buffer.from(text, 'latin1'),
    tlvs: [cStringTlv(TLV.receipted_message_id, messageId), intTlv(TLV.message_state, messageStateOf(row.stat), 1)],
  });
}

/** A deliver_sm from the row's phone to the client's address; the session numbers and sends it. */
function deliverPdu(row: OutboxRow, fields: Pick<DeliverPdu, 'esmClass' | 'dataCoding' | 'shortMessage' | 'tlvs'>): DeliverPdu {
  const {
    command: _c,
    sequenceNumber: _s,
    commandStatus: _st,
    ...pdu
  } = shortMessagePdu('deliver_sm', { sourceAddr: row.mobile, destinationAddr: row.client_addr, ...fields });
  return pdu;
}

/** The octets a reply may take in short_message before it goes in message_payload instead: one segment's worth, so a
 * client that reads only short_message still gets every short reply whole. */
const SHORT_MESSAGE_OCTETS = { 0: 160, 8: 140 } as Record<number, number>;

/** A reply (MO) as deliver_sm: from the phone to the client's address, GSM-7 when it can be, else UCS-2. */
export function replyPdu(row: OutboxRow): DeliverPdu {
  const { dataCoding, body } = encodeText(row.text);
  const whole = body.length <= (SHORT_MESSAGE_OCTETS[dataCoding] ?? 140);
  return deliverPdu(row, {
    esmClass: 0x00,
    dataCoding,
    shortMessage: whole ? body : Buffer.alloc(0),
    tlvs: whole ? [] : [{ tag: TLV.message_payload, value: body }],
  });
}

/** Drops receipts older than the retention, then delivers the due ones of the accounts bound here to receive; answers
 * how many rows it claimed (CLAIM_LIMIT: there may be more). */
export async function deliverDueReceipts(ctx: AppContext, server: SmppServer): Promise<number> {
  const now = ctx.now();
  const receiving = [
    ...new Set(
      server
        .listSessions()
        .filter((s) => s.state === 'bound' && s.accountId && s.bindType !== 'transmitter')
        .map((s) => s.accountId!),
    ),
  ];
  await ctx.db.query('delete from smpp_outbox where created_at < $1', [new Date(now.getTime() - ctx.config.smppReceiptRetentionH * 3_600_000)]);
  if (receiving.length === 0) return 0;
  const rows = await ctx.db.tx((q) =>
    q.query<OutboxRow>(
      `update smpp_outbox o set next_at = $3, attempts = o.attempts + 1
         from (select id from smpp_outbox where cus_id = any($1) and next_at <= $2 order by id limit $4 for update skip locked) c
        where o.id = c.id
        returning o.id, o.kind, o.cus_id, o.message_ids, o.mobile, o.client_addr, o.text, o.stat, o.err, o.submit_date, o.done_date`,
      [receiving, now, new Date(now.getTime() + CLAIM_MS), CLAIM_LIMIT],
    ),
  );
  const done: string[] = [];
  await Promise.all(
    rows.map(async (row) => {
      const left: string[] = [];
      for (const id of row.message_ids) {
        const outcome = await server.deliverToAccount(row.cus_id, row.kind === 'mo' ? replyPdu(row) : receiptPdu(row, id));
        if (!outcome.ok) left.push(id);
      }
      if (left.length === 0) done.push(row.id);
      else await ctx.db.query('update smpp_outbox set message_ids = $2, next_at = $3 where id = $1', [row.id, left, new Date(ctx.now().getTime() + 1000)]);
    }),
  );
  if (done.length > 0) await ctx.db.query('delete from smpp_outbox where id = any($1::bigint[])', [done]);
  return rows.length;
}
