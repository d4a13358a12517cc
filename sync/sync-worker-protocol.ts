import type { Language } from '../contract/constants';
import type { FeedResource } from '../contract/endpoints/feed.endpoints';
import type { CacheWindow, SyncProgress } from './replication';

// Messages between the console and the sync worker.

export interface WorkerStart {
  type: 'start';
  /** the RxDB database the console opened (its tables are written by name). */
  dbName: string;
  dbToken: string;
  baseUrl: string;
  token: string | null;
  language: Language;
}

export type WorkerCommand =
  | WorkerStart
  | { type: 'token'; token: string | null }
  | { type: 'online'; online: boolean }
  | { type: 'notify'; resource?: FeedResource }
  /** the user is scrolling or typing: the backfill waits until the screen has been quiet for a moment. */
  | { type: 'interactive' }
  | { type: 'setWindow'; id: number; window: CacheWindow }
  | { type: 'stop'; id: number };

export type WorkerReport =
  | { type: 'progress'; progress: SyncProgress }
  | { type: 'backfilled' }
  | { type: 'unauthorized' }
  | { type: 'failed'; message: string }
  | { type: 'reply'; id: number };
