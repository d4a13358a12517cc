import type { FastifyInstance } from 'fastify';
import {
  batchPullEndpoint,
  changesStreamEndpoint,
  moRecordPullEndpoint,
  mtRecordPullEndpoint,
  statisticsPullEndpoint,
  timeBatchPullEndpoint,
  timeMtMessagePullEndpoint,
  pullRequest,
  type FeedResource,
} from '../../contract/endpoints/feed.endpoints';
import { SUCCESS_TYPE } from '../../contract/envelope';
import { translate } from '../../contract/messages';
import type { Endpoint } from '../../contract/endpoint';
import type { AppContext } from '../context';
import { unauthorized } from '../http/api-error';
import { languageOf } from '../http/language';
import { callerOf, zodToApiError } from '../http/route';
import { pullFeed } from '../records/feed';
import { createSseHub } from '../records/sse-hub';

// Pull routes of the change feed (one per replicated resource) and the SSE stream of "changed" notices.

export const HEARTBEAT_MS = 15_000;

const PULLS: Array<[FeedResource, Endpoint]> = [
  ['mtRecord', mtRecordPullEndpoint],
  ['moRecord', moRecordPullEndpoint],
  ['batch', batchPullEndpoint],
  ['timeBatch', timeBatchPullEndpoint],
  ['timeMtMessage', timeMtMessagePullEndpoint],
  ['statistics', statisticsPullEndpoint],
];

export function registerFeedRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Pull answers are spliced from the JSON text the database renders (see records/feed.ts); same envelope as route().
  for (const [resource, endpoint] of PULLS) {
    app.post(endpoint.path, async (req, reply) => {
      // answered by hand (the database renders the documents as JSON text), so the checks of route() are made here
      const user = await callerOf(ctx, req);
      if (!user) throw unauthorized();
      const parsed = pullRequest.safeParse(req.body ?? {});
      if (!parsed.success) throw zodToApiError(parsed.error, req.body ?? {});
      const page = await pullFeed(ctx.db, resource, parsed.data, user.visibleCusIds);
      const head = JSON.stringify({ type: SUCCESS_TYPE, message: translate(languageOf(req), 'common.ok') }).slice(0, -1);
      const data = `{"documents":${page.documentsJson},"checkpoint":${JSON.stringify(page.checkpoint)},"highWater":${page.highWater}}`;
      return reply.type('application/json; charset=utf-8').send(`${head},"data":${data}}`);
    });
  }

  const hub = createSseHub(ctx);
  const streams = new Set<() => void>();
  ctx.onClose(() => {
    for (const end of [...streams]) end();
  });
  // EventSource cannot send headers: the token comes as a query parameter and is checked like a bearer token.
  app.get(changesStreamEndpoint.path, async (req, reply) => {
    const parsed = changesStreamEndpoint.request.safeParse(req.query);
    if (!parsed.success) throw zodToApiError(parsed.error, req.query);
    const token = parsed.data.token;
    const user = await callerOf(ctx, req, token);
    if (!user) throw unauthorized();
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache, no-transform', Connection: 'keep-alive', 'X-Accel-Buffering': 'no' });
    res.write(': connected\n\n');
    const unsubscribe = await hub.subscribe(user.visibleCusIds, (c) => res.write(`event: changed\ndata: ${JSON.stringify(c)}\n\n`));
    const heartbeat = setInterval(() => {
      // a revoked or expired session ends the stream at the next heartbeat
      void callerOf(ctx, req, token).then(
        (still) => (still ? res.write(': heartbeat\n\n') : res.end()),
        () => res.end(),
      );
    }, HEARTBEAT_MS);
    const end = () => res.end();
    streams.add(end);
    res.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
      streams.delete(end);
    });
  });
}
