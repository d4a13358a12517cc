import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Endpoint } from '../../contract/endpoint';
import type { CurrentUser } from '../core/current-user';
import type { AppContext } from '../core/context';
import { unauthorized } from '../http/api-error';
import { route, type Call } from '../http/route';

/** route() for token endpoints, with the caller typed as present (route() already refuses a call without one). */
export function authedRoute<E extends Endpoint>(
  app: FastifyInstance,
  ctx: AppContext,
  endpoint: E,
  handler: (call: Call<E, CurrentUser>) => Promise<z.input<E['response']> | void>,
): void {
  route(app, ctx, endpoint, async (call) => {
    if (!call.user) throw unauthorized();
    return handler(call as Call<E, CurrentUser>);
  });
}
