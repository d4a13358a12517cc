import type { Language } from '../../contract/constants';
import type { FeedResource } from '../../contract/endpoints/feed.endpoints';
import type { Query } from '../query/query-types';
import type { CacheWindow } from '../store/cache-window';
import type { SyncProgress } from './sync-progress';
import type { SearchAnswer } from '../query/query-types';

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
  /** a page (and the count of every match) from the search columns. */
  | { type: 'search'; id: number; query: Query; count: boolean }
  | { type: 'searchStats'; id: number }
  | { type: 'stop'; id: number };

export type WorkerReport =
  | { type: 'progress'; progress: SyncProgress }
  | { type: 'backfilled' }
  | { type: 'unauthorized' }
  | { type: 'failed'; message: string }
  | { type: 'reply'; id: number }
  /** the search columns are loaded (or were rebuilt from RxDB) and follow every write. */
  | { type: 'searchReady'; rebuilt: boolean; ms: number; why: string }
  | { type: 'searched'; id: number; answer: SearchAnswer | null }
  | { type: 'searchStats'; id: number; stats: SearchStats | null };

/** What the bench reports of the search columns. */
export interface SearchStats {
  rows: Record<string, number>;
  contents: number;
  /** estimated bytes of the columns in memory. */
  bytes: number;
  /** ms from the worker's start until the columns were loaded (or rebuilt) and followed the writes. */
  loadMs: number;
  rebuilt: boolean;
  /** why the saved columns were not used, when they were rebuilt. */
  why: string;
}
