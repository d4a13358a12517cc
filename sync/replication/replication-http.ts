import {
  batchPullEndpoint,
  changesStreamEndpoint,
  changesTicketEndpoint,
  FEED_RESOURCES,
  moRecordPullEndpoint,
  mtRecordPullEndpoint,
  statisticsPullEndpoint,
  timeBatchPullEndpoint,
  timeMtMessagePullEndpoint,
  shortLinkPullEndpoint,
  blacklistPullEndpoint,
  type FeedResource,
} from '../../contract/endpoints/feed.endpoints';
import { z } from 'zod';
import type { Endpoint } from '../../contract/endpoint';
import {
  addressGroupPullEndpoint,
  addressMemberPullEndpoint,
  contentTemplatePullEndpoint,
  cspTemplatePullEndpoint,
  videoTemplatePullEndpoint,
} from '../../contract/endpoints/library-feed.endpoints';
import { noticePullEndpoint } from '../../contract/endpoints/notice.endpoints';
import type { HttpClient } from '../http/http-client';
import type { PullAnswer, PullFn } from './replication';

// The replication's two doors to the platform: the pull routes (through the one HTTP client) and the SSE stream of
// "changed" notices. The stream is read with fetch so the same code runs in the browser and in Node tests.

const PULL_ENDPOINTS = {
  mtRecord: mtRecordPullEndpoint,
  moRecord: moRecordPullEndpoint,
  batch: batchPullEndpoint,
  timeBatch: timeBatchPullEndpoint,
  timeMtMessage: timeMtMessagePullEndpoint,
  statistics: statisticsPullEndpoint,
  shortLink: shortLinkPullEndpoint,
  contentTemplate: contentTemplatePullEndpoint,
  videoTemplate: videoTemplatePullEndpoint,
  cspTemplate: cspTemplatePullEndpoint,
  addressGroup: addressGroupPullEndpoint,
  addressMember: addressMemberPullEndpoint,
  notice: noticePullEndpoint,
  blacklist: blacklistPullEndpoint,
} as const satisfies Record<FeedResource, Endpoint>;

// The pull answer is parsed loosely (per-document zod parsing cost ~20% of the sync time) and a sample of each page
// is checked against the contract, so a platform that drifts from the contract still fails loudly.
const LOOSE_PULLS = Object.fromEntries(
  Object.entries(PULL_ENDPOINTS).map(([resource, e]) => [
    resource,
    {
      ...e,
      response: z.object({
        documents: z.array(z.unknown()),
        checkpoint: z.object({ seq: z.number().int() }).nullable(),
        highWater: z.number().int(),
      }),
    },
  ]),
) as unknown as Record<FeedResource, Endpoint>;

export function httpPull(client: HttpClient): PullFn {
  return async (resource, req) => {
    const res = (await client.call(LOOSE_PULLS[resource], req as never, { silent: true })) as PullAnswer;
    const docs = res.documents;
    for (const d of [docs[0], docs[docs.length >> 1], docs[docs.length - 1]])
      if (d) FEED_RESOURCES[resource].schema.parse(d);
    return res;
  };
}

export interface ChangeStreamOptions {
  baseUrl: string;
  getToken: () => string | null;
  onChanged: (resource: FeedResource, seq: number) => void;
  /** connected (true) or lost (false). */
  onStatus?: (connected: boolean) => void;
  fetchImpl?: typeof fetch;
  reconnectMs?: number;
}

/** Follows the change stream until closed, reconnecting after drops. Answers a close function. */
export function followChanges(o: ChangeStreamOptions): () => void {
  const ctrl = new AbortController();
  const doFetch = o.fetchImpl ?? ((...a: Parameters<typeof fetch>) => fetch(...a));
  const reconnectMs = o.reconnectMs ?? 2000;
  void (async () => {
    while (!ctrl.signal.aborted) {
      try {
        const token = o.getToken();
        if (!token) throw new Error('no token');
        // The token goes in a header for a single-use ticket; only the ticket appears in the stream's URL.
        const issued = await doFetch(`${o.baseUrl}${changesTicketEndpoint.path}`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
          body: '{}',
          signal: ctrl.signal,
        });
        if (issued.status !== 200) throw new Error(`ticket answered ${issued.status}`);
        const { ticket } = changesTicketEndpoint.response.parse(((await issued.json()) as { data: unknown }).data);
        const res = await doFetch(`${o.baseUrl}${changesStreamEndpoint.path}?ticket=${encodeURIComponent(ticket)}`, {
          headers: { Accept: 'text/event-stream' },
          signal: ctrl.signal,
        });
        if (res.status !== 200 || !res.body) throw new Error(`stream answered ${res.status}`);
        o.onStatus?.(true);
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        let buf = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buf += value;
          let cut: number;
          while ((cut = buf.indexOf('\n\n')) >= 0) {
            const block = buf.slice(0, cut);
            buf = buf.slice(cut + 2);
            const event = /^event: ?(.*)$/m.exec(block)?.[1]?.trim();
            const data = block
              .split('\n')
              .filter((l) => l.startsWith('data:'))
              .map((l) => l.slice(5).trim())
              .join('\n');
            if (event !== 'changed' || !data) continue;
            try {
              const parsed = changesStreamEndpoint.response.parse(JSON.parse(data));
              o.onChanged(parsed.resource as FeedResource, parsed.seq);
            } catch {
              /* a malformed notice is skipped; the next pull catches up anyway */
            }
          }
        }
      } catch {
        /* dropped: reconnect below */
      }
      if (ctrl.signal.aborted) break;
      o.onStatus?.(false);
      await new Promise((r) => setTimeout(r, reconnectMs));
    }
  })();
  return () => ctrl.abort();
}
