import type { FastifyRequest } from 'fastify';
import type { CurrentUser } from '../core/current-user';

/** The caller behind a request's bearer token, or null. The auth area decorates the server with it before any area
 * registers its routes (auth/authentication.ts), so request handling here never depends on how tokens are kept. */
export type Authenticate = (req: FastifyRequest) => Promise<CurrentUser | null>;

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: Authenticate;
  }
}

/** The caller behind the request's bearer token, or null. */
export async function callerOf(req: FastifyRequest): Promise<CurrentUser | null> {
  if (!req.server.hasDecorator('authenticate'))
    throw new Error('no authentication registered: the auth area decorates the server first');
  return req.server.authenticate(req);
}
