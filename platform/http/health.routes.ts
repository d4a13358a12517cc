import type { FastifyInstance, FastifyReply } from 'fastify';
import { translate } from '../../contract/messages';
import type { Db } from '../db/db';
import { languageOf } from './language';

/** How long /ready waits for the database's answer before it calls the instance not ready. */
export const READY_DB_TIMEOUT_MS = 2000;

/** Where an instance is in its life, as a load balancer sees it: serving, or draining before it stops. */
export interface Lifecycle {
  /** set once a stop has begun: /ready answers 503 and new requests are refused. */
  draining: boolean;
  /** answers not yet written (a hijacked stream counts as written: it never holds a stop). */
  unanswered: () => number;
}

const PROBES = new Set(['/health', '/ready']);

/** `/health` (the process answers) and `/ready` (it can do its work) at the root, outside the API prefix and without
 * login, for load balancers and supervisors; and, while the instance drains, a 503 for every new request. */
export function registerHealthRoutes(app: FastifyInstance, db: Db): Lifecycle {
  const open = new Set<FastifyReply>();
  const lifecycle: Lifecycle = { draining: false, unanswered: () => [...open].filter((r) => !r.sent).length };
  app.addHook('onRequest', async (req, reply) => {
    const path = req.url.split('?')[0];
    if (lifecycle.draining && !PROBES.has(path)) {
      // the connection is closed after the answer, so a client's next try reaches another instance
      reply.header('Connection', 'close');
      return reply.code(503).send({ type: 503, message: translate(languageOf(req), 'error.shuttingDown') });
    }
    open.add(reply);
    reply.raw.once('close', () => open.delete(reply));
  });
  app.get('/health', async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok' };
  });
  app.get('/ready', async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
    const reason = lifecycle.draining ? 'shutting down' : await databaseProblem(db);
    if (reason) return reply.code(503).send({ status: 'unavailable', reason });
    return { status: 'ready' };
  });
  return lifecycle;
}

/** null when a trivial query answers in time; otherwise what went wrong. */
async function databaseProblem(db: Db): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`database did not answer within ${READY_DB_TIMEOUT_MS} ms`), READY_DB_TIMEOUT_MS);
  });
  try {
    return await Promise.race([db.query('select 1').then(() => null), late]);
  } catch (err) {
    return `database unreachable: ${(err as Error).message}`;
  } finally {
    clearTimeout(timer);
  }
}
