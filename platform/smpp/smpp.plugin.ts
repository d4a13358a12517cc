import { randomUUID } from 'node:crypto';
import { IDLE_MS, restFor, startLoop } from '../core/background-loop';
import type { AreaOptions, AreaPlugin } from '../core/context';
import { authenticateBind } from './bind-auth';
import { STATUS, statusName } from '../smpp-wire/command-status';
import { CLAIM_LIMIT, ReceiptDelivery } from './receipt-delivery';
import { OUTBOX_CHANNEL, queueAbandonedReceipts } from './receipt-queue';
import { giveTurn } from '../db/fair-share';
import { SmppServer } from './smpp-server';
import { queryFromSmpp } from './smpp-query';
import { submitFromSmpp } from './smpp-submit';
import { BIND_HEARTBEAT_MS, heartbeatBinds, removeBind, removeInstanceBinds, type BindTraffic } from './smpp-binds';
import { speedOf, watchBinds } from './bind-watch';
import { registerSmppInfoRoutes } from './smpp-info.routes';
import { RateReserve } from './rate-reserve';

export interface SmppOptions extends AreaOptions {
  /** told the port the server listens on once it does. */
  listening?: (port: number) => void;
  /** true once the instance drains before a stop: binds are refused then, so clients bind to another instance. */
  draining?: () => boolean;
}

/** How often the receipt outbox is looked at without a notice (retries, rows of accounts that just bound). */
const RECEIPT_POLL_MS = 250;
/** How often live binds are checked against their account (closed, user IPs, speed, an end asked for). */
const WATCH_MS = 1000;

/** The SMPP server beside HTTP (SMPP_PORT): binds against the accounts, submit_sm into the send pipeline, receipts
 * from the outbox. Closing unbinds every session. */
export const smppPlugin: AreaPlugin<SmppOptions> = async (app, { ctx, listening, draining }) => {
  const port = ctx.config.smppPort;
  let boundPort: number | null = null;
  registerSmppInfoRoutes(app, ctx, () => boundPort);
  if (port === null) return;
  const instanceId = randomUUID();
  const speeds = new Map<string, number>();
  const reserve = new RateReserve(ctx);
  const log = {
    info: (obj: object, msg: string) => ctx.log.info(obj, msg),
    warn: (obj: object, msg: string) => ctx.log.warn(obj, msg),
  };
  const limits = ctx.config.smppLimits;
  const server = new SmppServer({
    logger: log,
    responseTimeoutMs: limits.responseTimeoutMs,
    maxPendingParts: limits.pendingParts,
    maxPendingOctets: limits.pendingOctets,
    maxUnboundPerAddress: limits.unboundPerAddress,
    reassemblyTimeoutMs: limits.reassemblyTimeoutMs,
    onIncomplete(accountId, abandoned) {
      const parts = abandoned.partIds.map((id, i) => ({ id, ...abandoned.pdus[i] }));
      queueAbandonedReceipts(ctx.db, ctx.now(), accountId, parts).catch((err) =>
        ctx.log.warn({ err, accountId, parts: parts.length }, 'smpp receipts of an abandoned long message not queued'),
      );
    },
    async authenticate(req) {
      if (draining?.()) {
        ctx.log.info({ systemId: req.systemId }, 'smpp bind refused: the instance is stopping');
        return { ok: false, status: STATUS.RBINDFAIL };
      }
      const result = await authenticateBind(ctx, instanceId, req);
      if (result.ok) {
        const speed = await maxSpeedOf(result.accountId);
        speeds.set(result.accountId, speed);
        await reserve.prime(result.accountId, speed);
      }
      return result;
    },
    submit: (session, message) => submitFromSmpp(ctx, session, message),
    query: (session, req) => queryFromSmpp(ctx, session, req),
    admit(session, cost) {
      const rate = session.accountId ? (speeds.get(session.accountId) ?? 0) : 0;
      if (rate <= 0 || !session.accountId) return STATUS.ROK;
      return reserve.take(session.accountId, rate, cost) ? STATUS.ROK : STATUS.RTHROTTLED;
    },
    onSubmitAnswered: (status) =>
      status === STATUS.ROK ? ctx.metrics.accepted('smpp') : ctx.metrics.refused('smpp', statusName(status)),
    onUnbound(session) {
      removeBind(ctx.db, session.id).catch((err) =>
        ctx.log.warn({ err, sessionId: session.id }, 'smpp bind row not removed'),
      );
    },
  });
  const maxSpeedOf = async (cusId: string) => {
    const [row] = await ctx.db.query<{ speed: string | null }>(
      "select options->>'maxSpeed' as speed from accounts where cus_id = $1",
      [cusId],
    );
    return speedOf(row?.speed);
  };
  // submit_sm counts at the last heartbeat, for each bind's rate since
  const counted = new Map<string, { submitted: number; at: number }>();
  const traffic = (): BindTraffic[] => {
    const now = ctx.now().getTime();
    const live = server.listSessions().filter((s) => s.state === 'bound');
    const out = live.map((s) => {
      const before = counted.get(s.id) ?? { submitted: 0, at: s.boundAt?.getTime() ?? now };
      counted.set(s.id, { submitted: s.submitted, at: now });
      const seconds = (now - before.at) / 1000;
      return {
        sessionId: s.id,
        submitted: s.submitted,
        throttled: s.throttled,
        rate: seconds > 0 ? (s.submitted - before.submitted) / seconds : 0,
      };
    });
    for (const id of counted.keys()) if (!live.some((s) => s.id === id)) counted.delete(id);
    return out;
  };
  const bound = await server.listen(port === 'auto' ? 0 : port, ctx.config.host);
  ctx.log.info({ port: bound.port }, 'smpp listening');
  ctx.metrics.watchSmppBinds(() =>
    server
      .listSessions()
      .flatMap((s) =>
        s.state === 'bound' && s.accountId ? [{ accountId: s.accountId, bindType: s.bindType ?? 'unknown' }] : [],
      ),
  );
  boundPort = bound.port;
  listening?.(bound.port);
  startLoop(ctx, 'smpp-binds', BIND_HEARTBEAT_MS, () => heartbeatBinds(ctx.db, instanceId, ctx.now(), traffic()));
  startLoop(ctx, 'smpp-watch', WATCH_MS, () => watchBinds(ctx, instanceId, server, speeds));
  const delivery = new ReceiptDelivery(ctx, server, () => receipts.wake());
  // a round that found nothing to deliver rests longer: new rows come with a notice, and retries and rows of accounts
  // that just bound are found within IDLE_MS
  const receipts = startLoop(
    ctx,
    'smpp-receipts',
    RECEIPT_POLL_MS,
    async (stopped) => {
      for (let claimed = 0; ;) {
        const sliceStart = performance.now();
        const n = await delivery.round();
        claimed += n;
        if (n < CLAIM_LIMIT || stopped()) return claimed === 0 ? restFor(Infinity) : undefined;
        await giveTurn(ctx.db, sliceStart);
      }
    },
    IDLE_MS,
  );
  // receipts and replies queued on any instance are delivered at once, not at the next poll
  const unlisten = await ctx.db.listen(OUTBOX_CHANNEL, () => receipts.wake());
  ctx.onClose(async () => {
    await unlisten();
    // no claim after this, and every claimed row settled (delivered, or given back for another instance at once)
    // while the database is still open: a row claimed by a last round and left would wait out its lease
    await receipts.stop();
    // a submit stored but unanswered would be sent again on another bind: its answer may take most of the stop's time
    await server.close(Math.max(2000, (ctx.config.shutdownTimeoutS * 1000) / 2.5));
    await delivery.settled();
    await removeInstanceBinds(ctx.db, instanceId);
  });
};
