import type { FastifyInstance } from 'fastify';
import { apiDocEndpoint } from '../../contract/endpoints/account.endpoints';
import { openApiDocument } from './openapi';
import type { AppContext } from '../context';
import { route } from '../http/route';

// The API document: in the envelope for the console's API page, and raw at /openapi.json for integrators' tools.
export function registerApiDocRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, apiDocEndpoint, async () => openApiDocument());
  app.get('/openapi.json', async (_req, reply) => reply.type('application/json').send(await openApiDocument()));
}
