import { ms, type Source } from '../lists/list-query';

// What a replicated resource is to the change feed: a list source whose table carries seq, deleted and updated_at.
// Each area describes its own resources with this (records/sources.ts, library/sources.ts).

export interface FeedSource extends Source {
  table: string;
  alias: string;
  /** the document's own time, for the backfill horizon (`since`). */
  horizon: string;
}

/** The feed columns every document carries, read from the table aliased `t`. */
export const feedCols = (t: string) => `${t}.seq, ${t}.deleted, ${ms(`${t}.updated_at`)} as updated_at`;
