import type { Observable } from 'rxjs';

// A screen's query kept current: read once, then again on every change notice. The notices are listened to before
// the first read starts, so a change landing while that read runs (an event acknowledged the moment a screen opens
// or the network returns) is read again instead of falling between the read and the subscription; and only the
// latest read is applied, so a slower, older read never replaces a newer one.

export interface LiveReadHandlers<T> {
  /** the first result; answer false to stop listening (the caller then shows something else). */
  first: (v: T) => boolean;
  /** each later result, newest only. */
  next: (v: T) => void;
  error?: (e: unknown) => void;
}

/** Starts reading; the answer stops it. */
export function liveRead<T>(changes: Observable<unknown>, read: () => Promise<T>, h: LiveReadHandlers<T>): () => void {
  let stopped = false;
  let started = false;
  let missed = false;
  let reads = 0;
  const again = () => {
    const n = ++reads;
    read().then(
      (v) => !stopped && n === reads && h.next(v),
      (e) => !stopped && h.error?.(e),
    );
  };
  const sub = changes.subscribe(() => (started ? again() : (missed = true)));
  const stop = () => {
    stopped = true;
    sub.unsubscribe();
  };
  read().then(
    (v) => {
      if (stopped) return;
      if (!h.first(v)) return stop();
      started = true;
      if (missed) again();
    },
    (e) => !stopped && h.error?.(e),
  );
  return stop;
}
