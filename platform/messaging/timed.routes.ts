import type { FastifyInstance } from 'fastify';
import {
  timeBatchEditEndpoint,
  timeBatchEditQuoteEndpoint,
  timeBatchOperationEndpoint,
} from '../../contract/endpoints/timed.endpoints';
import type { AppContext } from '../core/context';
import { route } from '../http/route';
import { editTimeBatch, operateTimeBatch, operationSuccessKey, quoteTimeBatchEdit } from './timed';

// Timed batch operation and edit. The list and number download routes live with the records routes.
export function registerTimedRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(
    app,
    ctx,
    timeBatchOperationEndpoint,
    async (c) => {
      const out = await operateTimeBatch(ctx, c.user!, c.body.time_batch, c.body.operation);
      c.message(operationSuccessKey(c.body.operation));
      return out;
    },
    { idempotent: true },
  );

  route(
    app,
    ctx,
    timeBatchEditEndpoint,
    async (c) => {
      const out = await editTimeBatch(ctx, c.user!, c.body.time_batch, c.body.content, c.body.timing_time);
      c.message('timed.editSuccess');
      return out;
    },
    { idempotent: true },
  );

  route(app, ctx, timeBatchEditQuoteEndpoint, async (c) =>
    quoteTimeBatchEdit(ctx, c.user!, c.body.time_batch, c.body.content),
  );
}
