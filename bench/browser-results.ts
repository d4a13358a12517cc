import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { p95, ROOT } from './bench-platform';
import type { coldFirstPage } from './cold-first-page';
import type { measureLocalSearch } from './local-search';
import type { measurePlatform } from './platform-cases';
import { log, RECORDS, round } from './run-options';
import type { measureStorage } from './storage-ceilings';
import type { syncAndScroll } from './sync-scrolling';

// The browser bench's figures from its phases: one results object, kept as bench/results/latest.json and
// records-<N>.json, and as the table of that record count in BENCHMARKS.md.

interface Phases {
  platform: Awaited<ReturnType<typeof measurePlatform>>;
  cold: Awaited<ReturnType<typeof coldFirstPage>>;
  sync: Awaited<ReturnType<typeof syncAndScroll>>;
  local: Awaited<ReturnType<typeof measureLocalSearch>>;
  ceilings: Awaited<ReturnType<typeof measureStorage>>;
}

export function writeResults(phases: Phases) {
  const { platformFirst, platformFirstMedian, order, platformTimes } = phases.platform;
  const { t0, coldFirst, coldAfterLogin, coldAfterLoginInPage } = phases.cold;
  const firstPullAt = phases.cold.firstPullAt();
  const { frameGaps, idleGaps, syncMs, synced, longTasks } = phases.sync;
  const { searchStats, storage, localTimes, workerTimes, localP95, platformP95, localCounts } = phases.local;
  const { rawPerS, rawIndexedPerS, sideStoreMb, heap, workerHeap, reloaded } = phases.ceilings;
  const allLocal = Object.values(localTimes).flat();
  const allPlatform = Object.values(platformTimes).flat();
  const distinctShare =
    searchStats.rows.mt_records + searchStats.rows.mo_records > 0
      ? searchStats.contents / (searchStats.rows.mt_records + searchStats.rows.mo_records)
      : 0;

  const results = {
    records: RECORDS,
    synced_documents: synced,
    sync_docs_per_s: round(synced / (syncMs / 1000), 0),
    raw_dexie_docs_per_s: round(rawPerS, 0),
    sync_docs_per_s_from_first_pull: round(synced / ((syncMs - (firstPullAt - t0)) / 1000), 0),
    raw_dexie_same_indexes_docs_per_s: round(rawIndexedPerS, 0),
    cold_first_page_ms: round(coldFirst),
    cold_first_page_after_login_ms: round(coldAfterLogin),
    cold_first_page_after_login_in_page_ms: round(coldAfterLoginInPage),
    platform_first_page_ms: round(platformFirst),
    platform_first_page_median_of_5_more_ms: round(platformFirstMedian),
    warm_page_p95_ms: round(p95(allLocal), 2),
    platform_page_p95_ms: round(p95(allPlatform), 2),
    warm_case_p95_ms: localP95,
    warm_case_times_ms: Object.fromEntries(Object.entries(localTimes).map(([k, v]) => [k, v.map((x) => round(x, 1))])),
    worker_case_p95_ms: Object.fromEntries(Object.entries(workerTimes).map(([k, v]) => [k, round(p95(v), 2)])),
    platform_case_p95_ms: platformP95,
    local_case_matches: localCounts,
    search_order_number: order,
    worker_heap_mb: workerHeap?.heap ?? null,
    worker_buffers_mb: workerHeap?.buffers ?? null,
    search_columns_first_build_ms: searchStats.loadMs,
    search_columns_load_ms: reloaded.loadMs,
    search_columns_rebuilt_on_reload: reloaded.rebuilt,
    side_store_mb: sideStoreMb,
    search_columns_mb: round(searchStats.bytes / 1024 / 1024),
    search_rows: searchStats.rows,
    distinct_contents: searchStats.contents,
    distinct_content_share: round(distinctShare, 3),
    origin_storage_mb: round((storage.usage ?? 0) / 1024 / 1024),
    long_task_ms_per_10k: round(longTasks / (synced / 10_000)),
    scroll_frame_p95_ms: round(p95(frameGaps)),
    scroll_frames_over_50ms: frameGaps.filter((g) => g > 50).length,
    scroll_frames: frameGaps.length,
    scroll_idle_frame_p95_ms: round(p95(idleGaps)),
    scroll_idle_frames_over_50ms: idleGaps.filter((g) => g > 50).length,
    scroll_idle_frames: idleGaps.length,
    heap_mb_after_sync: round(heap.usedSize / 1024 / 1024),
    page_buffers_mb: round((heap.backingStorageSize ?? 0) / 1024 / 1024),
    measured_at: new Date().toISOString(),
    command: `npm run bench -- --records ${RECORDS}`,
  };
  log(results);
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench/results/latest.json'), JSON.stringify(results, null, 2) + '\n');
  writeFileSync(join(ROOT, `bench/results/records-${RECORDS}.json`), JSON.stringify(results, null, 2) + '\n');
  updateBenchmarksMd(results);
}

function updateBenchmarksMd(r: Record<string, unknown>) {
  const file = join(ROOT, 'BENCHMARKS.md');
  let md: string;
  try {
    md = readFileSync(file, 'utf8');
  } catch {
    md = '# Benchmarks\n';
  }
  const begin = `<!-- bench:${r.records}:begin -->`;
  const end = `<!-- bench:${r.records}:end -->`;
  const rows = [
    ['records', r.records],
    ['synced documents (all resources)', r.synced_documents],
    ['sync_docs_per_s', r.sync_docs_per_s],
    ['raw_dexie_docs_per_s', r.raw_dexie_docs_per_s],
    [
      'sync_docs_per_s_from_first_pull (excludes login, database open, leader election)',
      r.sync_docs_per_s_from_first_pull,
    ],
    [
      "raw_dexie_same_indexes_docs_per_s (bulkPut with the 7 indexes of the collection's table)",
      r.raw_dexie_same_indexes_docs_per_s,
    ],
    ['cold_first_page_ms', r.cold_first_page_ms],
    ['cold_first_page_after_login_ms (from the login answer)', r.cold_first_page_after_login_ms],
    [
      "cold_first_page_after_login_in_page_ms (the same, on the page's clock: from the login response's end to the frame with the rows)",
      r.cold_first_page_after_login_in_page_ms,
    ],
    ['platform_first_page_ms', r.platform_first_page_ms],
    ['platform_first_page_median_of_5_more_ms (the same call again)', r.platform_first_page_median_of_5_more_ms],
    ['warm_page_p95_ms', r.warm_page_p95_ms],
    ['platform_page_p95_ms', r.platform_page_p95_ms],
    ['long_task_ms_per_10k', r.long_task_ms_per_10k],
    ['scroll_frame_p95_ms (3 s of scrolling the table during the backfill)', r.scroll_frame_p95_ms],
    ['scroll_frames_over_50ms (of scroll_frames)', `${r.scroll_frames_over_50ms} of ${r.scroll_frames}`],
    ['scroll_idle_frame_p95_ms (the same with the cache full, replication idle)', r.scroll_idle_frame_p95_ms],
    [
      'scroll_idle_frames_over_50ms (of scroll_idle_frames)',
      `${r.scroll_idle_frames_over_50ms} of ${r.scroll_idle_frames}`,
    ],
    ['heap_mb_after_sync', r.heap_mb_after_sync],
    ['page_buffers_mb (array buffers and external strings, outside the heap)', r.page_buffers_mb],
    ['worker_heap_mb (the sync worker, with the search columns)', r.worker_heap_mb ?? 'not measured'],
    [
      'worker_buffers_mb (its array buffers: the typed columns, n-gram lists, masks)',
      r.worker_buffers_mb ?? 'not measured',
    ],
    [
      'search_columns_load_ms (after a reload: worker start until the columns answer; rebuilt: ' +
        r.search_columns_rebuilt_on_reload +
        ')',
      r.search_columns_load_ms,
    ],
    ['search_columns_mb (in memory, estimated; the side store holds the same columns)', r.search_columns_mb],
    ['side_store_mb (blocks and dictionary as stored, logical size)', r.side_store_mb],
    ['origin_storage_mb (RxDB and the side store, navigator.storage.estimate)', r.origin_storage_mb],
    [
      'distinct contents / records (MT and MO)',
      `${r.distinct_contents} / ${Object.values(r.search_rows as Record<string, number>).reduce((a, b) => a + b, 0)} = ${r.distinct_content_share}`,
    ],
    ...Object.entries(r.warm_case_p95_ms as Record<string, number>).map(([name, ms]) => [
      `p95 ms local / platform: ${name} (${(r.local_case_matches as Record<string, number>)[name]} local matches)`,
      `${ms} / ${(r.platform_case_p95_ms as Record<string, number | null>)[name] ?? 'n/a'} (the worker's search alone: ${(r.worker_case_p95_ms as Record<string, number>)[name] ?? 'n/a'})`,
    ]),
  ];
  const table = [
    begin,
    `Measured ${r.measured_at} with \`${r.command}\` (headless Chromium, 2 shared cores).`,
    '',
    '| key | value |',
    '|---|---|',
    ...rows.map(([k, v]) => `| ${k} | ${v} |`),
    end,
  ].join('\n');
  md = md.includes(begin) ? md.replace(new RegExp(`${begin}[\\s\\S]*?${end}`), table) : `${md.trimEnd()}\n\n${table}\n`;
  writeFileSync(file, md);
}
