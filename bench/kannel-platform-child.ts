import { appSecretOf } from '../platform/accounts/secrets';
import { configFromEnv } from '../platform/core/config';
import { seedDemoTenant } from '../platform/seed/demo-tenant';
import { buildPlatform } from '../platform/server';

// The platform's side of bench/kannel.bench.ts in a process of its own (its CPU is read from /proc): as `npm start`
// runs it, with the demo tenant's SUB001 made ready for the run (push mode with the report address in SINK_URL, a
// balance no run exhausts, no max speed, its reports one per callback or in groups of REPORT_BATCH); prints one JSON line with its port and SUB001's app secret.
const config = configFromEnv();
const platform = await buildPlatform(config);
const { app, ctx } = platform;
await seedDemoTenant(ctx);
await ctx.db.query(
  `update accounts set balance = 1e9,
          options = (coalesce(options, '{}'::jsonb) - 'maxSpeed') || jsonb_build_object('pushMode', 1, 'reportUrl', $2::text, 'moUrl', '', 'reportBatch', $3::int)
    where cus_id = $1`,
  ['SUB001', process.env.SINK_URL ?? '', Number(process.env.REPORT_BATCH ?? 1)],
);
const { secret } = await appSecretOf(ctx.db, 'SUB001');
await app.listen({ port: 0, host: '127.0.0.1' });
const bound = app.server.address();
console.log(JSON.stringify({ port: typeof bound === 'object' && bound ? bound.port : 0, secret }));
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.once(sig, () => {
    platform.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}
