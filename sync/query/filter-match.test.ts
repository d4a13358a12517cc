import { describe, expect, it } from 'vitest';
import { rowMatches } from './filter-match';

// Queued rows are kept or hidden by the list's filters as the local database would answer them.

const row = {
  source: 'console',
  mt_status: 500,
  decodeMobile: '13900001234',
  decodeContent: 'Hello World',
  receive_time: '2026-11-26T02:00:00.000Z',
};

describe('rowMatches', () => {
  it('keeps a row every filter holds for, and no filters keep every row', () => {
    expect(rowMatches(row, [])).toBe(true);
    expect(
      rowMatches(row, [
        { op: 'eq', field: 'source', value: 'console' },
        { op: 'eq', field: 'mt_status', value: 500 },
        { op: 'prefix', field: 'decodeMobile', value: '1390000' },
        { op: 'contains', field: 'decodeContent', value: 'world' },
        {
          op: 'range',
          field: 'receive_time',
          from: Date.parse('2026-11-26T00:00:00Z'),
          to: Date.parse('2026-11-26T23:59:59Z'),
        },
        { op: 'in', field: 'source', values: ['smpp', 'console'] },
      ]),
    ).toBe(true);
  });

  it('drops a row one filter does not hold for', () => {
    expect(rowMatches(row, [{ op: 'eq', field: 'source', value: 'smpp' }])).toBe(false);
    expect(rowMatches(row, [{ op: 'eq', field: 'mt_status', value: 0 }])).toBe(false);
    expect(rowMatches(row, [{ op: 'prefix', field: 'decodeMobile', value: '1380' }])).toBe(false);
    expect(rowMatches(row, [{ op: 'contains', field: 'decodeContent', value: 'bye' }])).toBe(false);
    expect(rowMatches(row, [{ op: 'range', field: 'receive_time', from: Date.parse('2026-11-27T00:00:00Z') }])).toBe(
      false,
    );
    expect(rowMatches(row, [{ op: 'in', field: 'source', values: ['http'] }])).toBe(false);
    // a field the row lacks holds for no filter
    expect(rowMatches(row, [{ op: 'eq', field: 'batch_id', value: 'B1' }])).toBe(false);
  });
});
