import helmet from '@fastify/helmet';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { INTEGRATOR_BASE_PATH, SERVICE_BASE_PATH } from '../contract/constants';
import { translate } from '../contract/messages';
import type { AccountPorts } from './accounts/account-ports';
import { accountsPlugin } from './accounts/accounts.plugin';
import { authPlugin } from './auth/auth.plugin';
import { registerAuthentication } from './auth/authentication';
import { carriersPlugin } from './carriers/carriers.plugin';
import { portInUse, type Config } from './core/config';
import { clientLogPlugin, consoleSitePlugin } from './console/console.plugin';
import type { AppContext } from './core/context';
import type { Db } from './db/db';
import { migrate } from './db/migrate';
import { openPglite } from './db/pglite-db';
import { openPostgres } from './db/postgres-db';
import { feedPlugin } from './feed/feed.plugin';
import { ApiError } from './http/api-error';
import { registerHealthRoutes, type Lifecycle } from './http/health.routes';
import { languageOf } from './http/language';
import { integratorDocPlugin } from './integrator/integrator-doc.routes';
import { integratorNoRoute, integratorPlugin, isIntegratorPath } from './integrator/integrator.plugin';
import { libraryPlugin } from './library/library.plugin';
import type { CarrierConnector } from './messaging/carrier';
import { messagingPlugin } from './messaging/messaging.plugin';
import { insertSystemSms, sendSystemSms } from './messaging/system-sms';
import { noticesPlugin } from './notices/notices.plugin';
import { recordsPlugin } from './records/records.plugin';
import { shortLinkPagePlugin, shortLinksPlugin } from './short-links/short-links.plugin';
import { queueSmppReceipts, queueSmppReplies } from './smpp/receipt-queue';
import { requestEndAccountBinds, requestEndBindsBeyond } from './smpp/smpp-binds';
import { smppPlugin } from './smpp/smpp.plugin';
import { createMetrics } from './metrics/metrics';
import { startMetricsServer, type MetricsServer } from './metrics/metrics-server';
import { silentMetrics } from './metrics/silent-metrics';
import { toolsPlugin } from './tools/tools.plugin';
import type { DestinationStream } from 'pino';

/** `/path?a=1&b=2` → `/path?a=…&b=…`: the shape of a request line without its values. */
export const withoutQueryValues = (url: string) => url.replace(/([?&][^=&#]*)=[^&#]*/g, '$1=…');

export const JSON_BODY_LIMIT = 8 * 1024 * 1024;

export interface Platform {
  app: FastifyInstance;
  ctx: AppContext;
  close: () => Promise<void>;
  /** the port the SMPP server listens on; null when SMPP_PORT is off. */
  smppPort: () => number | null;
  /** the port /metrics (and /health, /ready) listen on; null when METRICS_PORT is off. */
  metricsPort: () => number | null;
  /** draining or serving, for /ready and a stop (platform/lifecycle.ts). */
  lifecycle: Lifecycle;
}

/** Dispatch owes the SMPP server's outbox the receipts and replies of what it moves. */
const SMPP_RECEIPTS = { ended: queueSmppReceipts, replied: queueSmppReplies };

/** What the accounts area hands to the areas that own it: system SMS to messaging, the end of live binds to SMPP. */
const accountPorts = (ctx: AppContext): AccountPorts => ({
  writeSystemSms: (q, sms, now) => insertSystemSms(q, ctx, sms, now),
  endAccountBinds: requestEndAccountBinds,
  endBindsBeyond: requestEndBindsBeyond,
});

/** A start that cannot go on, with the one line that names why. */
export class StartError extends Error {}

export async function openDb(config: Config): Promise<Db> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.dataDir);
}

/** Builds the platform on an open, migrated database. Routes live under /sms-service-api; the console under /sms-cloud/,
 * the signed integrator API under /sms-cloud/openapi/v1. */
export async function buildPlatform(
  config: Config,
  opts: {
    db?: Db;
    now?: () => Date;
    carrier?: CarrierConnector;
    /** where log lines go (default stdout) */ logStream?: DestinationStream;
  } = {},
): Promise<Platform> {
  const db = opts.db ?? (await openDb(config));
  try {
    await migrate(db);
  } catch (err) {
    await db.close().catch(() => undefined);
    throw new StartError(`database migration failed: ${(err as Error).message}`, { cause: err });
  }
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(opts.logStream ? { stream: opts.logStream } : {}),
      redact: ['req.headers.authorization'],
      // Request lines are logged without their query values: a stream ticket or any other secret never reaches a log.
      serializers: { req: (req) => ({ method: req.method, url: withoutQueryValues(req.url), remoteAddress: req.ip }) },
    },
    bodyLimit: JSON_BODY_LIMIT,
    // a plugin's start (binding carrier links, reading the queues) waits on the database, which on a loaded machine
    // took longer than Fastify's default 10 s: a slow start is not a failed one; a database that cannot be reached
    // fails on its own, earlier
    pluginTimeout: 120_000,
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
  // registered first, so its drain hook runs before every area's; /ready needs no migration check of its own: these
  // routes only exist once migrate() has finished
  const lifecycle = registerHealthRoutes(app, db);
  const stops: Array<() => Promise<void> | void> = [];
  let smppPort: number | null = null;
  // the scrape reads the clock through ctx, which a test may replace; with no metrics port nothing is counted
  const metrics = config.metricsPort === null ? silentMetrics() : createMetrics(db, () => ctx.now());
  const ctx: AppContext = {
    db,
    config,
    log: app.log,
    now: opts.now ?? (() => new Date()),
    onClose: (s) => stops.push(s),
    metrics,
    receipts: SMPP_RECEIPTS,
  };
  metrics.watchReady(async () => (await app.inject({ method: 'GET', url: '/ready' })).statusCode === 200);
  // by route pattern (never the URL with its ids); a path no route claims counts as one
  if (config.metricsPort !== null)
    app.addHook('onResponse', async (req, reply) => {
      metrics.httpRequest(req.method, req.routeOptions.url ?? 'unmatched', reply.statusCode, reply.elapsedTime / 1000);
    });

  // before any area registers a route, so every instance below inherits it
  registerAuthentication(app, ctx);

  // paths no area claims: those under the integrator API in another letter case answer its 404; others as Fastify would
  app.setNotFoundHandler((req, reply) =>
    isIntegratorPath(req.url)
      ? integratorNoRoute(req, reply)
      : reply
          .code(404)
          .send({ message: `Route ${req.method}:${req.url} not found`, error: 'Not Found', statusCode: 404 }),
  );
  app.setErrorHandler((err: FastifyError | ApiError, req, reply) => {
    const lang = languageOf(req);
    if (err instanceof ApiError) {
      return reply.code(err.status).send({
        type: err.status,
        message: translate(lang, err.key, err.params),
        ...(err.field ? { field: err.field } : {}),
      });
    }
    const status = err.statusCode ?? 500;
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) {
      // a route may set a smaller limit than the service's (the log upload): name the one that applied
      const limit = req.routeOptions.bodyLimit ?? JSON_BODY_LIMIT;
      const shown = limit >= 1048576 ? `${Math.round(limit / 1048576)} MB` : `${Math.round(limit / 1024)} KB`;
      return reply.code(413).send({ type: 413, message: translate(lang, 'error.bodyTooLarge', { limit: shown }) });
    }
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415)
      return reply.code(415).send({ type: 415, message: translate(lang, 'error.unsupportedMediaType') });
    if (status === 429) return reply.code(429).send({ type: 429, message: translate(lang, 'error.tooManyRequests') });
    if (status >= 400 && status < 500) {
      // Fastify's own texts are English: answer with the catalogue's message instead.
      const key =
        err instanceof SyntaxError || err.code?.startsWith('FST_ERR_CTP') ? 'error.malformedJson' : 'error.badRequest';
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
      api.setNotFoundHandler((req, reply) =>
        reply.code(404).send({ type: 404, message: translate(languageOf(req), 'error.notFound') }),
      );
      // one area each; messaging, the carriers and the SMPP server last, so their loops are the first stopped on close
      await api.register(authPlugin, { ctx, sendSystemSms: (msg) => sendSystemSms(ctx, msg) });
      await api.register(recordsPlugin, { ctx });
      await api.register(feedPlugin, { ctx });
      await api.register(toolsPlugin, { ctx });
      await api.register(shortLinksPlugin, { ctx });
      await api.register(libraryPlugin, { ctx });
      await api.register(accountsPlugin, { ctx, ports: accountPorts(ctx) });
      await api.register(integratorDocPlugin, { ctx });
      await api.register(noticesPlugin, { ctx });
      await api.register(clientLogPlugin, { ctx });
      // a given connector (tests) or CARRIERS=in-process keeps messages in this process; else they go to carriers over SMPP
      const inProcess = Boolean(opts.carrier) || config.carriers.source === 'in-process';
      await api.register(messagingPlugin, { ctx, carrier: opts.carrier, inProcess });
      await api.register(carriersPlugin, { ctx, inProcess });
      await api.register(smppPlugin, {
        ctx,
        listening: (port) => (smppPort = port),
        draining: () => lifecycle.draining,
      });
    },
    { prefix: SERVICE_BASE_PATH },
  );
  await app.register(integratorPlugin, { ctx, prefix: INTEGRATOR_BASE_PATH });
  await app.register(shortLinkPagePlugin, { ctx });
  await app.register(consoleSitePlugin, { ctx });

  let metricsServer: MetricsServer | null = null;
  const close = async () => {
    await metricsServer?.close();
    metricsServer = null;
    for (const s of stops.splice(0).reverse()) await s();
    await app.close();
    await db.close();
  };
  if (config.metricsPort !== null) {
    const port = config.metricsPort === 'auto' ? 0 : config.metricsPort;
    try {
      metricsServer = await startMetricsServer(app, metrics, port, config.host);
    } catch (err) {
      await close().catch(() => undefined);
      const e = err as NodeJS.ErrnoException;
      throw new StartError(
        e.code === 'EADDRINUSE' ? portInUse('metrics', port) : `metrics port ${port} could not be opened: ${e.message}`,
        { cause: err },
      );
    }
  }
  return { app, ctx, close, smppPort: () => smppPort, metricsPort: () => metricsServer?.port ?? null, lifecycle };
}
