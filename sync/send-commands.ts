import {
  cspSmsGroupSendEndpoint,
  groupSendEndpoint,
  inteGroupSendEndpoint,
  smsLinkGroupSendEndpoint,
  taokeGroupSendEndpoint,
  videoSmsGroupSendEndpoint,
  type SendResult,
} from '../contract/endpoints/send.endpoints';
import type { LocalTimeBatch, EventDoc } from './local-db';
import { orderKey } from './local-db';
import type { Command } from './outbox';
import type { RecordStore } from './record-store';

// The send commands (issue 10): a confirmed send is an event whose payload holds the endpoint's request body, pushed
// by the outbox with Idempotency-Key = event id, so it is charged and dispatched exactly once however often it is retried.

export const SEND_COMMANDS: Record<string, Command> = {
  'send.group': { endpoint: groupSendEndpoint, body: (p) => p.body },
  'send.link': { endpoint: smsLinkGroupSendEndpoint, body: (p) => p.body },
  'send.taoke': { endpoint: taokeGroupSendEndpoint, body: (p) => p.body },
  'send.international': { endpoint: inteGroupSendEndpoint, body: (p) => p.body },
  'send.video': { endpoint: videoSmsGroupSendEndpoint, body: (p) => p.body },
  'send.card': { endpoint: cspSmsGroupSendEndpoint, body: (p) => p.body },
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
  const content = oneToOne ? String((body.contents as Array<{ content: string }>)[0]?.content ?? '') : String(body.content ?? body.title ?? '');
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
export async function applySendResult(store: RecordStore, ev: EventDoc, result: SendResult, now = Date.now()): Promise<void> {
  const doc = scheduledBatchOf(ev, result, now);
  if (!doc) return;
  const [cur] = await store.get('time_batches', [doc.time_batch]);
  if (!cur) await store.put('time_batches', [doc as never]);
}
