import type { Db, Queryable } from './db';

// Heavy work (an export, a group purge) runs as a series of short slices. On PGlite every request shares one
// connection and the event loop with it, and turning the loop once between slices is not enough: a request makes
// several queries with a little work between them, and the next slice's query, queued in such a gap, made it wait a
// whole slice per query. So between slices heavy work waits at least as long as its slice took and then for a quiet
// moment (no query under way, none for QUIET_MS), at most MAX_WAIT_MS so it always moves on: the others go first.
// PostgreSQL answers other requests on other connections, but the cores are shared all the same (the export's backend,
// its JSON and XML, the deflate): there it waits as long as its slice took, so heavy work takes about half of them.

const QUIET_MS = 5;
const MAX_PAUSE_MS = 100;
const MAX_WAIT_MS = 500;

/** Gives the rest of the platform its turn after a slice of heavy work that began at `sliceStart` (performance.now()). */
export async function giveTurn(q: Queryable, sliceStart: number): Promise<void> {
  const activity = (q as Partial<Db>).activity;
  const start = performance.now();
  if (!activity) return new Promise((r) => setTimeout(r, Math.min(Math.max(start - sliceStart, 1), MAX_PAUSE_MS)));
  const least = start + Math.min(Math.max(start - sliceStart, 1), MAX_PAUSE_MS);
  for (;;) {
    const now = performance.now();
    const load = activity();
    if (now >= start + MAX_WAIT_MS) return;
    if (now >= least && load.inFlight === 0 && now - load.lastEnd >= QUIET_MS) return;
    await new Promise((r) => setTimeout(r, Math.max(1, Math.min(least - now, QUIET_MS))));
  }
}
