import type { FastifyInstance } from 'fastify';
import { uploadLogsEndpoint } from '../../contract/endpoints/log.endpoints';
import type { AppContext } from '../context';
import { route } from '../http/route';

/** Runtime errors uploaded from the console's log viewer land in client_logs, one set-based insert per upload. */
export function registerLogRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(
    app,
    ctx,
    uploadLogsEndpoint,
    async ({ user, body, message }) => {
      await ctx.db.query(
        `insert into client_logs(user_id, type, message, stack, info, url, time)
         select $1, e->>'type', e->>'message', e->>'stack', e->>'info', e->>'url', e->>'time' from jsonb_array_elements($2::jsonb) e`,
        [user.id, JSON.stringify(body)],
      );
      message('logs.sent');
      return { stored: body.length };
    },
    { idempotent: true },
  );
}
