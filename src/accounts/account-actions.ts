import { ulid } from 'ulid';
import type { Endpoint, RequestOf, ResponseOf } from '../../contract/endpoint';
import { accountAggregate } from '../../sync/account-commands';
import { eventOutcome, recordEvent } from '../../sync/event-log';
import { ApiCallError } from '../../sync/http-client';
import { api } from '../app/api';
import { runtime$ } from '../data/sync-runtime';

// How the account screens reach the platform: commands through the event log and the outbox (sync/account-commands.ts),
// password-bearing calls online with their own Idempotency-Key, reads through the list endpoints.

/** Records a command and waits for the outbox: answers the platform's result, throws its rejection. */
export async function runCommand(type: string, cusId: string, payload: Record<string, unknown>): Promise<unknown> {
  const rt = runtime$.value;
  if (!rt) throw new Error('offline');
  const ev = await recordEvent(rt.db, { type, aggregate: accountAggregate(cusId), payload, actor: rt.actor });
  const out = await eventOutcome(rt.db, ev.id);
  if (out.status !== 'acked') {
    const field = (out.result as { field?: string } | null)?.field;
    throw new ApiCallError('http', out.last_error ?? '', 400, null, field);
  }
  return out.result;
}

/** An online call that must not be queued (it carries a password): one key, so a retried click does nothing twice. */
export function callOnline<E extends Endpoint>(endpoint: E, body: RequestOf<E>): Promise<ResponseOf<E>> {
  return api.call(endpoint, body, { idempotencyKey: ulid(), silent: true });
}

/** A read. */
export function read<E extends Endpoint>(endpoint: E, body: RequestOf<E>): Promise<ResponseOf<E>> {
  return api.call(endpoint, body, { silent: true });
}
