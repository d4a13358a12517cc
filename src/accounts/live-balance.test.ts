import { Subject } from 'rxjs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EventDoc } from '../../sync/store/local-db';
import { followBalance } from './live-balance';

const ev = (type: string, status: EventDoc['status']) => ({ type, status }) as EventDoc;

describe('the balance follows sends and charges', () => {
  afterEach(() => vi.useRealTimers());

  it('asks the user info again once after a burst of send writes or money commands, not for other changes', () => {
    vi.useFakeTimers();
    const changes = new Subject<string>();
    const settled = new Subject<EventDoc>();
    const reload = vi.fn();
    let following = false;
    const sub = followBalance(changes, settled, reload, () => following, 1000);
    // a backfill's pages of old records move no balance
    changes.next('mt_records');
    vi.advanceTimersByTime(2000);
    expect(reload).not.toHaveBeenCalled();
    following = true;
    changes.next('templates');
    settled.next(ev('addressBook.group.add', 'acked'));
    settled.next(ev('customer.charge', 'rejected'));
    vi.advanceTimersByTime(2000);
    expect(reload).not.toHaveBeenCalled();
    // a send: its batch and its records are pulled in several writes
    changes.next('batches');
    changes.next('mt_records');
    changes.next('mt_records');
    vi.advanceTimersByTime(1000);
    expect(reload).toHaveBeenCalledTimes(1);
    settled.next(ev('customer.charge', 'acked'));
    vi.advanceTimersByTime(1000);
    expect(reload).toHaveBeenCalledTimes(2);
    sub.unsubscribe();
    changes.next('batches');
    vi.advanceTimersByTime(1000);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
