import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Language } from '../../contract/constants';
import type { Endpoint } from '../../contract/endpoint';
import { IDEMPOTENCY_HEADER, SUCCESS_TYPE } from '../../contract/envelope';
import { translate } from '../../contract/messages';
import { bearerOf } from '../auth/tokens';
import { userForToken, type CurrentUser } from '../auth/current-user';
import type { AppContext } from '../context';
import { ApiError, badRequest, conflict, unauthorized } from './api-error';
import { languageOf } from './language';

export interface Call<E extends Endpoint, U extends CurrentUser | null> {
  body: z.output<E['request']>;
  user: U;
  lang: Language;
  req: FastifyRequest;
  reply: FastifyReply;
  /** set a localized message for the envelope (default: common.ok). */
  message: (key: string, params?: Record<string, string | number>) => void;
}

type Handler<E extends Endpoint> = (
  call: Call<E, E['auth'] extends 'token' ? CurrentUser : CurrentUser | null>,
) => Promise<z.input<E['response']> | void>;

export interface RouteOptions {
  /** honour Idempotency-Key: a retry gets the first answer and does nothing twice. */
  idempotent?: boolean;
}

/** The caller behind the request's bearer token, or null. */
export async function callerOf(ctx: AppContext, req: FastifyRequest, token = bearerOf(req.headers.authorization)): Promise<CurrentUser | null> {
  return token ? userForToken(ctx.db, token, ctx.now()) : null;
}

/** Registers one contract endpoint under the service base path. */
export function route<E extends Endpoint>(app: FastifyInstance, ctx: AppContext, endpoint: E, handler: Handler<E>, opts: RouteOptions = {}): void {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    handler: async (req, reply) => {
      const lang = languageOf(req);
      const user = await callerOf(ctx, req);
      if (endpoint.auth === 'token' && !user) throw unauthorized();
      const raw = endpoint.method === 'GET' || endpoint.method === 'DELETE' ? req.query : endpoint.kind === 'multipart' ? {} : (req.body ?? {});
      const parsed = endpoint.request.safeParse(raw);
      if (!parsed.success) throw zodToApiError(parsed.error, raw);
      let messageKey = 'common.ok';
      let messageParams: Record<string, string | number> = {};
      const call = {
        body: parsed.data,
        user,
        lang,
        req,
        reply,
        message: (key: string, params: Record<string, string | number> = {}) => {
          messageKey = key;
          messageParams = params;
        },
      } as Call<E, CurrentUser>;
      const run = async () => {
        const data = await handler(call as never);
        return { type: SUCCESS_TYPE, message: translate(lang, messageKey, messageParams), data: data ?? null };
      };
      const key = req.headers[IDEMPOTENCY_HEADER.toLowerCase()];
      if (opts.idempotent && user && typeof key === 'string' && key) return idempotent(ctx, user.id, key.slice(0, 200), endpoint.path, lang, reply, run);
      const out = await run();
      if (endpoint.kind === 'file' || endpoint.kind === 'sse') return reply;
      return out;
    },
  });
}

/** First call reserves the key, runs, and stores its answer (success or 4xx); a retry answers the stored one. */
async function idempotent(
  ctx: AppContext,
  userId: number,
  key: string,
  path: string,
  lang: Language,
  reply: FastifyReply,
  run: () => Promise<unknown>,
): Promise<unknown> {
  const reserved = await ctx.db.query('insert into idempotency_keys(user_id, key, path) values ($1, $2, $3) on conflict do nothing returning key', [userId, key, path]);
  if (reserved.length === 0) {
    for (let i = 0; i < 100; i++) {
      const [row] = await ctx.db.query<{ status: number | null; body: unknown }>('select status, body from idempotency_keys where user_id = $1 and key = $2', [userId, key]);
      if (!row) break;
      if (row.status !== null) {
        reply.header('Idempotent-Replay', 'true');
        return reply.code(row.status).send(row.body);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw conflict('error.idempotencyInProgress');
  }
  try {
    const out = await run();
    await ctx.db.query('update idempotency_keys set status = 200, body = $3 where user_id = $1 and key = $2', [userId, key, JSON.stringify(out)]);
    return out;
  } catch (e) {
    if (e instanceof ApiError && e.status < 500 && e.status !== 401) {
      const body = { type: e.status, message: translate(lang, e.key, e.params), ...(e.field ? { field: e.field } : {}) };
      await ctx.db.query('update idempotency_keys set status = $3, body = $4 where user_id = $1 and key = $2', [userId, key, e.status, JSON.stringify(body)]);
    } else {
      await ctx.db.query('delete from idempotency_keys where user_id = $1 and key = $2', [userId, key]);
    }
    throw e;
  }
}

/** A zod failure becomes a 400 naming the first offending field; contract rule messages are keys (`v.*`). */
export function zodToApiError(err: z.ZodError, input: unknown): ApiError {
  const issue = err.issues[0];
  const field = issue?.path.map(String).join('.') || 'body';
  const msg = issue?.message ?? '';
  if (msg.startsWith('v.')) return badRequest(msg, { field }, field);
  // zod 4 issues do not carry the input: look the value up to tell "missing" from "wrong".
  let value: unknown = input;
  for (const k of issue?.path ?? []) value = value !== null && typeof value === 'object' ? (value as Record<PropertyKey, unknown>)[k as PropertyKey] : undefined;
  if (value === undefined || value === null || value === '') return badRequest('error.requiredField', { field }, field);
  return badRequest('error.invalidField', { field, reason: msg }, field);
}
