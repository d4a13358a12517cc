import { randomUUID } from 'node:crypto';
import { startLoop } from '../background-loop';
import type { AreaOptions, AreaPlugin } from '../context';
import { authenticateBind } from './bind-auth';
import { STATUS } from './command-status';
import { deliverDueReceipts } from './receipt-outbox';
import { SmppServer } from './smpp-server';
import { queryFromSmpp } from './smpp-query';
import { submitFromSmpp } from './smpp-submit';
import { BIND_HEARTBEAT_MS, heartbeatBinds, removeBind, removeInstanceBinds } from './smpp-binds';
import { AccountBuckets } from './token-bucket';

export interface SmppOptions extends AreaOptions {
  /** told the port the server listens on once it does. */
  listening?: (port: number) => void;
}

/** How often the receipt outbox is looked at. */
const RECEIPT_POLL_MS = 250;

/** The SMPP server beside HTTP (SMPP_PORT): binds against the accounts, submit_sm into the send pipeline, receipts
 * from the outbox. Closing unbinds every session. */
export const smppPlugin: AreaPlugin<SmppOptions> = async (_app, { ctx, listening }) => {
  const port = ctx.config.smppPort;
  if (port === null) return;
  const instanceId = randomUUID();
  const speeds = new Map<string, number>();
  const buckets = new AccountBuckets({ now: () => ctx.now().getTime() });
  const log = {
    info: (obj: object, msg: string) => ctx.log.info(obj, msg),
    warn: (obj: object, msg: string) => ctx.log.warn(obj, msg),
  };
  const server = new SmppServer({
    logger: log,
    async authenticate(req) {
      const result = await authenticateBind(ctx, instanceId, req);
      if (result.ok) speeds.set(result.accountId, await maxSpeedOf(result.accountId));
      return result;
    },
    submit: (session, message) => submitFromSmpp(ctx, session, message),
    query: (session, req) => queryFromSmpp(ctx, session, req),
    admit(session, cost) {
      const rate = session.accountId ? (speeds.get(session.accountId) ?? 0) : 0;
      if (rate <= 0 || !session.accountId) return STATUS.ROK;
      return buckets.take(session.accountId, rate, cost) ? STATUS.ROK : STATUS.RTHROTTLED;
    },
    onUnbound(session) {
      removeBind(ctx.db, session.id).catch((err) => ctx.log.warn({ err, sessionId: session.id }, 'smpp bind row not removed'));
    },
  });
  const maxSpeedOf = async (cusId: string) => {
    const [row] = await ctx.db.query<{ speed: string | null }>("select options->>'maxSpeed' as speed from accounts where cus_id = $1", [cusId]);
    const n = Number(row?.speed ?? 0);
    return Number.isFinite(n) && n > 0 ? n : 0;
  };
  const bound = await server.listen(port === 'auto' ? 0 : port, ctx.config.host);
  ctx.log.info({ port: bound.port }, 'smpp listening');
  listening?.(bound.port);
  startLoop(ctx, 'smpp-binds', BIND_HEARTBEAT_MS, () => heartbeatBinds(ctx.db, instanceId, ctx.now()));
  startLoop(ctx, 'smpp-receipts', RECEIPT_POLL_MS, () => deliverDueReceipts(ctx, server));
  ctx.onClose(async () => {
    await server.close();
    await removeInstanceBinds(ctx.db, instanceId);
  });
};
