import { describe, expect, it } from 'vitest';
import type { TimeBatch } from '../../contract/records.schema';
import type { EventDoc } from '../store/local-db';
import { projectTimeBatches, timeBatchAggregate } from './projection';

// A timed-batch command's effect stays on screen from the click until the re-read row includes it.

const row = { time_batch: 'tb1', send_status: 0, decodeContent: 'old' } as TimeBatch;
const ev = (id: string, type: string, status: EventDoc['status'], payload: Record<string, unknown> = {}): EventDoc => ({
  id,
  type,
  aggregate: timeBatchAggregate('tb1'),
  payload,
  actor: 'a',
  created_at: 1,
  status,
  attempts: 0,
  last_error: null,
  result: null,
  next_attempt_at: 0,
  k: id,
});

describe('timed-batch projection', () => {
  it('a pending pause shows at once, marked pending', () => {
    expect(projectTimeBatches([row], [ev('1', 'batch.pause', 'pending')])[0]).toMatchObject({
      send_status: 2,
      pending: 'batch.pause',
    });
  });

  it('an acknowledged pause the rows were read before keeps its effect, unmarked (no flick back to "to be sent")', () => {
    const [p] = projectTimeBatches([row], [], [ev('1', 'batch.pause', 'acked')]);
    expect(p.send_status).toBe(2);
    expect(p.pending).toBeUndefined();
  });

  it('an acknowledged edit keeps the new text; a later pending recover applies over it', () => {
    const [p] = projectTimeBatches(
      [row],
      [ev('2', 'batch.recover', 'pending')],
      [ev('1', 'batch.edit', 'acked', { content: 'new' }), ev('0', 'batch.pause', 'acked')],
    );
    expect(p).toMatchObject({ decodeContent: 'new', send_status: 0, pending: 'batch.recover' });
  });

  it('a rejected event has no effect: the pulled state shows', () => {
    expect(projectTimeBatches([row], [], [ev('1', 'batch.pause', 'rejected')])[0]).toEqual(row);
  });
});
