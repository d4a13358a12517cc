import { Message } from 'primereact/message';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Endpoint, RequestOf, ResponseOf } from '../../contract/endpoint';
import { read } from './platform-actions';

export interface PlatformReadOptions {
  /** false: nothing is read (the panel does not need it yet). */
  enabled?: boolean;
  /** read again whenever this changes (a change notice, a command acknowledged). */
  refresh?: unknown;
  /** ms a changed body must stay unchanged before it is read (a quote of a text being typed); the first read goes at
   * once, and the last answer stays shown meanwhile. */
  rest?: number;
}

/**
 * One platform read for a panel: its answer, or the reason it failed, as text and as an element to show (a panel that
 * could not be read says so instead of staying blank). Read again when the body or `refresh` changes; a slower,
 * older answer never replaces a newer one.
 */
export function usePlatformRead<E extends Endpoint>(
  endpoint: E,
  body: RequestOf<E>,
  { enabled = true, refresh, rest = 0 }: PlatformReadOptions = {},
): { data: ResponseOf<E> | null; error: string | null; failure: ReactNode; loading: boolean } {
  const [data, setData] = useState<ResponseOf<E> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const key = JSON.stringify(body);
  const asked = useRef(false);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    const ask = () => {
      asked.current = true;
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
    };
    const resting = rest > 0 && asked.current ? setTimeout(ask, rest) : (ask(), undefined);
    return () => {
      live = false;
      clearTimeout(resting);
    };
  }, [endpoint, key, enabled, refresh, rest]);
  return { data, error, loading, failure: error && <Message severity="error" text={error} data-testid="read-error" /> };
}
