import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { SyncRuntime } from '../data/sync-runtime';
import { pending$ } from '../data/sync-runtime';
import type { Filter } from '../../sync/query/query-types';
import { projectRows } from './projected-rows';
import type { ScreenDefinition } from './screen-definition';
import { pendingChanged, settlingAfter, type PendingAndSettling } from './settling';

/** The pending commands and the acknowledged ones held until the rows are re-read (settling.ts). `localRead` counts a
 * local read shown: the events held long enough go. A rejected event rolls back at once. */
export function usePendingRows(runtime: SyncRuntime | null) {
  const localReads = useRef(0);
  const [{ pending, settling }, setEvents] = useState<PendingAndSettling>(() => ({
    pending: pending$.value,
    settling: [],
  }));
  useEffect(() => {
    const sub = pending$.subscribe((next) => setEvents((cur) => pendingChanged(cur, next, localReads.current)));
    return () => sub.unsubscribe();
  }, []);
  const setSettling = useCallback(
    (change: (cur: PendingAndSettling['settling']) => PendingAndSettling['settling']) =>
      setEvents((cur) => {
        const next = change(cur.settling);
        return next === cur.settling ? cur : { ...cur, settling: next };
      }),
    [],
  );
  useEffect(() => {
    const db = runtime?.db;
    if (!db || settling.length === 0) return;
    let cancelled = false;
    void Promise.all(settling.map((s) => db.events.findOne(s.ev.id).exec())).then((docs) => {
      const rejected = new Set(docs.filter((d) => d && d.status === 'rejected').map((d) => d!.id));
      if (!cancelled && rejected.size) setSettling((cur) => cur.filter((s) => !rejected.has(s.ev.id)));
    });
    return () => void (cancelled = true);
  }, [settling, runtime, setSettling]);
  const localRead = useCallback(() => {
    localReads.current += 1;
    setSettling((s) => settlingAfter(s, localReads.current));
  }, [setSettling]);
  return { pending, settling, localRead };
}

/** The rows on screen with the screen's pending commands projected over them; rows the projection adds (commands
 * queued on this device) only where the list's filters hold for them. */
export function useProjectedRows<T>(
  def: ScreenDefinition<T>,
  shown: unknown[],
  { pending, settling }: PendingAndSettling,
  filters: readonly Filter[],
): T[] {
  return useMemo(
    () =>
      projectRows(
        def,
        shown as T[],
        pending,
        settling.map((s) => s.ev),
        filters,
      ),
    [shown, pending, settling, def, filters],
  );
}
