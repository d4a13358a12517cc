import { moveBalance } from '../accounts/ledger';
import type { AppContext } from '../core/context';
import { prepared, type Queryable } from '../db/db';
import { giveTurn } from '../db/fair-share';
import { notifyAll } from '../feed/change-notices';
import { INSERT_CHUNK, insertRecords, insertTimedMessages, type Fixed } from './batch-insert';
import { toYuan } from './pricing';

// The rest of a batch larger than a chunk, after the transaction that charged for it (batch-insert.ts wrote its first
// chunk and kept every number in its batch_inserts row): a chunk per short transaction, with its statistics and the
// row's progress, taking turns with other requests between them. A chunk the database refuses for good is refunded
// and taken off the batch; a run cut short is finished by the background round.

interface Chunk {
  fixed: Fixed;
  next_n: number;
  mobiles: string[] | null;
  contents: string[] | null;
  segments: number[];
  price_units: Array<number | string>;
  country_codes: string[] | null;
  country_names: string[] | null;
}

/** A refusal the same chunk would meet again (bad data, a constraint), as opposed to a lost connection or a conflict. */
const isPermanent = (err: unknown) => /^(22|23)/.test(String((err as { code?: unknown })?.code ?? ''));

/** The next chunk of a batch, its row locked (a second mover waits, then sees the chunk written). */
async function lockNextChunk(q: Queryable, batchId: string): Promise<Chunk | null> {
  const [c] = await q.query<Chunk>(
    prepared`select fixed, next_n, mobiles[next_n + 1 : next_n + $2] as mobiles, contents[next_n + 1 : next_n + $2] as contents,
            segments[next_n + 1 : next_n + $2] as segments, price_units[next_n + 1 : next_n + $2] as price_units,
            country_codes[next_n + 1 : next_n + $2] as country_codes, country_names[next_n + 1 : next_n + $2] as country_names
       from batch_inserts where batch_id = $1 and not done for update`,
    [batchId, INSERT_CHUNK],
  );
  return c ?? null;
}

/** The timed batch a pending batch belongs to, locked; null for a batch of MT records. */
async function lockTimedBatch(q: Queryable, batchId: string): Promise<{ send_status: number; charged: number } | null> {
  const [t] = await q.query<{ send_status: number; charged: number }>(
    prepared`select send_status, charged::float8 as charged from time_batches where time_batch = $1 for update`,
    [batchId],
  );
  return t ?? null;
}

/** Writes the next chunk of the batch; false when none is left (the batch is then marked done). */
async function moveNextChunk(ctx: AppContext, batchId: string): Promise<false | 'mt' | 'timed'> {
  try {
    return await ctx.db.explicitTx(async (q) => {
      // a timed batch's row first, in the order its operations lock (timed.ts), so neither waits on the other in a circle
      const timed = await lockTimedBatch(q, batchId);
      const c = await lockNextChunk(q, batchId);
      if (!c) return false;
      const n = c.mobiles?.length ?? 0;
      if (n === 0) {
        // every record written: the numbers are no longer needed
        await q.query(
          "update batch_inserts set done = true, mobiles = '{}', contents = null, segments = '{}', price_units = '{}', country_codes = null, country_names = null where batch_id = $1",
          [batchId],
        );
        return false;
      }
      const slice = {
        mobiles: c.mobiles!,
        contents: c.contents,
        segments: c.segments,
        priceUnits: c.price_units.map(Number),
        countryCodes: c.country_codes,
        countryNames: c.country_names,
      };
      if (c.fixed.kind === 'timed') await insertTimedMessages(q, c.fixed, slice, c.next_n, timed!.send_status);
      else await insertRecords(q, c.fixed, slice, c.next_n);
      await q.query('update batch_inserts set next_n = next_n + $2 where batch_id = $1', [batchId, n]);
      return c.fixed.kind ?? 'mt';
    });
  } catch (err) {
    if (!isPermanent(err)) throw err;
    return giveUpChunk(ctx, batchId, err);
  }
}

/** A chunk the database will not take: refunded and taken off the batch's counts, so money and records agree. */
async function giveUpChunk(ctx: AppContext, batchId: string, err: unknown): Promise<'mt' | 'timed'> {
  // the error names the code and message only: its parameters hold a chunk of numbers
  ctx.log.error(
    { code: (err as { code?: string }).code, message: (err as Error).message, batchId },
    'send records refused by the database: refunded',
  );
  return ctx.db.explicitTx(async (q) => {
    const timed = await lockTimedBatch(q, batchId);
    const c = await lockNextChunk(q, batchId);
    const n = c?.mobiles?.length ?? 0;
    if (!c || n === 0) return timed ? 'timed' : 'mt';
    const units = c.price_units.reduce<number>((a, u) => a + Number(u), 0);
    const why = `numbers ${c.next_n + 1}-${c.next_n + n}: ${String((err as Error)?.message ?? err)}`;
    await q.query(
      "update batch_inserts set next_n = next_n + $2, failed = coalesce(failed || '; ', '') || $3 where batch_id = $1",
      [batchId, n, why],
    );
    if (c.fixed.kind === 'timed') {
      // what is still charged (an intercept refunded it all), and the per-number prices an edit re-prices by
      const refund = Math.min(units, Math.round((timed?.charged ?? 0) * 10_000));
      const unitSum = c.price_units.reduce<number>((a, u, i) => a + Number(u) / (c.segments[i] || 1), 0);
      if (refund > 0) await moveBalance(q, c.fixed.cus_id, toYuan(refund), 'refund', { ref: batchId });
      await q.query(
        `update time_batches set batch_count = batch_count - $2, charged = charged - $3,
           request = jsonb_set(coalesce(request, '{}'), '{unitSum}', to_jsonb(coalesce((request->>'unitSum')::numeric, 0) - $4)) where time_batch = $1`,
        [batchId, n, toYuan(refund), Math.round(unitSum)],
      );
      return 'timed';
    }
    await moveBalance(q, c.fixed.cus_id, toYuan(units), 'refund', { ref: batchId });
    await q.query(
      'update batches set receive_count = receive_count - $2, sent_count = sent_count - $3, cost = cost - $4 where batch_id = $1',
      [batchId, n, c.fixed.mt_status === 500 ? n : 0, toYuan(units)],
    );
    return 'mt';
  });
}

/** Moves every waiting chunk of a batch, one short transaction each, telling the feed as records appear. */
export function finishBatch(
  ctx: AppContext,
  batchId: string,
  cusId: string,
  stopped: () => boolean = () => false,
): Promise<void> {
  // one writer per batch in this process, which a second caller waits for: two would take turns within one turn of
  // the event loop, doubling its slice (other instances are kept apart by the row lock)
  const mine = finishing.get(ctx) ?? new Map<string, Promise<void>>();
  finishing.set(ctx, mine);
  const running = mine.get(batchId);
  if (running) return running;
  const run = (async () => {
    // the first slice is the charging transaction's, which wrote the first chunk just before
    let sliceStart = performance.now();
    while (!stopped()) {
      await giveTurn(ctx.db, sliceStart);
      sliceStart = performance.now();
      const kind = await moveNextChunk(ctx, batchId);
      if (!kind) return;
      await notifyAll(ctx.db, kind === 'timed' ? ['timeMtMessage'] : ['mtRecord', 'statistics'], [cusId]);
    }
  })().finally(() => mine.delete(batchId));
  mine.set(batchId, run);
  return run;
}

/** Batches being written in this process, per platform (tests run several in one process). */
const finishing = new WeakMap<AppContext, Map<string, Promise<void>>>();

/** The background round: finishes batches a run left unfinished (a crash, a failed chunk write). */
export async function finishOpenBatches(ctx: AppContext, stopped: () => boolean): Promise<number> {
  const open = await ctx.db.query<{ batch_id: string; cus_id: string }>(
    'select batch_id, cus_id from batch_inserts where not done order by create_time limit 10',
  );
  for (const b of open) {
    if (stopped()) break;
    await finishBatch(ctx, b.batch_id, b.cus_id, stopped);
  }
  return open.length;
}
