import type { AreaPlugin } from '../core/context';
import { registerCrudRoutes } from './crud.routes';
import { startNumberCheckWorker } from './number-check.worker';
import { registerNumberCheckRoutes } from './number-check.routes';

/** Number checks (with the worker that checks accepted batches in the background) and the sample CRUD API. */
export const toolsPlugin: AreaPlugin = async (api, { ctx }) => {
  registerNumberCheckRoutes(api, ctx, startNumberCheckWorker(ctx));
  registerCrudRoutes(api, ctx);
};
