import type { FastifyInstance } from 'fastify';
import { apiDocEndpoint, integratorApiDocEndpoint } from '../../contract/endpoints/account.endpoints';
import { integratorOpenApiDocument } from '../integrator/integrator-openapi';
import { openApiDocument } from './openapi';
import type { AppContext } from '../core/context';
import { route } from '../http/route';

// The API documents, in the envelope for the console's API page: the console's own (raw at /openapi.json) and the
// integrator API's (raw under its base path, integrator.plugin.ts).
export function registerApiDocRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, apiDocEndpoint, async () => openApiDocument());
  route(app, ctx, integratorApiDocEndpoint, async () => integratorOpenApiDocument());
  app.get('/openapi.json', async (_req, reply) => reply.type('application/json').send(await openApiDocument()));
}
