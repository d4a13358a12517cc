import type { AppContext } from '../core/context';
import type { Queryable } from '../db/db';
import { storeReplies, type Reply } from '../messaging/dispatch';
import { TLV, findTlv, type ShortMessagePdu } from '../smpp-wire/pdu-types';
import { decodeText } from '../smpp-wire/sms-text';
import { PLATFORM_SENDER_CODE } from '../../contract/validation/sender.rules';

// A phone's reply through a carrier (a deliver_sm that is not a receipt) becomes an MO record of the account whose
// extension the reply was sent to: messages go out from PLATFORM_SENDER_CODE + the account's extension, so the
// destination of the reply names the account. It is tied to the last message that account sent the number (its batch
// and text). A reply that names no account's extension (one to a message that went out from its sender id, to the
// bare code, or to an address the carrier put there) answers the message the number was last sent through that same
// carrier within REPLY_WINDOW_MS, one sent from the sender id the reply is addressed to first. Past that, it goes to
// the account that last messaged the number through any carrier. A reply no account can own is logged and taken, so
// the carrier does not send it again for ever.

/** How far back a reply without an extension looks for the message it answers on its carrier: a week, long enough
 * for a person to answer; past it, a message sent from a sender id no longer claims the replies addressed to that id
 * over the number's newer messages. */
export const REPLY_WINDOW_MS = 7 * 86_400_000;

export interface CarrierMo {
  carrier: string;
  pdu: ShortMessagePdu;
}

/** The phone number as records hold it: 11 digits for mainland China, else E.164 with '+'. */
export function recordMobile(addr: string): string {
  const d = addr.replace(/^\+/, '');
  if (/^861\d{10}$/.test(d)) return d.slice(2);
  if (/^1\d{10}$/.test(d) && addr.length === 11) return d;
  return `+${d}`;
}

function textOf(pdu: ShortMessagePdu): string {
  const body = pdu.shortMessage.length > 0 ? pdu.shortMessage : (findTlv(pdu, TLV.message_payload) ?? Buffer.alloc(0));
  // a UDH'd part (esm_class bit 6) carries its header first: the text follows it
  const text = (pdu.esmClass & 0x40) !== 0 && body.length > 0 ? body.subarray(body[0] + 1) : body;
  return (decodeText(pdu.dataCoding, text) ?? text.toString('latin1')).slice(0, 1000);
}

/** Stores the replies in the caller's transaction; answers the accounts that got one. */
export async function storeCarrierReplies(
  ctx: AppContext,
  q: Queryable,
  now: Date,
  items: CarrierMo[],
): Promise<string[]> {
  const exts = [
    ...new Set(items.map((m) => extensionOf(m.pdu.destinationAddr)).filter((e): e is string => e !== null && e !== '')),
  ];
  const owners = new Map<string, string>();
  if (exts.length > 0) {
    const rows = await q.query<{ ext_number: string; cus_id: string }>(
      'select distinct on (ext_number) ext_number, cus_id from accounts where ext_number = any($1) order by ext_number, cus_id',
      [exts],
    );
    for (const r of rows) owners.set(r.ext_number, r.cus_id);
  }
  const asked = items.map((m) => {
    const mobile = recordMobile(m.pdu.sourceAddr);
    return { m, mobile, owner: owners.get(extensionOf(m.pdu.destinationAddr) ?? '') ?? null };
  });
  const answered = await answeredOnCarrier(
    q,
    now,
    asked.flatMap((a, k) =>
      a.owner === null ? [{ k, mobile: a.mobile, carrier: a.m.carrier, destination: a.m.pdu.destinationAddr }] : [],
    ),
  );
  const rest = asked.map((a, k) => ({ ...a, k })).filter((a) => !answered.has(a.k));
  // the last message each other number was sent (by the owner, when known), for the whole group in one statement
  const lasts = await q.query<Reply['row'] & { i: string }>(
    `select t.i, l.sn, l.cus_id, l.prod_type, l.mobile, l.content, l.batch_id
       from unnest($1::text[], $2::text[], $3::int[]) as t(mobile, owner, i)
       join lateral (select sn, cus_id, prod_type, mobile, content, batch_id from mt_records
                      where mobile = t.mobile and (t.owner is null or cus_id = t.owner) order by receive_time desc limit 1) l on true`,
    [rest.map((a) => a.mobile), rest.map((a) => a.owner), rest.map((a) => a.k)],
  );
  const lastOf = new Map<number, Reply['row']>(answered);
  for (const { i, ...row } of lasts) lastOf.set(Number(i), row);
  const replies: Reply[] = [];
  asked.forEach(({ m, mobile, owner }, k) => {
    const row =
      lastOf.get(k) ??
      (owner
        ? { sn: '', cus_id: owner, prod_type: mobile.startsWith('+') ? 1 : 0, mobile, content: '', batch_id: '' }
        : null);
    if (row) replies.push({ row, content: textOf(m.pdu) });
  });
  await storeReplies(ctx, q, now, replies);
  return [...new Set(replies.map((r) => r.row.cus_id))];
}

function extensionOf(destination: string): string | null {
  return destination.startsWith(PLATFORM_SENDER_CODE) ? destination.slice(PLATFORM_SENDER_CODE.length) : null;
}

/** The message each reply without an extension answers: the newest the number was sent through the reply's carrier
 * within REPLY_WINDOW_MS (a part the carrier refused never reached the phone), one whose batch's sender id is the
 * reply's destination before any other. Keyed by the reply's place in the group. */
async function answeredOnCarrier(
  q: Queryable,
  now: Date,
  asks: Array<{ k: number; mobile: string; carrier: string; destination: string }>,
): Promise<Map<number, Reply['row']>> {
  if (asks.length === 0) return new Map();
  const rows = await q.query<Reply['row'] & { i: string }>(
    `select t.i, l.sn, l.cus_id, l.prod_type, l.mobile, l.content, l.batch_id
       from unnest($1::text[], $2::text[], $3::text[], $4::int[]) as t(mobile, carrier, destination, i)
       join lateral (select m.sn, m.cus_id, m.prod_type, m.mobile, m.content, m.batch_id
                       from mt_records m join carrier_parts p on p.sn = m.sn and p.part = 0
                       left join batches b on b.batch_id = m.batch_id
                      where m.mobile = t.mobile and p.carrier = t.carrier and p.state <> 'failed' and p.submitted_at >= $5
                      order by (upper(b.sender_id) = upper(t.destination)) is true desc, p.submitted_at desc, m.sn desc limit 1) l on true`,
    [
      asks.map((a) => a.mobile),
      asks.map((a) => a.carrier),
      asks.map((a) => a.destination),
      asks.map((a) => a.k),
      new Date(now.getTime() - REPLY_WINDOW_MS),
    ],
  );
  return new Map(rows.map(({ i, ...row }) => [Number(i), row]));
}
