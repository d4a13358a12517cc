import { NUMBER_STATUSES } from '../../contract/endpoints/number-check.endpoints';
import type { AppContext } from '../core/context';
import { numberStatusOf } from '../records/number-status';

// The demo number-status provider: checks accepted batches in chunks, each answered after a provider-like delay, so a
// 100,000-number batch shows progress and never holds the database or the event loop for long. Every instance runs
// one loop; `for update skip locked` gives each chunk to exactly one of them.

const env = (name: string, d: number) =>
  process.env[name] && !Number.isNaN(Number(process.env[name])) ? Number(process.env[name]) : d;
/** numbers per provider call and its answer time: 100,000 numbers take about 100 × 50 ms. */
export const CHECK_CHUNK = env('NUMBER_CHECK_CHUNK', 1000);
export const CHECK_LATENCY_MS = env('NUMBER_CHECK_LATENCY_MS', 50);
const IDLE_POLL_MS = 500;

type StatusCounts = Record<(typeof NUMBER_STATUSES)[number] | 'invalid', number>;

export function countStatuses(mobiles: string[]): StatusCounts {
  const counts = Object.fromEntries([...NUMBER_STATUSES, 'invalid'].map((s) => [s, 0])) as StatusCounts;
  for (const m of mobiles) counts[numberStatusOf(m)]++;
  return counts;
}

/** Checks the next chunk of the oldest unfinished batch; false when there is nothing to do. */
export async function checkNextChunk(ctx: AppContext): Promise<{ batch_id: string; done: boolean } | null> {
  return ctx.db.tx(async (q) => {
    const [b] = await q.query<{ batch_id: string; checked_count: number; batch_count: number }>(
      'select batch_id, checked_count, batch_count from number_status_batches where status = 0 order by create_time limit 1 for update skip locked',
    );
    if (!b) return null;
    const from = b.checked_count + 1;
    const to = Math.min(b.checked_count + CHECK_CHUNK, b.batch_count);
    const [row] = await q.query<{ part: string[] | null }>(
      'select mobiles[$2:$3] as part from number_status_numbers where batch_id = $1',
      [b.batch_id, from, to],
    );
    const part = row?.part ?? [];
    const c = countStatuses(part);
    const checked = row ? to : b.batch_count;
    const done = checked >= b.batch_count;
    await q.query(
      `update number_status_batches set checked_count = $2, status = $3, invalid_count = invalid_count + $4,
         ${NUMBER_STATUSES.map((s, i) => `${s}_count = ${s}_count + $${i + 5}`).join(', ')}
       where batch_id = $1`,
      [b.batch_id, checked, done ? 1 : 0, c.invalid, ...NUMBER_STATUSES.map((s) => c[s])],
    );
    return { batch_id: b.batch_id, done };
  });
}

/** Starts the loop; `wake()` makes it look for work now (a batch was just accepted). */
export function startNumberCheckWorker(ctx: AppContext): { wake: () => void } {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running = false;
  const schedule = (ms: number) => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void tick(), ms);
  };
  const tick = async () => {
    if (running || stopped) return;
    running = true;
    let worked = false;
    try {
      worked = (await checkNextChunk(ctx)) !== null;
    } catch (err) {
      if (!stopped) ctx.log.warn({ err }, 'number check chunk failed');
    } finally {
      running = false;
    }
    schedule(worked ? CHECK_LATENCY_MS : IDLE_POLL_MS);
  };
  schedule(IDLE_POLL_MS);
  ctx.onClose(() => {
    stopped = true;
    if (timer) clearTimeout(timer);
  });
  return { wake: () => schedule(CHECK_LATENCY_MS) };
}
