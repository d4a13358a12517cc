import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { unstorablePath } from '../../contract/bounds';
import { fieldIssueKey } from '../../contract/field-errors';
import type { Language } from '../../contract/constants';
import type { Endpoint } from '../../contract/endpoint';
import { IDEMPOTENCY_HEADER, SUCCESS_TYPE } from '../../contract/envelope';
import { isMessageKey, translate } from '../../contract/messages';
import type { CurrentUser } from '../core/current-user';
import type { AppContext } from '../core/context';
import type { Queryable } from '../db/db';
import { ApiError, badRequest, conflict, unauthorized } from './api-error';
import { callerOf } from './authentication';
import { languageOf } from './language';

export interface Call<E extends Endpoint, U extends CurrentUser | null> {
  body: z.output<E['request']>;
  user: U;
  lang: Language;
  req: FastifyRequest;
  reply: FastifyReply;
  /** set a localized message for the envelope (default: common.ok). */
  message: (key: string, params?: Record<string, string | number>) => void;
  /** the request's Idempotency-Key on a resumable route (a rerun of a command cut short finds its work by it). */
  idempotencyKey: string | null;
}

type Handler<E extends Endpoint> = (
  call: Call<E, E['auth'] extends 'token' ? CurrentUser : CurrentUser | null>,
) => Promise<z.input<E['response']> | void>;

export interface RouteOptions {
  /** honour Idempotency-Key: a retry gets the first answer and does nothing twice. `true` runs the whole handler in
   * one transaction with its stored answer; 'resumable' runs it outside any transaction, for commands whose work is
   * many short transactions (a large send or import): the handler itself must make a rerun of the same key finish
   * what an earlier run began and answer the same (it gets the key as `idempotencyKey`). */
  idempotent?: boolean | 'resumable';
  /** a smaller request body limit than the service's (bytes); a larger body answers 413. */
  bodyLimit?: number;
}

/** Registers one contract endpoint under the service base path. */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  ctx: AppContext,
  endpoint: E,
  handler: Handler<E>,
  opts: RouteOptions = {},
): void {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...(opts.bodyLimit ? { bodyLimit: opts.bodyLimit } : {}),
    handler: async (req, reply) => {
      const lang = languageOf(req);
      const user = await callerOf(req);
      if (endpoint.auth === 'token' && !user) throw unauthorized();
      const raw =
        endpoint.method === 'GET' || endpoint.method === 'DELETE'
          ? req.query
          : endpoint.kind === 'multipart'
            ? {}
            : (req.body ?? {});
      const bad = unstorablePath(raw);
      if (bad !== null) throw badRequest(bad.key, { field: bad.path }, bad.path);
      const parsed = endpoint.request.safeParse(raw);
      if (!parsed.success) throw zodToApiError(parsed.error, raw);
      let messageKey = 'common.ok';
      let messageParams: Record<string, string | number> = {};
      const key = req.headers[IDEMPOTENCY_HEADER.toLowerCase()];
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
        idempotencyKey:
          opts.idempotent === 'resumable' && user && typeof key === 'string' && IDEMPOTENCY_KEY.test(key) ? key : null,
      } as Call<E, CurrentUser>;
      const run = async () => {
        const data = await handler(call as never);
        return { type: SUCCESS_TYPE, message: translate(lang, messageKey, messageParams), data: data ?? null };
      };
      if (opts.idempotent && user && typeof key === 'string' && key) {
        if (!IDEMPOTENCY_KEY.test(key))
          throw badRequest('error.idempotencyKeyFormat', { field: IDEMPOTENCY_HEADER }, IDEMPOTENCY_HEADER);
        const keyed = { userId: user.id, key, path: endpoint.path, hash: requestHash(raw) };
        return opts.idempotent === 'resumable'
          ? resumable(ctx, keyed, lang, reply, run)
          : idempotent(ctx, keyed, lang, reply, run);
      }
      const out = await run();
      if (endpoint.kind === 'file' || endpoint.kind === 'sse') return reply;
      return out;
    },
  });
}

/** Printable ASCII, as HTTP header values are; ULIDs and UUIDs fit. */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,200}$/;

/** A key's request: the same user, route and body (hashed in a canonical form, so key order does not matter). */
interface KeyedRequest {
  userId: number;
  key: string;
  path: string;
  hash: string;
}

const canonical = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(canonical)
    : v !== null && typeof v === 'object'
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
        )
      : v;
export const requestHash = (body: unknown) =>
  createHash('sha256')
    .update(JSON.stringify(canonical(body ?? {})))
    .digest('hex');

/**
 * The first call of a key runs as one transaction with its stored answer: the key is reserved, the command's effects
 * are made (the handler's queries join the transaction, platform/db/db.ts) and the answer is stored, all committed
 * together. A crash or a failure at any point leaves nothing behind, so the retry simply runs again; a retry after
 * the commit, or one racing it (the unique key waits for the commit), answers the stored answer. A refusal (4xx) is
 * stored too, so a retry hears the same. The same key with another route or body is refused (422): replaying would
 * silently drop the second call.
 */
async function idempotent(
  ctx: AppContext,
  k: KeyedRequest,
  lang: Language,
  reply: FastifyReply,
  run: () => Promise<unknown>,
): Promise<unknown> {
  const { userId, key } = k;
  const stored = async (q: Queryable) =>
    (
      await q.query<{ status: number | null; body: unknown; path: string; request_hash: string | null }>(
        'select status, body, path, request_hash from idempotency_keys where user_id = $1 and key = $2',
        [userId, key],
      )
    )[0];
  for (let attempt = 1; ; attempt++) {
    try {
      const outcome = await ctx.db.tx(async (q) => {
        const reserved = await q.query(
          'insert into idempotency_keys(user_id, key, path, request_hash) values ($1, $2, $3, $4) on conflict do nothing returning key',
          [userId, key, k.path, k.hash],
        );
        if (reserved.length === 0) return { replay: await stored(q) };
        const out = await run();
        await q.query('update idempotency_keys set status = 200, body = $3 where user_id = $1 and key = $2', [
          userId,
          key,
          JSON.stringify(out),
        ]);
        return { out };
      });
      if (!('replay' in outcome)) return outcome.out;
      const row = outcome.replay;
      if (!row || row.status === null) throw conflict('error.idempotencyInProgress');
      if (row.path !== k.path || (row.request_hash !== null && row.request_hash !== k.hash)) {
        throw new ApiError(422, 'error.idempotencyMismatch', { header: IDEMPOTENCY_HEADER });
      }
      reply.header('Idempotent-Replay', 'true');
      return reply.code(row.status).send(row.body);
    } catch (e) {
      const code = (e as { code?: string }).code;
      // a deadlock or serialization failure rolled the whole command back: run it again
      if ((code === '40P01' || code === '40001') && attempt < 5) continue;
      if (e instanceof ApiError && e.afterRollback) await e.afterRollback();
      await storeRefusal(ctx, k, lang, e);
      throw e;
    }
  }
}

/** A refusal (4xx but 401, 409, 422) is the key's answer too, so a retry hears the same. */
async function storeRefusal(ctx: AppContext, k: KeyedRequest, lang: Language, e: unknown): Promise<void> {
  if (!(e instanceof ApiError) || e.status >= 500 || e.status === 401 || e.status === 409 || e.status === 422) return;
  const body = JSON.stringify({
    type: e.status,
    message: translate(lang, e.key, e.params),
    ...(e.field ? { field: e.field } : {}),
  });
  await ctx.db.query(
    `insert into idempotency_keys(user_id, key, path, request_hash, status, body) values ($1, $2, $3, $4, $5, $6)
     on conflict (user_id, key) do update set status = excluded.status, body = excluded.body where idempotency_keys.status is null`,
    [k.userId, k.key, k.path, k.hash, e.status, body],
  );
}

/**
 * A resumable command's key: reserved in a transaction of its own, the handler run outside any transaction (its work
 * is many short ones, so no request waits for the whole command), then its answer stored. A key reserved and not yet
 * answered belongs to a run that was cut short (a crash) or is still running: a retry runs the handler again, which
 * finishes that run's work rather than doing it twice, and answers the same. An answered key is replayed; the same key
 * with another route or body is refused (422).
 */
async function resumable(
  ctx: AppContext,
  k: KeyedRequest,
  lang: Language,
  reply: FastifyReply,
  run: () => Promise<unknown>,
): Promise<unknown> {
  const reserved = await ctx.db.query(
    'insert into idempotency_keys(user_id, key, path, request_hash) values ($1, $2, $3, $4) on conflict do nothing returning key',
    [k.userId, k.key, k.path, k.hash],
  );
  if (reserved.length === 0) {
    const [row] = await ctx.db.query<{
      status: number | null;
      body: unknown;
      path: string;
      request_hash: string | null;
    }>('select status, body, path, request_hash from idempotency_keys where user_id = $1 and key = $2', [
      k.userId,
      k.key,
    ]);
    if (row && (row.path !== k.path || (row.request_hash !== null && row.request_hash !== k.hash))) {
      throw new ApiError(422, 'error.idempotencyMismatch', { header: IDEMPOTENCY_HEADER });
    }
    if (row && row.status !== null) {
      reply.header('Idempotent-Replay', 'true');
      return reply.code(row.status).send(row.body);
    }
  }
  let out: unknown;
  try {
    out = await run();
  } catch (e) {
    await storeRefusal(ctx, k, lang, e);
    throw e;
  }
  await ctx.db.query(
    'update idempotency_keys set status = 200, body = $3 where user_id = $1 and key = $2 and status is null',
    [k.userId, k.key, JSON.stringify(out)],
  );
  return out;
}

/** A zod failure becomes a 400 naming the first offending field, in the caller's language: contract rule messages
 * are keys (`v.*`, or an area's catalogue key such as `policy.*`); zod's own issues map to `v.field.*` keys by their code, never to zod's English text. */
export function zodToApiError(err: z.ZodError, input: unknown): ApiError {
  const issue = err.issues[0];
  const field = issue?.path.map(String).join('.') || 'body';
  const msg = issue?.message ?? '';
  // a rule about one item of a list (a frame, a card) names the item by its number, {n}, counted from 1
  const item = issue?.path.find((p) => typeof p === 'number');
  // a contract rule may name what it found (the invalid placeholders, {names}) in its issue's params
  const named =
    issue?.code === 'custom'
      ? Object.entries(issue.params ?? {}).filter(([, v]) => typeof v === 'string' || typeof v === 'number')
      : [];
  if (msg.startsWith('v.') || isMessageKey(msg))
    return badRequest(
      msg,
      { field, ...(typeof item === 'number' ? { n: item + 1 } : {}), ...Object.fromEntries(named) },
      field,
    );
  // zod 4 issues do not carry the input: look the value up to tell "missing" from "wrong".
  let value: unknown = input;
  for (const k of issue?.path ?? [])
    value =
      value !== null && typeof value === 'object'
        ? (value as Record<PropertyKey, unknown>)[k as PropertyKey]
        : undefined;
  if (value === undefined || value === null || value === '') return badRequest('error.requiredField', { field }, field);
  const { key, params } = fieldIssueKey(issue);
  return badRequest(key, { field, ...params }, field);
}
