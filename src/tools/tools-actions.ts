import type { Endpoint, RequestOf, ResponseOf } from '../../contract/endpoint';
import { eventOutcome, recordEvent } from '../../sync/event-log';
import { ApiCallError } from '../../sync/http-client';
import { api } from '../app/api';
import { runtime$ } from '../data/sync-runtime';

// How the tools screens reach the platform: commands through the event log and the outbox (sync/tools-commands.ts),
// reads through the list endpoints, files through the client's download.

/** Records a command and waits for the outbox: answers the platform's result, throws its rejection. */
export async function runToolCommand(type: string, aggregate: string, payload: Record<string, unknown>): Promise<unknown> {
  const rt = runtime$.value;
  if (!rt) throw new Error('offline');
  const ev = await recordEvent(rt.db, { type, aggregate, payload, actor: rt.actor });
  const out = await eventOutcome(rt.db, ev.id);
  if (out.status !== 'acked') throw new ApiCallError('http', out.last_error ?? '', 400, null);
  return out.result;
}

export function readTool<E extends Endpoint>(endpoint: E, body: RequestOf<E>): Promise<ResponseOf<E>> {
  return api.call(endpoint, body, { silent: true });
}

/** Fetches a file endpoint's answer and hands it to the browser as a download. */
export async function downloadTool<E extends Endpoint>(endpoint: E, body: RequestOf<E>): Promise<void> {
  const { blob, fileName } = await api.download(endpoint, body);
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
