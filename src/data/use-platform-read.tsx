import { Message } from 'primereact/message';
import { useEffect, useState, type ReactNode } from 'react';
import type { Endpoint, RequestOf, ResponseOf } from '../../contract/endpoint';
import { read } from './platform-actions';

export interface PlatformReadOptions {
  /** false: nothing is read (the panel does not need it yet). */
  enabled?: boolean;
  /** read again whenever this changes (a change notice, a command acknowledged). */
  refresh?: unknown;
}

/**
 * One platform read for a panel: its answer, or the reason it failed, as text and as an element to show (a panel that
 * could not be read says so instead of staying blank). Read again when the body or `refresh` changes; a slower,
 * older answer never replaces a newer one.
 */
export function usePlatformRead<E extends Endpoint>(
  endpoint: E,
  body: RequestOf<E>,
  { enabled = true, refresh }: PlatformReadOptions = {},
): { data: ResponseOf<E> | null; error: string | null; failure: ReactNode; loading: boolean } {
  const [data, setData] = useState<ResponseOf<E> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const key = JSON.stringify(body);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    setLoading(true);
    read(endpoint, JSON.parse(key) as RequestOf<E>)
      .then(
        (d) => {
          if (!live) return;
          setData(d);
          setError(null);
        },
        (e: Error) => live && setError(e.message),
      )
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [endpoint, key, enabled, refresh]);
  return { data, error, loading, failure: error && <Message severity="error" text={error} data-testid="read-error" /> };
}
