import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/db';

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
}
