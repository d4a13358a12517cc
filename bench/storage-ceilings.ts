import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT } from './bench-platform';
import { searchStatsWhenReady } from './local-search';
import { log, round } from './run-options';

// What the synced cache costs and how fast it could be written: raw Dexie's write rate for the same documents, the
// search columns' side store, the page's and the sync worker's memory, and the columns' load after a reload.

/** The sync worker's JavaScript heap plus its array buffers (the typed search columns live there, outside the heap),
 * through the DevTools protocol (the page's own session does not see it). */
async function workerHeapMb(cdp: {
  send(m: string, p?: object): Promise<unknown>;
  on(e: string, f: (p: any) => void): void;
}): Promise<{ heap: number; buffers: number } | null> {
  try {
    const { targetInfos } = (await cdp.send('Target.getTargets')) as {
      targetInfos: { targetId: string; type: string; title: string; url: string }[];
    };
    const w = targetInfos.find((t) => t.type === 'worker' && /sync/.test(`${t.title} ${t.url}`));
    if (!w) return null;
    const { sessionId } = (await cdp.send('Target.attachToTarget', { targetId: w.targetId, flatten: false })) as {
      sessionId: string;
    };
    const answer = new Promise<{ usedSize: number; backingStorageSize?: number }>((resolve) => {
      cdp.on('Target.receivedMessageFromTarget', (e: { sessionId: string; message: string }) => {
        const m = JSON.parse(e.message) as { id?: number; result?: { usedSize: number; backingStorageSize?: number } };
        if (e.sessionId === sessionId && m.id === 2 && m.result) resolve(m.result);
      });
    });
    await cdp.send('Target.sendMessageToTarget', {
      sessionId,
      message: JSON.stringify({ id: 1, method: 'HeapProfiler.collectGarbage' }),
    });
    await cdp.send('Target.sendMessageToTarget', {
      sessionId,
      message: JSON.stringify({ id: 2, method: 'Runtime.getHeapUsage' }),
    });
    const used = await Promise.race([answer, new Promise<null>((r) => setTimeout(() => r(null), 10_000))]);
    return used === null
      ? null
      : { heap: round(used.usedSize / 1024 / 1024), buffers: round((used.backingStorageSize ?? 0) / 1024 / 1024) };
  } catch (e) {
    log('worker heap not measured', String(e));
    return null;
  }
}

export async function measureStorage(page: Page) {
  // raw Dexie ceiling: the same MT documents, bulkPut into a bare table in the same browser
  await page.addScriptTag({ content: readFileSync(join(ROOT, 'node_modules/dexie/dist/dexie.js'), 'utf8') });
  const [rawPerS, rawIndexedPerS] = await page.evaluate(async () => {
    type Table = {
      limit(n: number): { toArray(): Promise<unknown[]> };
      schema: { primKey: { src: string }; indexes: { src: string }[] };
    };
    const bench = (window as unknown as { __smsBench: { table(name: string): Promise<Table> } }).__smsBench;
    // the documents as the sync stored them (RxDB's fields included); at most 200,000: enough for a steady rate,
    // and 1M objects at once would not fit the page's heap
    const table = await bench.table('mt_records');
    const docs = await table.limit(200_000).toArray();
    const DexieCtor = (
      window as unknown as {
        Dexie: new (name: string) => {
          version(n: number): { stores(s: Record<string, string>): void };
          open(): Promise<void>;
          table(n: string): { bulkPut(d: unknown[]): Promise<unknown> };
          delete(): Promise<void>;
        };
      }
    ).Dexie;
    // bare: primary key only (the ceiling the sync rate is held against); indexed: every index the RxDB collection's
    // table keeps, read from that table (RxDB's own three plus the four the screens query by).
    // (no named inner functions: the page cannot see tsx's __name helper)
    const out: number[] = [];
    const same = [table.schema.primKey.src, ...table.schema.indexes.map((i) => i.src)].join(',');
    for (const stores of ['sn', same]) {
      const raw = new DexieCtor(`bench-raw-${Date.now()}-${stores.length}`);
      raw.version(1).stores({ docs: stores });
      await raw.open();
      const t = performance.now();
      for (let i = 0; i < docs.length; i += 5000) await raw.table('docs').bulkPut(docs.slice(i, i + 5000));
      out.push(docs.length / ((performance.now() - t) / 1000));
      await raw.delete();
    }
    return out;
  });

  // the side store as stored: typed columns, keys and dictionary texts (UTF-16), read back from IndexedDB
  const sideStoreMb = await page.evaluate(async () => {
    const bench = (window as unknown as { __smsBench: { db: { name: string } } }).__smsBench;
    const idb = await new Promise<IDBDatabase>((resolve, reject) => {
      const r = indexedDB.open(`${bench.db.name}--search`);
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
    // (no named inner functions: the page cannot see tsx's __name helper)
    let bytes = 0;
    for (const store of ['blocks', 'dict']) {
      const rows = await new Promise<Record<string, unknown>[]>((resolve) => {
        const r = idb.transaction(store).objectStore(store).getAll();
        r.onsuccess = () => resolve(r.result as Record<string, unknown>[]);
      });
      for (const b of rows) {
        for (const v of Object.values(b)) {
          if (ArrayBuffer.isView(v)) bytes += v.byteLength;
          else if (Array.isArray(v)) for (const k of v as string[]) bytes += k.length * 2;
        }
      }
    }
    idb.close();
    return Math.round((bytes / 1024 / 1024) * 10) / 10;
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number; backingStorageSize?: number };
  const workerHeap = await workerHeapMb(cdp as never);
  // a restart: the worker loads the columns from the side store instead of rebuilding them
  await page.reload();
  const reloaded = await searchStatsWhenReady(page);
  log(
    `side store ${sideStoreMb} MB; after a reload the columns ${reloaded.rebuilt ? `were rebuilt (${reloaded.why})` : 'loaded'} in ${reloaded.loadMs} ms`,
  );
  return { rawPerS, rawIndexedPerS, sideStoreMb, heap, workerHeap, reloaded };
}
