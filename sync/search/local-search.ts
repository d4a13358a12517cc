import type { Query, SearchAnswer } from '../query/query-types';

// Where query.ts finds the search columns of a database: the leading tab's sync worker registers them once they are
// loaded; followers (and a leader still loading) have none and keep the index path.

export interface Searcher {
  /** one page and, when asked, the count of every match; null when the columns cannot answer this query. */
  search(q: Query, withCount: boolean): Promise<SearchAnswer | null>;
}

const searchers = new Map<string, Searcher>();

/** Registers the searcher of a database; the returned function takes it back. */
export function registerSearcher(dbName: string, s: Searcher): () => void {
  searchers.set(dbName, s);
  return () => {
    if (searchers.get(dbName) === s) searchers.delete(dbName);
  };
}

export const searcherOf = (dbName: string): Searcher | undefined => searchers.get(dbName);
