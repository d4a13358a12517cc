import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';

/** Spec §7 "User" and "Settings" routes. */
export function registerAuthRoutes(_app: FastifyInstance, _ctx: AppContext): void {
  // Filled in by the foundation work (issue 2).
}
