import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { CONSOLE_BASE_PATH, SERVICE_BASE_PATH } from '../contract/constants';
import { translate } from '../contract/messages';
import type { Config } from './config';
import type { AppContext } from './context';
import type { Db } from './db/db';
import { migrate } from './db/migrate';
import { openPglite } from './db/pglite-db';
import { openPostgres } from './db/postgres-db';
import { ApiError } from './http/api-error';
import { languageOf } from './http/language';
import type { CarrierConnector } from './messaging/carrier';
import { startMessaging } from './messaging/messaging.plugin';
import { registerAuthRoutes } from './routes/auth.routes';
import { registerSendRoutes } from './routes/send.routes';
import { registerPriceRoutes } from './routes/price.routes';
import { registerTimedRoutes } from './routes/timed.routes';
import { registerDashboardRoutes } from './routes/dashboard.routes';
import { registerFeedRoutes } from './routes/feed.routes';
import { registerNumberCheckRoutes } from './routes/number-check.routes';
import { registerBlacklistCheckRoutes } from './routes/blacklist-check.routes';
import { registerRecordRoutes } from './routes/records.routes';
import { registerStatisticsRoutes } from './routes/statistics.routes';
import { registerLogRoutes } from './routes/log.routes';
import { registerCrudRoutes } from './routes/crud.routes';
import { registerSettingRoutes } from './routes/setting.routes';
import { registerAccounts } from './accounts/accounts.plugin';
import { registerShortLinkRoutes } from './routes/short-link.routes';
import { registerInteractRoutes } from './routes/interact.routes';
import { registerShortLinkPublic } from './short-links/short-link.public';
import { registerTemplateRoutes } from './routes/template.routes';
import { registerAddressBookRoutes } from './routes/address-book.routes';
import { registerFileRoutes } from './routes/file.routes';
import { registerFaviconRoute } from './routes/favicon.routes';

/** `/path?a=1&b=2` → `/path?a=…&b=…`: the shape of a request line without its values. */
export const withoutQueryValues = (url: string) => url.replace(/([?&][^=&#]*)=[^&#]*/g, '$1=…');

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const JSON_BODY_LIMIT = 8 * 1024 * 1024;

export interface Platform {
  app: FastifyInstance;
  ctx: AppContext;
  close: () => Promise<void>;
}

export async function openDb(config: Config): Promise<Db> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.dataDir);
}

/** Builds the platform on an open, migrated database. Routes live under /sms-service-api; the console under /sms-cloud/. */
export async function buildPlatform(config: Config, opts: { db?: Db; now?: () => Date; carrier?: CarrierConnector } = {}): Promise<Platform> {
  const db = opts.db ?? (await openDb(config));
  await migrate(db);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization'],
      // Request lines are logged without their query values: a stream ticket or any other secret never reaches a log.
      serializers: { req: (req) => ({ method: req.method, url: withoutQueryValues(req.url), remoteAddress: req.ip }) },
    },
    bodyLimit: JSON_BODY_LIMIT,
  });
  await app.register(helmet, {
    // The console runs under a strict policy: no inline or foreign scripts, no framing, no plugins.
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // PrimeReact sets inline styles and injects <style> elements; styles cannot run code.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        mediaSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginEmbedderPolicy: false,
  });
  const stops: Array<() => Promise<void> | void> = [];
  const ctx: AppContext = { db, config, log: app.log, now: opts.now ?? (() => new Date()), onClose: (s) => stops.push(s) };

  app.setErrorHandler((err: FastifyError | ApiError, req, reply) => {
    const lang = languageOf(req);
    if (err instanceof ApiError) {
      return reply.code(err.status).send({ type: err.status, message: translate(lang, err.key, err.params), ...(err.field ? { field: err.field } : {}) });
    }
    const status = err.statusCode ?? 500;
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) {
      // a route may set a smaller limit than the service's (the log upload): name the one that applied
      const limit = req.routeOptions.bodyLimit ?? JSON_BODY_LIMIT;
      const shown = limit >= 1048576 ? `${Math.round(limit / 1048576)} MB` : `${Math.round(limit / 1024)} KB`;
      return reply.code(413).send({ type: 413, message: translate(lang, 'error.bodyTooLarge', { limit: shown }) });
    }
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415) return reply.code(415).send({ type: 415, message: translate(lang, 'error.unsupportedMediaType') });
    if (status === 429) return reply.code(429).send({ type: 429, message: translate(lang, 'error.tooManyRequests') });
    if (status >= 400 && status < 500) {
      // Fastify's own texts are English: answer with the catalogue's message instead.
      const key = err instanceof SyntaxError || err.code?.startsWith('FST_ERR_CTP') ? 'error.malformedJson' : 'error.badRequest';
      return reply.code(400).send({ type: 400, message: translate(lang, key) });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.code(500).send({ type: 500, message: translate(lang, 'error.unknown') });
  });

  await app.register(
    async (api) => {
      // API answers (the login answer with its token included) are never stored by a browser or a proxy.
      api.addHook('onRequest', async (_req, reply) => {
        reply.header('Cache-Control', 'no-store');
      });
      api.setNotFoundHandler((req, reply) => reply.code(404).send({ type: 404, message: translate(languageOf(req), 'error.notFound') }));
      registerAuthRoutes(api, ctx);
      registerSendRoutes(api, ctx);
      registerPriceRoutes(api, ctx);
      registerTimedRoutes(api, ctx);
      registerRecordRoutes(api, ctx);
      registerStatisticsRoutes(api, ctx);
      registerDashboardRoutes(api, ctx);
      registerFeedRoutes(api, ctx);
      registerNumberCheckRoutes(api, ctx);
      registerBlacklistCheckRoutes(api, ctx);
      registerSettingRoutes(api, ctx);
      registerLogRoutes(api, ctx);
      registerCrudRoutes(api, ctx);
      registerShortLinkRoutes(api, ctx);
      registerInteractRoutes(api, ctx);
      registerTemplateRoutes(api, ctx);
      registerAddressBookRoutes(api, ctx);
      registerFileRoutes(api, ctx);
      registerAccounts(api, ctx);
    },
    { prefix: SERVICE_BASE_PATH },
  );
  registerShortLinkPublic(app, ctx);
  registerFaviconRoute(app);
  startMessaging(ctx, opts.carrier);

  // a relative CONSOLE_DIR (dist/console-x) is read from the repository root: @fastify/static needs an absolute root
  const consoleDir = config.consoleDir ? resolve(ROOT, config.consoleDir) : join(ROOT, 'dist', 'console');
  if (config.serveConsole && existsSync(join(consoleDir, 'index.html'))) {
    await app.register(fastifyStatic, { root: consoleDir, prefix: `${CONSOLE_BASE_PATH}/`, wildcard: false, index: ['index.html'] });
    // Client-side routes: any unknown path under the console answers index.html.
    app.get(`${CONSOLE_BASE_PATH}/*`, (_req, reply) => reply.sendFile('index.html', consoleDir));
    app.get(CONSOLE_BASE_PATH, (_req, reply) => reply.redirect(`${CONSOLE_BASE_PATH}/`));
    app.get('/', (_req, reply) => reply.redirect(`${CONSOLE_BASE_PATH}/`));
  }

  const close = async () => {
    for (const s of stops.splice(0).reverse()) await s();
    await app.close();
    await db.close();
  };
  return { app, ctx, close };
}
