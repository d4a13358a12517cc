import { createHmac } from 'node:crypto';
import type { Language } from '../../contract/constants';
import { REPORT_BATCH_MAX } from '../../contract/validation/sub-account.rules';
import { translate } from '../../contract/messages';
import { prepared, type Queryable } from '../db/db';

// Callbacks (README "Callbacks"): with push mode 1 the platform POSTs every delivery report and reply to the account's
// addresses, and once a day the daily cap's 80 % warning to the report address. Deliveries are rows written in the
// transaction that produced the report, so none is lost across a restart; the worker (callback-worker.ts) claims due rows, signs each body with the account's app secret and
// retries with exponential backoff.

export const SIGNATURE_HEADER = 'X-Sms-Signature';
export const TIMESTAMP_HEADER = 'X-Sms-Timestamp';
export const DELIVERY_HEADER = 'X-Sms-Delivery-Id';
export const MAX_ATTEMPTS = 10;

/** `sha256=` + hex HMAC-SHA256 of `${timestamp}.${body}` keyed with the app secret. */
export function signCallback(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** How many delivery reports the account takes in one callback, from its stored options (`reportBatch`, set with
 * /user/modifyApiInfo): 1 unless it asked for more. */
export function reportBatchOf(options: Record<string, unknown> | null | undefined): number {
  const n = Number(options?.reportBatch);
  return Number.isInteger(n) && n > 1 ? Math.min(n, REPORT_BATCH_MAX) : 1;
}

/** Wait before attempt n+1 after n failed attempts: base × 2^(n-1), at most an hour. */
export const backoffMs = (attempts: number, baseMs: number) =>
  Math.min(3_600_000, baseMs * 2 ** Math.max(0, attempts - 1));

export interface ReportEvent {
  sn: string;
  cus_id: string;
  mobile: string;
  mt_status: number;
  report_result: string | null;
  report_result_desc: string | null;
}
export interface ReplyEvent {
  sn: string;
  cus_id: string;
  mobile: string;
  content: string;
  batch_id: string;
}

/** An account's day reaching 80 % of its daily cap (send-policy-count.ts), told once per account and day. */
export interface CapEvent {
  cus_id: string;
  /** the account's day, YYYY-MM-DD in its time zone. */
  day: string;
  cap: number;
  used: number;
  left: number;
}

/** Queues callbacks for reports, replies and daily-cap warnings of accounts in push mode, inside the caller's
 * transaction; a second one for the same report, reply or account and day is not queued (unique kind and ref). */
export async function enqueueCallbacks(
  q: Queryable,
  at: Date,
  reports: ReportEvent[],
  replies: ReplyEvent[],
  caps: CapEvent[] = [],
): Promise<void> {
  const rows = [
    ...reports.map((r) => ({
      kind: 'report',
      address: 'reportUrl',
      ref: r.sn,
      cus: r.cus_id,
      payload: {
        type: 'report',
        sn: r.sn,
        cus_id: r.cus_id,
        mobile: r.mobile,
        mt_status: r.mt_status,
        report_result: r.report_result,
        report_result_desc: r.report_result_desc,
        report_time: at.getTime(),
      },
    })),
    ...replies.map((r) => ({
      kind: 'mo',
      address: 'moUrl',
      ref: r.sn,
      cus: r.cus_id,
      payload: {
        type: 'mo',
        sn: r.sn,
        cus_id: r.cus_id,
        mobile: r.mobile,
        content: r.content,
        batch_id: r.batch_id,
        deliver_time: at.getTime(),
      },
    })),
    // an account's notice, not a message's: it goes where the account's reports go
    ...caps.map((c) => ({
      kind: 'cap',
      address: 'reportUrl',
      ref: `${c.cus_id}/${c.day}`,
      cus: c.cus_id,
      payload: {
        type: 'cap',
        cus_id: c.cus_id,
        day: c.day,
        cap: c.cap,
        used: c.used,
        left: c.left,
        notice_time: at.getTime(),
      },
    })),
  ];
  if (rows.length === 0) return;
  await q.query(
    prepared`insert into callback_deliveries (cus_id, kind, ref, url, payload, next_at)
     select t.cus, t.kind, t.ref, a.options->>t.address,
            case when h.client_ref is null then t.payload::jsonb else t.payload::jsonb || jsonb_build_object('clientRef', h.client_ref) end, $1
       from unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[]) as t(kind, ref, cus, payload, address)
       join accounts a on a.cus_id = t.cus
       -- a message sent through the integrator API reports with the caller's own reference
       left join http_messages h on t.kind = 'report' and h.message_id = t.ref
      where a.options->>'pushMode' = '1'
        and coalesce(a.options->>t.address, '') <> ''
     on conflict (kind, ref) do nothing`,
    [
      at,
      rows.map((r) => r.kind),
      rows.map((r) => r.ref),
      rows.map((r) => r.cus),
      rows.map((r) => JSON.stringify(r.payload)),
      rows.map((r) => r.address),
    ],
  );
}

/** What a failed attempt leaves in last_error. The customer sees only these: which of closed, silent or non-HTTP a
 * port was would map the platform's network for whoever types the address. The cause goes to the server log. */
export const DELIVERY_FAILED = 'delivery failed';
export const ADDRESS_REFUSED = 'address not allowed';
export const httpStatusError = (status: number) => `HTTP ${status}`;

/** last_error as the delivery list shows it, in the caller's language; anything else stored (rows from before the
 * closed set) reads as a failed delivery. */
export function shownDeliveryError(lang: Language, lastError: string | null, lastStatus: number | null): string {
  if (!lastError) return '';
  if (lastError === ADDRESS_REFUSED) return translate(lang, 'callback.addressRefused');
  if (lastStatus !== null && lastError === httpStatusError(lastStatus))
    return translate(lang, 'callback.httpStatus', { status: lastStatus });
  return translate(lang, 'callback.failed');
}
