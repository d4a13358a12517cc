import { describe, expect, it } from 'vitest';
import type { EventDoc } from '../../sync/store/local-db';
import { pendingChanged, settlingAfter, type Settling } from './settling';

describe('acknowledged commands held until the rows are re-read', () => {
  const held = [{ ev: { id: 'e1' }, reads: 3 }] as Settling[];
  it('a read under way when the command was acknowledged may predate its local write: the event stays', () => {
    expect(settlingAfter(held, 4)).toBe(held);
  });
  it('the read after that includes the write: the event goes', () => {
    expect(settlingAfter(held, 5)).toEqual([]);
  });
});

describe('the pending list changes', () => {
  const ev = (id: string) => ({ id, status: 'pending' }) as EventDoc;
  const a = ev('a');
  const b = ev('b');
  it('the same list changes nothing', () => {
    const cur = { pending: [a], settling: [] };
    expect(pendingChanged(cur, cur.pending, 0)).toBe(cur);
  });
  it('an event that left it is held, as acknowledged, in the same update, from the reads counted so far', () => {
    const next = pendingChanged({ pending: [a, b], settling: [] }, [b], 7);
    expect(next.pending).toEqual([b]);
    expect(next.settling).toEqual([{ ev: { ...a, status: 'acked' }, reads: 7 }]);
  });
  it('a new event only joins the pending list: the events held stay as they were', () => {
    const settling = [{ ev: a, reads: 1 }];
    const next = pendingChanged({ pending: [], settling }, [b], 2);
    expect(next).toEqual({ pending: [b], settling });
    expect(next.settling).toBe(settling);
  });
});
