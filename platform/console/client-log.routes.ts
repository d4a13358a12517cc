import type { FastifyInstance } from 'fastify';
import { LOG_UPLOAD_MAX_BYTES, uploadLogsEndpoint } from '../../contract/endpoints/log.endpoints';
import type { AppContext } from '../context';
import { route } from '../http/route';

/** What each login keeps of its uploaded logs: the newest entries up to either bound (rows: config.clientLogKeepRows,
 * 1,000 unless set); older ones go as new ones come, so repeated uploads cannot grow the table past this per login
 * (a log viewer needs the recent errors, not history). */
export const LOG_KEEP_BYTES = 1024 * 1024;

/** Runtime errors uploaded from the console's log viewer land in client_logs, one set-based insert per upload, then
 * the caller's entries past the retention are deleted in the same call. */
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
      await ctx.db.query(
        `delete from client_logs where id in (
           select id from (
             select id, row_number() over w as n,
                    sum(octet_length(type) + octet_length(message) + coalesce(octet_length(stack), 0) + coalesce(octet_length(info), 0)
                        + coalesce(octet_length(url), 0) + coalesce(octet_length(time), 0)) over w as bytes
               from client_logs where user_id = $1 window w as (order by id desc)
           ) kept where n > $2 or bytes > $3)`,
        [user.id, ctx.config.clientLogKeepRows, LOG_KEEP_BYTES],
      );
      message('logs.sent');
      return { stored: body.length };
    },
    { idempotent: true, bodyLimit: LOG_UPLOAD_MAX_BYTES },
  );
}
