import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { INTEGRATOR_BASE_PATH } from '../../contract/constants';
import { translate } from '../../contract/messages';
import { startLoop } from '../core/background-loop';
import type { AreaPlugin } from '../core/context';
import { languageOf } from '../http/language';
import { pruneNonces } from './caller-store';
import { IntegratorError } from './integrator-error';
import { integratorOpenApiDocument } from './integrator-openapi';
import { registerIntegratorRoutes } from './integrator.routes';

/** Signed requests are small: 1,000 numbers and a text, or 100 personalised texts. */
const BODY_LIMIT = 1024 * 1024;
const NONCE_PRUNE_MS = 60_000;

function answer(req: FastifyRequest, reply: FastifyReply, e: IntegratorError) {
  if (e.extra.retryAfterS !== undefined) reply.header('Retry-After', String(e.extra.retryAfterS));
  return reply.code(e.status).send({
    code: e.code,
    message: translate(languageOf(req), e.key, e.params),
    requestId: req.id,
    ...(e.extra.field ? { field: e.extra.field } : {}),
  });
}

/** A path under the integrator API's base, in any letter case: what is not one of its calls answers its own 404. */
export const isIntegratorPath = (url: string) => {
  const path = url.split('?')[0].toLowerCase();
  return path === INTEGRATOR_BASE_PATH.toLowerCase() || path.startsWith(`${INTEGRATOR_BASE_PATH.toLowerCase()}/`);
};

/** The integrator API's 404: `{code: 'NOT_FOUND', message, requestId}` in the caller's language. */
export const integratorNoRoute = (req: FastifyRequest, reply: FastifyReply) =>
  answer(req, reply, new IntegratorError('NOT_FOUND', 'integrator.noRoute'));

/**
 * The signed HTTP API customers' own systems send through (registered under INTEGRATOR_BASE_PATH). Bodies are
 * kept raw, since the signature covers their exact bytes, and parsed only once the request is known to be signed.
 * Every refusal answers `{code, message, requestId}`; bad input of any kind is a 4xx.
 */
export const integratorPlugin: AreaPlugin = async (app, { ctx }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_req, body, done) => done(null, body));
  app.addHook('onRequest', async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
  });
  app.setNotFoundHandler(integratorNoRoute);
  // the API's own document, unsigned, for integrators' tools (and the console's API page)
  app.get('/openapi.json', async (_req, reply) =>
    reply.type('application/json').send(await integratorOpenApiDocument()),
  );
  // every other path under the base is the API's too (a trailing slash included), never the console's pages
  app.all('/*', integratorNoRoute);
  app.setErrorHandler((err: FastifyError | IntegratorError, req, reply) => {
    if (err instanceof IntegratorError) return answer(req, reply, err);
    const status = err.statusCode ?? 500;
    if (status === 413 || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return answer(
        req,
        reply,
        new IntegratorError(
          'INVALID_REQUEST',
          'error.bodyTooLarge',
          { limit: `${BODY_LIMIT / 1048576} MB` },
          { field: 'body' },
        ),
      );
    if (status >= 400 && status < 500)
      return answer(req, reply, new IntegratorError('INVALID_REQUEST', 'error.badRequest', {}, { field: 'body' }));
    req.log.error({ err }, 'integrator: unhandled error');
    return answer(req, reply, new IntegratorError('INTERNAL_ERROR', 'error.unknown'));
  });
  registerIntegratorRoutes(app, ctx);
  startLoop(ctx, 'integrator-nonces', NONCE_PRUNE_MS, () => pruneNonces(ctx.db, ctx.now()));
};
