import { timeBatchEditEndpoint, timeBatchOperationEndpoint } from '../../contract/endpoints/timed.endpoints';
import type { CommandTable } from './command';
import type { EventDoc } from '../store/local-db';
import type { RecordStore } from '../store/record-store';

// Timed batch commands: pause, recover, intercept, and a new text for a batch not yet sent.

/** The platform's answer written into the local row: its new state, its new text, and its new seq. */
async function applyTimedResult(store: RecordStore, ev: EventDoc, result: Record<string, unknown>): Promise<void> {
  if (typeof result.time_batch !== 'string') return;
  // the row's new seq goes with it: a forward pull still carrying the state before this command is older, and
  // the replication keeps this copy over it (no flick back to the old state). Read and written in one
  // transaction: the pull's own check-and-write (putNewer, in the worker) cannot fall between the two.
  await store.update('time_batches', result.time_batch, (cur) => ({
    ...cur,
    ...(typeof result.send_status === 'number' ? { send_status: result.send_status } : {}),
    ...(ev.type === 'batch.edit' ? { decodeContent: String(ev.payload.content ?? '') } : {}),
    ...(typeof result.timing_time === 'number' ? { timing_time: result.timing_time } : {}),
    ...(typeof result.seq === 'number' ? { seq: Math.max(Number(cur.seq ?? 0), result.seq) } : {}),
  }));
}

const operation = (op: 'pause' | 'recover' | 'intercept') => ({
  endpoint: timeBatchOperationEndpoint,
  body: (p: Record<string, unknown>) => ({ time_batch: p.time_batch, operation: op }),
  applyResult: applyTimedResult,
});

export const TIMED_COMMANDS: CommandTable = {
  'batch.pause': operation('pause'),
  'batch.recover': operation('recover'),
  'batch.intercept': operation('intercept'),
  'batch.edit': {
    endpoint: timeBatchEditEndpoint,
    body: (p) => ({
      time_batch: p.time_batch,
      content: p.content,
      ...(typeof p.timing_time === 'number' ? { timing_time: p.timing_time } : {}),
    }),
    applyResult: applyTimedResult,
  },
};
