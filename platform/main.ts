import { configFromEnv } from './config';
import { seedDemoTenant } from './seed/demo-tenant';
import { seedRecords } from './seed/records';
import { buildPlatform } from './server';

// `npm start`: platform + console on one port, demo data, embedded database unless DATABASE_URL is set.
const config = configFromEnv();
// A failure inside one request must never end the process: anything that escapes every handler is logged, and the
// platform keeps serving.
process.on('unhandledRejection', (err) => console.error('unhandled rejection', err));
process.on('uncaughtException', (err) => console.error('uncaught exception', err));
const platform = await buildPlatform(config);
const { app, ctx } = platform;
if (!config.captcha) app.log.warn('CAPTCHA=off: the login captcha is not checked. Use this only for automated clients.');
await seedDemoTenant(ctx);
await seedRecords(ctx, config.seedRecords);
await app.listen({ port: config.port, host: config.host });
// PORT=0 takes any free port: say which one.
const bound = app.server.address();
const port = typeof bound === 'object' && bound ? bound.port : config.port;

const url = `http://localhost:${port}/sms-cloud/`;
console.log(
  `\nSMS cloud console: ${url}\nDemo logins (password demo1234): admin, agent, user\nDatabase: ${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir ?? 'memory'}`}\n`,
);

let closing = false;
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, () => {
    if (closing) return;
    closing = true;
    app.log.info({ sig }, 'shutting down');
    platform.close().then(
      () => process.exit(0),
      (err) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
