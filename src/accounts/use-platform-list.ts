import { useCallback, useEffect, useState } from 'react';
import type { Endpoint, RequestOf } from '../../contract/endpoint';
import { read } from '../data/platform-actions';

// Account lists are not replicated (they are small and change by command): each page comes from the platform's list
// endpoint, re-read after a command.
export function usePlatformList<E extends Endpoint, T>(endpoint: E, body: RequestOf<E>) {
  const [rows, setRows] = useState<T[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(false);
  const [tick, setTick] = useState(0);
  const key = JSON.stringify(body);
  useEffect(() => {
    let live = true;
    setLoading(true);
    read(endpoint, JSON.parse(key) as RequestOf<E>)
      .then((r) => {
        if (!live) return;
        const page = r as { total: number; data: T[] };
        setRows(page.data);
        setTotal(page.total);
      })
      .catch(() => undefined)
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [endpoint, key, tick]);
  const reload = useCallback(() => setTick((n) => n + 1), []);
  return { rows, total, loading, reload };
}
