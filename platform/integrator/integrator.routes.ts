import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  INTEGRATOR_ENDPOINTS,
  INTEGRATOR_HEADERS,
  INTEGRATOR_MAX_RANGE_DAYS,
} from '../../contract/endpoints/integrator.endpoints';
import type { AppContext } from '../core/context';
import { requestHash } from '../http/route';
import type { CallerAccount } from './caller-store';
import { IntegratorError, invalidRequest } from './integrator-error';
import { signedRoute, type SignedCall } from './integrator-route';
import { drawTokens } from '../messaging/rate-bucket';
import { sendForCaller } from './integrator-send';
import { balanceOfAccount, messageOfAccount, messagesOfAccount, repliesOfAccount } from './query-store';

/** Printable ASCII, as the console's sends take an Idempotency-Key. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;
const DAY_MS = 86_400_000;

type Calls = typeof INTEGRATOR_ENDPOINTS;
/** One handler per call of the contract's list: a call listed there without one here fails the type check. */
type Handlers = { [K in keyof Calls]: (call: SignedCall<Calls[K]>) => Promise<unknown> };

function idempotencyOf(req: FastifyRequest, raw: unknown): { key: string; requestHash: string } | null {
  const key = req.headers[INTEGRATOR_HEADERS.idempotencyKey.toLowerCase()];
  if (key === undefined) return null;
  if (typeof key !== 'string' || !IDEMPOTENCY_KEY.test(key))
    throw invalidRequest(
      'error.idempotencyKeyFormat',
      { field: INTEGRATOR_HEADERS.idempotencyKey },
      INTEGRATOR_HEADERS.idempotencyKey,
    );
  return { key, requestHash: `${req.routeOptions.url}:${requestHash(raw)}` };
}

export function registerIntegratorRoutes(app: FastifyInstance, ctx: AppContext): void {
  /** The account's max speed (options.maxSpeed, as the SMPP server reads it), counted in recipients over every
   * instance; none: no limit. */
  const admit = async (account: CallerAccount, recipients: number) => {
    const rate = Number(account.options.maxSpeed ?? 0);
    if (!Number.isFinite(rate) || rate <= 0) return;
    const waitMs = await drawTokens(ctx.db, account.cus_id, rate, recipients, ctx.now());
    if (waitMs === 0) return;
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    throw new IntegratorError('RATE_LIMITED', 'integrator.rateLimited', { seconds }, { retryAfterS: seconds });
  };

  const handlers: Handlers = {
    send: async ({ account, input, raw, req }) => {
      await admit(account, input.numbers.length);
      return sendForCaller(ctx, account, {
        items: input.numbers.map((number) => ({ number, text: input.text })),
        personalised: false,
        sender: input.sender ?? null,
        clientRef: input.clientRef ?? null,
        category: input.category,
        idempotency: idempotencyOf(req, raw),
      });
    },
    batch: async ({ account, input, raw, req }) => {
      await admit(account, input.items.length);
      return sendForCaller(ctx, account, {
        items: input.items,
        personalised: true,
        sender: input.sender ?? null,
        clientRef: input.clientRef ?? null,
        category: input.category,
        idempotency: idempotencyOf(req, raw),
      });
    },
    list: async ({ account, input }) => {
      const to = input.to !== undefined ? new Date(input.to * 1000) : ctx.now();
      const from = input.from !== undefined ? new Date(input.from * 1000) : new Date(to.getTime() - DAY_MS);
      if (from.getTime() > to.getTime()) throw invalidRequest('integrator.rangeReversed', {}, 'from');
      if (to.getTime() - from.getTime() > INTEGRATOR_MAX_RANGE_DAYS * DAY_MS)
        throw invalidRequest(
          'integrator.rangeTooLong',
          { days: INTEGRATOR_MAX_RANGE_DAYS },
          input.from === undefined ? 'to' : 'from',
        );
      const page = await messagesOfAccount(ctx.db, {
        cusId: account.cus_id,
        number: input.number || null,
        from,
        to,
        page: input.page,
        size: input.size,
      });
      return { ...page, page: input.page, size: input.size };
    },
    message: async ({ account, input }) => {
      const message = await messageOfAccount(ctx.db, account.cus_id, input.messageId);
      if (!message) throw new IntegratorError('NOT_FOUND', 'integrator.notFound');
      return message;
    },
    replies: async ({ account, input }) => repliesOfAccount(ctx.db, account.cus_id, input.cursor ?? null, input.limit),
    balance: async ({ account }) => balanceOfAccount(ctx.db, account.cus_id),
  };
  const register = <K extends keyof Calls>(name: K) =>
    signedRoute(app, ctx, INTEGRATOR_ENDPOINTS[name], handlers[name]);
  for (const name of Object.keys(INTEGRATOR_ENDPOINTS) as Array<keyof Calls>) register(name);
}
