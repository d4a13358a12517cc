import type { FastifyInstance } from 'fastify';
import { apiDocEndpoint } from '../../contract/endpoints/account.endpoints';
import { openApiDocument } from './openapi';
import type { AppContext } from '../core/context';
import { route } from '../http/route';

// The console's API document, in the envelope for the console's API page (raw at /openapi.json); the integrator API's
// is served beside it by the integrator area (integrator/integrator-doc.routes.ts).
export function registerApiDocRoutes(app: FastifyInstance, ctx: AppContext): void {
  route(app, ctx, apiDocEndpoint, async () => openApiDocument());
  app.get('/openapi.json', async (_req, reply) => reply.type('application/json').send(await openApiDocument()));
}
