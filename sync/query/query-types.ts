import type { RecordCollectionName } from '../store/local-db';

// One query vocabulary for every list: filters, newest-first order, keyset cursor and page size. query.ts turns a
// query into an RxDB query or a list-endpoint request; the search columns and the member index answer it directly.

export type Scalar = string | number;
export type Filter =
  | { op: 'eq'; field: string; value: Scalar }
  | { op: 'in'; field: string; values: Scalar[] }
  | { op: 'prefix'; field: string; value: string }
  /** on the collection's time field: epoch ms, both ends inclusive. */
  | { op: 'range'; field: string; from?: number; to?: number }
  | { op: 'contains'; field: string; value: string };

/** record collections, and the event log (the Activity screen). */
export type QueryCollection = RecordCollectionName | 'events';

export interface Query {
  collection: QueryCollection;
  filters: Filter[];
  /** newest first (index-backed) or oldest first. */
  sort?: 'newest' | 'oldest';
  /** keyset cursor: the `k` of the last row of the previous page. */
  after?: string | null;
  limit: number;
}

/** What a search over in-memory columns answers for one page of a query. */
export interface SearchAnswer {
  /** primary keys of the page, newest first. */
  keys: string[];
  /** the `k` of the page's last row when the page is full (the next page's cursor). */
  next: string | null;
  /** every match, when asked for. */
  count?: number;
  /** how long the worker took to answer (the bench tells it from the round trip). */
  ms?: number;
}
