import { ulid } from 'ulid';
import type { Endpoint, RequestOf, ResponseOf } from '../../contract/endpoint';
import { eventOutcome, recordEvent } from '../../sync/commands/event-log';
import { ApiCallError } from '../../sync/http/http-client';
import { api } from '../session/api';
import { readyRuntime } from './sync-runtime';

// How screens reach the platform: commands through the event log and the outbox, password-bearing calls online with
// their own Idempotency-Key, reads through the list endpoints, files through the client's download.

/** Records a command and waits for the outbox: answers the platform's result, throws its rejection (with its field).
 * A command issued while the local database is still opening (just after a page load) waits for it. */
export async function runCommand(type: string, aggregate: string, payload: Record<string, unknown>): Promise<unknown> {
  const rt = await readyRuntime();
  const ev = await recordEvent(rt.db, { type, aggregate, payload, actor: rt.actor });
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

/** A read; the caller shows its failure. */
export function read<E extends Endpoint>(endpoint: E, body: RequestOf<E>): Promise<ResponseOf<E>> {
  return api.call(endpoint, body, { silent: true });
}

/** Fetches a file endpoint's answer and hands it to the browser as a download. */
export async function download<E extends Endpoint>(endpoint: E, body: RequestOf<E>): Promise<void> {
  const { blob, fileName } = await api.download(endpoint, body);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A file sent to an upload endpoint (the multipart field `file`); the caller shows its failure. */
export function uploadFile<E extends Endpoint>(endpoint: E, file: File): Promise<ResponseOf<E>> {
  const form = new FormData();
  form.append('file', file);
  return api.upload(endpoint, form, { silent: true });
}
