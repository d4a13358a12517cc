import { describe, expect, it } from 'vitest';
import type { MtRecord } from '../../contract/records.schema';
import type { EventDoc } from '../store/local-db';
import { projectQueuedSends, QUEUED_ROWS_PER_SEND, scheduledBatchOf } from './send-commands';

const ev = (
  id: string,
  type: string,
  body: Record<string, unknown>,
  summary: Record<string, unknown>,
  status: EventDoc['status'] = 'pending',
): EventDoc => ({
  id,
  type,
  aggregate: 'send:EP0001',
  payload: { body, summary },
  actor: 'admin',
  created_at: 1000,
  status,
  attempts: 0,
  last_error: null,
  result: null,
  next_attempt_at: 0,
  k: id,
});

describe('queued sends over the records list', () => {
  const row = { sn: 'S1', prod_type: 0, decodeMobile: '13900000000' } as MtRecord;

  it('shows the first numbers of each queued send of the product line, newest send first, marked pending', () => {
    const many = Array.from({ length: 50 }, (_, i) => String(13900000100 + i)).join('\n');
    const project = projectQueuedSends<MtRecord>(0);
    const out = project(
      [row],
      [
        ev(
          '01A',
          'send.group',
          { cus_id: 'EP0001', content: 'old', mobiles: '13900000001，13900000002' },
          { prod_type: 0 },
        ),
        ev('01B', 'send.group', { cus_id: 'EP0001', content: 'new', mobiles: many }, { prod_type: 0 }),
        ev('01C', 'send.international', { cus_id: 'EP0001', content: 'x', mobiles: '+14155552671' }, { prod_type: 1 }),
        ev(
          '01D',
          'send.group',
          { cus_id: 'EP0001', content: 'done', mobiles: '13900000003' },
          { prod_type: 0 },
          'acked',
        ),
        ev('01E', 'batch.pause', { time_batch: 'T' }, {}),
      ],
    );
    expect(out).toHaveLength(QUEUED_ROWS_PER_SEND + 2 + 1);
    expect(out[0]).toMatchObject({ decodeMobile: '13900000100', decodeContent: 'new', pending: 'send.group' });
    expect(out.slice(QUEUED_ROWS_PER_SEND, QUEUED_ROWS_PER_SEND + 2).map((r) => r.decodeMobile)).toEqual([
      '13900000001',
      '13900000002',
    ]);
    expect(out.at(-1)).toBe(row);
    expect(project([row], [])).toEqual([row]);
  });

  it('one-to-one sends show each number with its own message', () => {
    const out = projectQueuedSends<MtRecord>(0)(
      [],
      [
        ev(
          '01A',
          'send.group',
          { cus_id: 'EP0001', contents: [{ mobile: '13900000001', content: 'Hi Li' }] },
          { prod_type: 0 },
        ),
      ],
    );
    expect(out).toMatchObject([{ decodeMobile: '13900000001', decodeContent: 'Hi Li' }]);
  });

  it('a scheduled send becomes a timed batch row; an immediate one does not', () => {
    const e = ev(
      '01A',
      'send.group',
      { cus_id: 'EP0001', content: 'later', mobiles: '13900000001' },
      { prod_type: 0, timing: 5000 },
    );
    const result = {
      batch_id: 'TB1',
      time_batch: 'TB1',
      validCount: 1,
      invalidCount: 0,
      repeatCount: 0,
      blacklistCount: 0,
      segments: 1,
      cost: 0.05,
      batch_type: 1,
    };
    expect(scheduledBatchOf(e, result, 2000)).toMatchObject({
      time_batch: 'TB1',
      send_status: 0,
      timing_time: 5000,
      batch_count: 1,
      decodeContent: 'later',
      batch_type: 0,
    });
    expect(scheduledBatchOf(e, { ...result, time_batch: null }, 2000)).toBeNull();
  });
});
