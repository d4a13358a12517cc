import { Subject } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { liveRead } from './live-read';

// The Activity screen stayed "pending" after an ack: the change notice came while the first read ran, before the
// screen listened. liveRead listens first and re-reads; an older read finishing last is dropped.
const deferred = <T>() => {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
};
const flush = () => new Promise((r) => setImmediate(r));

describe('liveRead', () => {
  it('re-reads after a change that lands while the first read runs', async () => {
    const changes = new Subject<void>();
    let state = 'pending';
    const first = deferred<string>();
    const reads: Array<Promise<string>> = [first.promise];
    const shown: string[] = [];
    liveRead(changes, () => reads.shift() ?? Promise.resolve(state), {
      first: (v) => (shown.push(v), true),
      next: (v) => shown.push(v),
    });
    // the ack lands during the first read, which saw the state before it
    state = 'acked';
    changes.next();
    first.resolve('pending');
    await flush();
    expect(shown).toEqual(['pending', 'acked']);
  });

  it('applies only the newest of overlapping re-reads', async () => {
    const changes = new Subject<void>();
    const slow = deferred<string>();
    const fast = deferred<string>();
    const queue = [Promise.resolve('v0'), slow.promise, fast.promise];
    const shown: string[] = [];
    liveRead(changes, () => queue.shift()!, { first: (v) => (shown.push(v), true), next: (v) => shown.push(v) });
    await flush();
    changes.next();
    changes.next();
    fast.resolve('v2');
    await flush();
    slow.resolve('v1');
    await flush();
    expect(shown).toEqual(['v0', 'v2']);
  });

  it('stops listening when the first result is declined, and after stop', async () => {
    const changes = new Subject<void>();
    let n = 0;
    const shown: number[] = [];
    liveRead(changes, async () => ++n, { first: () => false, next: (v) => shown.push(v) });
    await flush();
    changes.next();
    await flush();
    expect(changes.observed).toBe(false);
    expect(shown).toEqual([]);

    const stop = liveRead(changes, async () => ++n, { first: () => true, next: (v) => shown.push(v) });
    await flush();
    stop();
    changes.next();
    await flush();
    expect(shown).toEqual([]);
  });
});
