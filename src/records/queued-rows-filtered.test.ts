import { describe, expect, it } from 'vitest';
import type { MtRecord } from '../../contract/records.schema';
import type { EventDoc } from '../../sync/store/local-db';
import type { Filter } from '../../sync/query/query-types';
import { projectRows } from '../table/projected-rows';
import { domesticRecords } from './mt-record-screens';

// A send queued on this device shows at the top of the send records, but only where the list's filters would list it:
// a list filtered to SMPP traffic, another number or another day does not show a console send waiting to go.

const queued: EventDoc = {
  id: '01Q',
  type: 'send.group',
  aggregate: 'send:EP0001',
  payload: { body: { cus_id: 'EP0001', content: 'Hello queued', mobiles: '13900000001' }, summary: { prod_type: 0 } },
  actor: 'admin',
  created_at: Date.parse('2026-11-26T02:00:00Z'),
  status: 'pending',
  attempts: 0,
  last_error: null,
  result: null,
  next_attempt_at: 0,
  k: '01Q',
};
const read = { sn: 'S1', prod_type: 0, source: 'smpp', decodeMobile: '13800000000', mt_status: 0 } as MtRecord;
const shown = (filters: Filter[]) => projectRows(domesticRecords, [read], [queued], [], filters).map((r) => r.sn);

describe('queued sends in a filtered records list', () => {
  it('lists the queued send where every filter holds for it', () => {
    expect(shown([])).toEqual(['queued:01Q:0', 'S1']);
    expect(shown([{ op: 'eq', field: 'source', value: 'console' }])).toEqual(['queued:01Q:0', 'S1']);
    expect(shown([{ op: 'prefix', field: 'decodeMobile', value: '1390' }])).toEqual(['queued:01Q:0', 'S1']);
    // waiting to be sent: listed under the status filter's "waiting"
    expect(shown([{ op: 'eq', field: 'mt_status', value: 500 }])).toEqual(['queued:01Q:0', 'S1']);
  });

  it('leaves it out where a filter does not hold, and keeps the rows that were read', () => {
    expect(shown([{ op: 'eq', field: 'source', value: 'smpp' }])).toEqual(['S1']);
    expect(shown([{ op: 'prefix', field: 'decodeMobile', value: '1380' }])).toEqual(['S1']);
    expect(shown([{ op: 'eq', field: 'mt_status', value: 0 }])).toEqual(['S1']);
    expect(shown([{ op: 'range', field: 'receive_time', from: Date.parse('2026-11-27T00:00:00Z') }])).toEqual(['S1']);
  });
});
