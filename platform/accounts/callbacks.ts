import { createHmac } from 'node:crypto';
import type { AppContext } from '../context';
import type { Queryable } from '../db/db';
import { appSecretOf } from './secrets';

// Callbacks (issue 12 §4, README "Callbacks"): with push mode 1 the platform POSTs every delivery report and reply
// to the account's addresses. Deliveries are rows written in the transaction that produced the report, so none is
// lost across a restart; the worker claims due rows (a lease, so several instances never post one row at once),
// signs the body with the account's app secret and retries with exponential backoff.

export const SIGNATURE_HEADER = 'X-Sms-Signature';
export const TIMESTAMP_HEADER = 'X-Sms-Timestamp';
export const DELIVERY_HEADER = 'X-Sms-Delivery-Id';
export const MAX_ATTEMPTS = 10;
const LEASE_MS = 30_000;
const POST_TIMEOUT_MS = 10_000;

/** `sha256=` + hex HMAC-SHA256 of `${timestamp}.${body}` keyed with the app secret. */
export function signCallback(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** Wait before attempt n+1 after n failed attempts: base × 2^(n-1), at most an hour. */
export const backoffMs = (attempts: number, baseMs: number) => Math.min(3_600_000, baseMs * 2 ** Math.max(0, attempts - 1));

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

/** Queues callbacks for reports and replies of accounts in push mode, inside the caller's transaction. */
export async function enqueueCallbacks(q: Queryable, at: Date, reports: ReportEvent[], replies: ReplyEvent[]): Promise<void> {
  const rows = [
    ...reports.map((r) => ({
      kind: 'report',
      ref: r.sn,
      cus: r.cus_id,
      payload: { type: 'report', sn: r.sn, cus_id: r.cus_id, mobile: r.mobile, mt_status: r.mt_status, report_result: r.report_result, report_result_desc: r.report_result_desc, report_time: at.getTime() },
    })),
    ...replies.map((r) => ({
      kind: 'mo',
      ref: r.sn,
      cus: r.cus_id,
      payload: { type: 'mo', sn: r.sn, cus_id: r.cus_id, mobile: r.mobile, content: r.content, batch_id: r.batch_id, deliver_time: at.getTime() },
    })),
  ];
  if (rows.length === 0) return;
  await q.query(
    `insert into callback_deliveries (cus_id, kind, ref, url, payload, next_at)
     select t.cus, t.kind, t.ref, a.options->>(case when t.kind = 'report' then 'reportUrl' else 'moUrl' end), t.payload::jsonb, $1
       from unnest($2::text[], $3::text[], $4::text[], $5::text[]) as t(kind, ref, cus, payload)
       join accounts a on a.cus_id = t.cus
      where a.options->>'pushMode' = '1'
        and coalesce(a.options->>(case when t.kind = 'report' then 'reportUrl' else 'moUrl' end), '') <> ''
     on conflict (kind, ref) do nothing`,
    [at, rows.map((r) => r.kind), rows.map((r) => r.ref), rows.map((r) => r.cus), rows.map((r) => JSON.stringify(r.payload))],
  );
}

interface Claimed {
  id: string;
  cus_id: string;
  url: string;
  payload: unknown;
  attempts: number;
}

/** One round: claims due deliveries, posts them, records the outcome. Answers how many it attempted. */
export async function deliverDue(ctx: AppContext, baseMs: number, limit = 20): Promise<number> {
  const now = ctx.now();
  const claimed = await ctx.db.query<Claimed>(
    `update callback_deliveries set locked_until = $2, attempts = attempts + 1
      where id in (select id from callback_deliveries
                    where status = 0 and next_at <= $1 and (locked_until is null or locked_until < $1)
                    order by next_at limit $3 for update skip locked)
      returning id::text as id, cus_id, url, payload, attempts`,
    [now, new Date(now.getTime() + LEASE_MS), limit],
  );
  await Promise.all(claimed.map((d) => deliverOne(ctx, d, baseMs)));
  return claimed.length;
}

async function deliverOne(ctx: AppContext, d: Claimed, baseMs: number): Promise<void> {
  let error: string;
  let status: number | null = null;
  try {
    const { secret } = await appSecretOf(ctx.db, d.cus_id);
    const body = JSON.stringify(d.payload);
    const timestamp = String(Date.now());
    const res = await fetch(d.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        [TIMESTAMP_HEADER]: timestamp,
        [SIGNATURE_HEADER]: signCallback(secret, timestamp, body),
        [DELIVERY_HEADER]: d.id,
      },
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(POST_TIMEOUT_MS),
    });
    status = res.status;
    await res.body?.cancel().catch(() => undefined);
    if (res.status >= 200 && res.status < 300) {
      await ctx.db.query('update callback_deliveries set status = 1, delivered_at = $2, last_status = $3, locked_until = null, last_error = null where id = $1', [
        d.id,
        ctx.now(),
        status,
      ]);
      return;
    }
    error = `HTTP ${res.status}`;
  } catch (err) {
    error = err instanceof Error ? `${err.name}: ${(err as { cause?: { code?: string } }).cause?.code ?? err.message}` : String(err);
  }
  const giveUp = d.attempts >= MAX_ATTEMPTS;
  await ctx.db.query(
    'update callback_deliveries set status = $2, next_at = $3, last_error = $4, last_status = $5, locked_until = null where id = $1',
    [d.id, giveUp ? 2 : 0, new Date(ctx.now().getTime() + backoffMs(d.attempts, baseMs)), error.slice(0, 500), status],
  );
}
