import type { FastifyInstance } from 'fastify';
import {
  crudAddEndpoint,
  crudDeleteEndpoint,
  crudListEndpoint,
  crudUpdateEndpoint,
} from '../../contract/endpoints/crud.endpoints';
import type { AppContext } from '../core/context';
import { notFound } from '../http/api-error';
import { route } from '../http/route';
import { addCrudItem, deleteCrudItem, listCrudItems, updateCrudItem } from './crud-items';

// Items belong to the caller's own account; another account's id is answered as unknown.
export function registerCrudRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, crudListEndpoint, async ({ user, body }) => listCrudItems(ctx.db, user!.cus_id, body));

  route(
    app,
    ctx,
    crudAddEndpoint,
    async ({ user, body, message }) => {
      const item = await addCrudItem(ctx.db, user!.cus_id, body, ctx.now());
      message('common.added');
      return item;
    },
    { idempotent: true },
  );

  route(
    app,
    ctx,
    crudUpdateEndpoint,
    async ({ user, body, message }) => {
      const item = await updateCrudItem(ctx.db, user!.cus_id, body);
      if (!item) throw notFound('crud.notFound');
      message('common.updated');
      return item;
    },
    { idempotent: true },
  );

  route(app, ctx, crudDeleteEndpoint, async ({ user, body, message }) => {
    if (!(await deleteCrudItem(ctx.db, user!.cus_id, body.id))) throw notFound('crud.notFound');
    message('common.deleted');
  });
}
