import type { FastifyInstance } from 'fastify';
import { LOG_UPLOAD_MAX_ENTRIES, uploadLogsEndpoint } from '../../contract/endpoints/log.endpoints';
import type { AppContext } from '../context';
import { badRequest } from '../http/api-error';
import { route } from '../http/route';

/** Runtime errors uploaded from the console's log viewer land in client_logs, one set-based insert per upload. */
export function registerLogRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(
    app,
    ctx,
    uploadLogsEndpoint,
    async ({ user, body, message }) => {
      if (body.length > LOG_UPLOAD_MAX_ENTRIES) throw badRequest('logs.tooMany', { max: LOG_UPLOAD_MAX_ENTRIES }, 'body');
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
