import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../core/context';
import type { Authenticate } from '../http/authentication';
import { userForToken } from './current-user';
import { bearerOf } from './tokens';

/** Decorates the server with `authenticate`: the caller behind a request's bearer token (a live session of an open
 * account), or null. Registered on the root instance before the areas, so every area's routes inherit it. */
export function registerAuthentication(app: FastifyInstance, ctx: AppContext): void {
  const authenticate: Authenticate = async (req) => {
    const token = bearerOf(req.headers.authorization);
    return token ? userForToken(ctx.db, token, ctx.now()) : null;
  };
  app.decorate('authenticate', authenticate);
}
