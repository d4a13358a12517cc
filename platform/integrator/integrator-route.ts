import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { unstorablePath } from '../../contract/bounds';
import type { Endpoint } from '../../contract/endpoint';
import type { AppContext } from '../core/context';
import { zodToApiError } from '../http/route';
import type { CallerAccount } from './caller-store';
import { authenticate } from './integrator-auth';
import { invalidRequest } from './integrator-error';

export interface SignedCall<E extends Endpoint> {
  account: CallerAccount;
  input: z.output<E['request']>;
  /** the request as it came (the JSON body, or the query with the path's parameters), before validation. */
  raw: unknown;
  req: FastifyRequest;
}

const EMPTY = Buffer.alloc(0);

/** Registers one integrator endpoint: the request's signature and caller checked over its raw body first, then the
 * body (or query) validated by the contract; the handler's answer is sent as it is. */
export function signedRoute<E extends Endpoint>(
  app: FastifyInstance,
  ctx: AppContext,
  endpoint: E,
  handler: (call: SignedCall<E>) => Promise<unknown>,
): void {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    handler: async (req) => {
      const body = Buffer.isBuffer(req.body) ? req.body : EMPTY;
      const account = await authenticate(ctx, req, body);
      let raw: unknown;
      if (endpoint.method === 'GET' || endpoint.method === 'DELETE') {
        raw = { ...(req.query as object), ...(req.params as object) };
      } else {
        try {
          raw = body.length === 0 ? {} : JSON.parse(body.toString('utf8'));
        } catch {
          throw invalidRequest('error.malformedJson', {}, 'body');
        }
      }
      const bad = unstorablePath(raw);
      if (bad !== null) throw invalidRequest(bad.key, { field: bad.path }, bad.path);
      const parsed = endpoint.request.safeParse(raw);
      if (!parsed.success) {
        const e = zodToApiError(parsed.error, raw);
        throw invalidRequest(e.key, e.params, e.field);
      }
      return handler({ account, input: parsed.data as z.output<E['request']>, raw, req });
    },
  });
}
