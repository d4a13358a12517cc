import { configFromEnv, type Config } from './core/config';
import { checkPortsFree, exitOnStartFailure, exitOnUncaughtErrors, stopOnSignals, type StartStep } from './lifecycle';
import { seedDemoTenant } from './seed/demo-tenant';
import { seedRecords } from './seed/records';
import { buildPlatform, openDb } from './server';

// `npm start`: platform + console on one port, demo data, embedded database unless DATABASE_URL is set.
exitOnUncaughtErrors();
let step: StartStep = 'config';
let config: Config | null = null;
try {
  config = configFromEnv();
  try {
    await checkPortsFree(config);
  } catch (err) {
    exitOnStartFailure((err as { step: StartStep }).step, err, config);
  }
  step = 'database';
  const db = await openDb(config);
  step = 'platform';
  const platform = await buildPlatform(config, { db });
  const { app, ctx } = platform;
  if (!config.captcha)
    app.log.warn('CAPTCHA=off: the login captcha is not checked. Use this only for automated clients.');
  await seedDemoTenant(ctx);
  await seedRecords(ctx, config.seedRecords);
  step = 'http';
  await app.listen({ port: config.port, host: config.host });
  stopOnSignals(platform, config);
  // PORT=0 takes any free port: say which one.
  const bound = app.server.address();
  const port = typeof bound === 'object' && bound ? bound.port : config.port;
  const url = `http://localhost:${port}/sms-cloud/`;
  const metricsPort = platform.metricsPort();
  console.log(
    `\nSMS cloud console: ${url}\nDemo logins (password demo1234): admin, agent, user; platform operator: operator\nDatabase: ${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir ?? 'memory'}`}\nMetrics: ${metricsPort === null ? 'off (METRICS_PORT=0)' : `http://localhost:${metricsPort}/metrics`}\n`,
  );
} catch (err) {
  exitOnStartFailure(step, err, config);
}
