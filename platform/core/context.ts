import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Config } from './config';
import type { Db } from '../db/db';
import type { Metrics } from '../metrics/metrics';
import type { OwedReceipts } from './owed-receipts';

// What every route and service receives. Nothing here is held only in one process's memory that another
// instance would need: state lives in the database, notices travel over LISTEN/NOTIFY.
export interface AppContext {
  db: Db;
  config: Config;
  log: FastifyBaseLogger;
  /** current time; replaced in tests. */
  now: () => Date;
  /** background loops (scheduler, simulator) register their stop here for graceful shutdown. */
  onClose: (stop: () => Promise<void> | void) => void;
  /** this instance's Prometheus series: doors and carriers count their traffic here (platform/metrics/). */
  metrics: Metrics;
  /** the receipts and replies a door keeps an outbox of (the SMPP server's), owed from dispatch's transactions. */
  receipts: OwedReceipts;
}

/** What every area plugin is given when server.ts registers it. */
export interface AreaOptions {
  ctx: AppContext;
}

/** One area of the platform: registers its routes and starts its background loops (stopped through ctx.onClose). */
export type AreaPlugin<O extends AreaOptions = AreaOptions> = FastifyPluginAsync<O>;
