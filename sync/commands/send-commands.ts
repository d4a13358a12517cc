import {
  cspSmsGroupSendEndpoint,
  groupSendEndpoint,
  inteGroupSendEndpoint,
  smsLinkGroupSendEndpoint,
  taokeGroupSendEndpoint,
  videoSmsGroupSendEndpoint,
  type SendResult,
} from '../../contract/endpoints/send.endpoints';
import type { MtRecord } from '../../contract/records.schema';
import { MT_STATUS } from '../../contract/states';
import type { LocalTimeBatch, EventDoc } from '../store/local-db';
import { orderKey } from '../store/local-db';
import type { CommandTable } from './command';
import type { RecordStore } from '../store/record-store';

// The send commands: a confirmed send is an event whose payload holds the endpoint's request body, pushed by the
// outbox with Idempotency-Key = event id, so it is charged and dispatched exactly once however often it is retried.

/** After an acknowledged send: a scheduled one appears at once in the timed batch list. */
const applyResult = (store: RecordStore, ev: EventDoc, result: Record<string, unknown>, now: number) =>
  applySendResult(store, ev, result as unknown as SendResult, now);

export const SEND_COMMANDS: CommandTable = {
  'send.group': { endpoint: groupSendEndpoint, body: (p) => p.body, applyResult },
  'send.link': { endpoint: smsLinkGroupSendEndpoint, body: (p) => p.body, applyResult },
  'send.taoke': { endpoint: taokeGroupSendEndpoint, body: (p) => p.body, applyResult },
  'send.international': { endpoint: inteGroupSendEndpoint, body: (p) => p.body, applyResult },
  'send.video': { endpoint: videoSmsGroupSendEndpoint, body: (p) => p.body, applyResult },
  'send.card': { endpoint: cspSmsGroupSendEndpoint, body: (p) => p.body, applyResult },
};

/** Sends of one account go out in the order they were made. */
export const sendAggregate = (cusId: string) => `send:${cusId}`;

export interface SendPayload {
  body: Record<string, unknown>;
  summary: { kind: string; count: number; cost: number; timing: number | null; prod_type?: number };
}

/** The timed batch a scheduled send created, as the timed batch list shows it until the pull brings the real row. */
export function scheduledBatchOf(ev: EventDoc, result: SendResult, now: number): LocalTimeBatch | null {
  const p = ev.payload as unknown as SendPayload;
  if (!result.time_batch || p.summary?.timing == null) return null;
  const body = p.body;
  const oneToOne = Array.isArray(body.contents);
  const content = oneToOne
    ? String((body.contents as Array<{ content: string }>)[0]?.content ?? '')
    : String(body.content ?? body.title ?? '');
  return {
    time_batch: result.time_batch,
    cus_id: String(body.cus_id),
    cus_name: String(body.cus_id),
    prod_type: p.summary.prod_type ?? 0,
    batch_count: result.validCount,
    batch_type: oneToOne ? 1 : 0,
    send_status: 0,
    timing_time: p.summary.timing,
    create_time: ev.created_at,
    decodeContent: content,
    seq: 0,
    deleted: false,
    updated_at: now,
    k: orderKey(ev.created_at, result.time_batch),
  };
}

/** After an acknowledged send: a scheduled one appears at once in the timed batch list. */
export async function applySendResult(
  store: RecordStore,
  ev: EventDoc,
  result: SendResult,
  now = Date.now(),
): Promise<void> {
  const doc = scheduledBatchOf(ev, result, now);
  if (!doc) return;
  const [cur] = await store.get('time_batches', [doc.time_batch]);
  if (!cur) await store.put('time_batches', [doc as never]);
}

/** How many records of one queued send the records list shows (a 100,000-number send is one line of the Activity). */
export const QUEUED_ROWS_PER_SEND = 20;

function firstNumbers(body: Record<string, unknown>, n: number): string[] {
  if (Array.isArray(body.contents))
    return (body.contents as Array<{ mobile: string }>).slice(0, n).map((c) => String(c.mobile));
  const text = String(body.mobiles ?? '');
  const out: string[] = [];
  const token = /[^\s,，;；、]+/gu;
  for (let m = token.exec(text); m && out.length < n; m = token.exec(text)) out.push(m[0]);
  return out;
}

/** Sends still in the event log (queued offline) shown over a product line's records, marked pending. */
export function projectQueuedSends<T extends MtRecord>(prodType: number) {
  return (rows: T[], pending: EventDoc[]): Array<T & { pending?: string }> => {
    const queued = pending.filter(
      (ev) =>
        ev.status === 'pending' &&
        SEND_COMMANDS[ev.type] &&
        ((ev.payload as unknown as SendPayload).summary?.prod_type ?? 0) === prodType,
    );
    if (queued.length === 0) return rows;
    const extra = [...queued].reverse().flatMap((ev) => {
      const body = (ev.payload as unknown as SendPayload).body;
      const content = Array.isArray(body.contents)
        ? ''
        : String(body.content ?? body.title ?? body.template_name ?? '');
      return firstNumbers(body, QUEUED_ROWS_PER_SEND).map(
        (mobile, i) =>
          ({
            sn: `queued:${ev.id}:${i}`,
            prod_type: prodType,
            cus_id: String(body.cus_id ?? ''),
            cus_name: '',
            batch_id: '',
            decodeMobile: mobile,
            decodeContent: Array.isArray(body.contents)
              ? String((body.contents as Array<{ content: string }>)[i]?.content ?? '')
              : content,
            // waiting to be sent: the status filter's "waiting" lists it
            mt_status: MT_STATUS.waiting,
            report_result: null,
            report_result_desc: null,
            errDesc: null,
            table_name: 'queued',
            receive_time: ev.created_at,
            month: '',
            segments: 0,
            price: 0,
            priceStr: '',
            countryName: null,
            countryCode: null,
            titleStr: null,
            receive_content: null,
            // the console queued it
            source: 'console',
            seq: 0,
            deleted: false,
            updated_at: ev.created_at,
            pending: ev.type,
          }) as unknown as T & { pending?: string },
      );
    });
    return [...extra, ...rows];
  };
}
