import type { FastifyInstance } from 'fastify';
import { LOG_UPLOAD_MAX_BYTES, uploadLogsEndpoint } from '../../contract/endpoints/log.endpoints';
import type { AppContext } from '../core/context';
import { route } from '../http/route';
import { storeClientLogs } from './client-logs';

/** Runtime errors uploaded from the console's log viewer, kept per login within its retention. */
export function registerLogRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(
    app,
    ctx,
    uploadLogsEndpoint,
    async ({ user, body, message }) => {
      await storeClientLogs(ctx.db, user.id, body, ctx.config.clientLogKeepRows);
      message('logs.sent');
      return { stored: body.length };
    },
    { idempotent: true, bodyLimit: LOG_UPLOAD_MAX_BYTES },
  );
}
