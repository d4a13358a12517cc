import type { FastifyInstance } from 'fastify';
import {
  changesStreamEndpoint,
  changesTicketEndpoint,
  STREAM_TICKET_TTL_S,
} from '../../contract/endpoints/feed.endpoints';
import type { AppContext } from '../core/context';
import { userForTokenHash } from '../auth/current-user';
import { lazyListen } from '../db/lazy-listen';
import { SESSIONS_ENDED_CHANNEL } from '../auth/session-revoke';
import { route, zodToApiError } from '../http/route';
import { unauthorized } from '../http/api-error';
import { readableCusIds } from '../auth/scope';
import { createSseHub } from './sse-hub';
import { createStreamRegistry } from './stream-registry';
import { issueStreamTicket, redeemStreamTicket } from './stream-tickets';

// The SSE stream of "changed" notices and the tickets that open it (each area registers its own pull routes).

/** setTimeout's longest delay. */
const MAX_TIMER_MS = 2 ** 31 - 1;

export function registerFeedRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, changesTicketEndpoint, async ({ user }) => {
    const ticket = await issueStreamTicket(ctx.db, user!.tokenHash, ctx.now());
    return { ticket, expiresInS: STREAM_TICKET_TTL_S };
  });

  const hub = createSseHub(ctx);
  /** open streams by session and login, capped (stream-registry.ts). */
  const streams = createStreamRegistry();
  // Any instance that ends a session says so; every instance closes that session's streams at once.
  const listenForEndedSessions = lazyListen(ctx, SESSIONS_ENDED_CHANNEL, (payload) => {
    try {
      const hashes: unknown = JSON.parse(payload);
      if (Array.isArray(hashes)) streams.endSessions(hashes.filter((h): h is string => typeof h === 'string'));
    } catch {
      /* not ours */
    }
  });
  ctx.onClose(() => streams.endAll());

  app.get(changesStreamEndpoint.path, async (req, reply) => {
    const parsed = changesStreamEndpoint.request.safeParse(req.query);
    if (!parsed.success) throw zodToApiError(parsed.error, req.query);
    const tokenHash = await redeemStreamTicket(ctx.db, parsed.data.ticket, ctx.now());
    const user = tokenHash ? await userForTokenHash(ctx.db, tokenHash, ctx.now()) : null;
    if (!user || !tokenHash) throw unauthorized();
    // listening comes before the stream opens, so that a database that cannot listen gets an ordinary error answer
    const res = reply.raw;
    let open = false;
    await listenForEndedSessions();
    const unsubscribe = await hub.subscribe(
      readableCusIds(user, 'data'),
      (c) => open && res.write(`event: changed\ndata: ${JSON.stringify(c)}\n\n`),
    );
    reply.hijack();
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.write(': connected\n\n');
    open = true;
    const stillValid = () => userForTokenHash(ctx.db, tokenHash, ctx.now());
    const heartbeat = setInterval(() => {
      void stillValid().then(
        (still) => (still ? res.write(': heartbeat\n\n') : res.end()),
        () => res.end(),
      );
    }, ctx.config.streamHeartbeatMs);
    // The stream ends when the session expires, unless a refresh moved the expiry on.
    let expiry: NodeJS.Timeout | undefined;
    const armExpiry = (at: Date) => {
      expiry = setTimeout(
        () => {
          void stillValid().then(
            (still) => (still ? armExpiry(still.expiresAt) : res.end()),
            () => res.end(),
          );
        },
        Math.min(MAX_TIMER_MS, Math.max(0, at.getTime() - ctx.now().getTime()) + 50),
      );
    };
    armExpiry(user.expiresAt);
    const stream = { tokenHash, userId: user.id, end: () => res.end() };
    res.on('close', () => {
      clearInterval(heartbeat);
      clearTimeout(expiry);
      unsubscribe();
      streams.remove(stream);
    });
    streams.add(stream);
  });
}
