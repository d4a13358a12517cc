import type { Page } from 'playwright-core';
import { p95 } from './bench-platform';
import type { Case } from './platform-cases';
import { log, round } from './run-options';

// The warm local searches once the cache is full: the platform's mix of cases asked of the local queries (a page of
// 20 as the screens ask it) and of the sync worker's search columns alone, with each case's matches.

/** The same cases asked of the sync worker's search columns directly: how long the search itself took in the worker
 * (the rest of a local page is the message round trip and the bulk get of its 20 documents). */
async function workerMix(page: Page, cases: Case[]): Promise<Record<string, number[]>> {
  return page.evaluate(
    async ({ cases }) => {
      const bench = (
        window as unknown as { __smsBench: { search: (q: unknown, count: boolean) => Promise<{ ms?: number } | null> } }
      ).__smsBench;
      const base = [{ op: 'eq', field: 'prod_type', value: 0 }];
      const times: Record<string, number[]> = {};
      for (let rep = 0; rep < 10; rep++) {
        for (const c of cases) {
          if (c.page === 1000) continue;
          const a = await bench.search(
            { collection: 'mt_records', filters: [...base, ...c.local], limit: 20, after: null },
            false,
          );
          if (a?.ms !== undefined) (times[c.name] ??= []).push(a.ms);
        }
      }
      return times;
    },
    { cases },
  );
}

async function localMix(page: Page, cases: Case[]): Promise<Record<string, number[]>> {
  return page.evaluate(
    async ({ cases }) => {
      const bench = (
        window as unknown as {
          __smsBench: {
            db: unknown;
            runQuery: (q: unknown, o: unknown) => Promise<{ rows: unknown[]; next: unknown }>;
          };
        }
      ).__smsBench;
      const opts = { db: bench.db, online: false, horizon: 0 };
      const base = [{ op: 'eq', field: 'prod_type', value: 0 }];
      // the cursor of page 1,000 is reached by walking (as scrolling would); only the page itself is timed
      let cursor: unknown = null;
      for (let i = 1; i < 1000; i++) {
        const r = await bench.runQuery({ collection: 'mt_records', filters: base, limit: 20, after: cursor }, opts);
        if (r.next === null) break;
        cursor = r.next;
      }
      const times: Record<string, number[]> = {};
      for (let rep = 0; rep < 10; rep++) {
        for (const c of cases) {
          const t = performance.now();
          await bench.runQuery(
            {
              collection: 'mt_records',
              filters: [...base, ...c.local],
              limit: 20,
              after: c.page === 1000 ? cursor : null,
            },
            opts,
          );
          (times[c.name] ??= []).push(performance.now() - t);
        }
      }
      return times;
    },
    { cases: cases.map((m) => ({ name: m.name, local: m.local, page: m.page ?? 1 })) },
  );
}

interface SearchStats {
  rows: Record<string, number>;
  contents: number;
  bytes: number;
  loadMs: number;
  rebuilt: boolean;
  why: string;
}
/** The search columns' statistics once the worker has loaded (or rebuilt) them. */
export async function searchStatsWhenReady(page: Page): Promise<SearchStats> {
  for (const deadline = Date.now() + 10 * 60_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 100))) {
    const stats = await page.evaluate(
      () =>
        (
          window as unknown as { __smsBench?: { replicator: { searchStats(): Promise<unknown> } } }
        ).__smsBench?.replicator.searchStats() ?? null,
    );
    if (stats) return stats as SearchStats;
  }
  throw new Error('the search columns did not load');
}

/** The local phase: the platform's times per case (`platformTimes`) are set beside the local ones. */
export async function measureLocalSearch(page: Page, cases: Case[], platformTimes: Record<string, number[]>) {
  // the local mix before the raw writes below: deleting their 400,000 documents keeps the browser's storage busy
  // the search columns answer once the worker has them (loaded, or rebuilt from RxDB)
  const searchStats = await searchStatsWhenReady(page);
  const storage = await page.evaluate(() => navigator.storage.estimate());
  const localTimes = await localMix(page, cases);
  const workerTimes = await workerMix(page, cases);
  const caseP95 = (times: Record<string, number[]>) =>
    Object.fromEntries(cases.map((c) => [c.name, times[c.name] ? round(p95(times[c.name]), 2) : null]));
  const localP95 = caseP95(localTimes);
  const platformP95 = caseP95(platformTimes);
  log(
    'warm p95 per case (ms), local / platform:',
    cases.map((c) => `${c.name} ${localP95[c.name]} / ${platformP95[c.name] ?? 'n/a'}`).join('; '),
  );
  // every case with its result count, local and platform (the search columns must find what the platform finds)
  const localCounts = await page.evaluate(
    async ({ cs }) => {
      const bench = (
        window as unknown as {
          __smsBench: { db: unknown; countQuery: (q: unknown, o: unknown) => Promise<{ total: number }> };
        }
      ).__smsBench;
      const out: Record<string, number> = {};
      for (const c of cs)
        out[c.name] = (
          await bench.countQuery(
            { collection: 'mt_records', filters: [{ op: 'eq', field: 'prod_type', value: 0 }, ...c.local], limit: 20 },
            { db: bench.db, online: false, horizon: 0 },
          )
        ).total;
      return out;
    },
    { cs: cases.map((c) => ({ name: c.name, local: c.local })) },
  );
  log('matches per case (local):', localCounts);
  return { searchStats, storage, localTimes, workerTimes, localP95, platformP95, localCounts };
}
