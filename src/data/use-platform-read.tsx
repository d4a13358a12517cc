import { Message } from 'primereact/message';
import { useEffect, useState, type ReactNode } from 'react';
import type { Endpoint, RequestOf, ResponseOf } from '../../contract/endpoint';
import { read } from './platform-actions';

/**
 * One platform read for a panel: its answer, or the reason it failed as an element to show (a panel that could not
 * be read says so instead of staying blank). Read again when the body changes.
 */
export function usePlatformRead<E extends Endpoint>(endpoint: E, body: RequestOf<E>): { data: ResponseOf<E> | null; failure: ReactNode } {
  const [data, setData] = useState<ResponseOf<E> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const key = JSON.stringify(body);
  useEffect(() => {
    let live = true;
    read(endpoint, JSON.parse(key) as RequestOf<E>).then(
      (d) => {
        if (!live) return;
        setData(d);
        setError(null);
      },
      (e: Error) => live && setError(e.message),
    );
    return () => {
      live = false;
    };
  }, [endpoint, key]);
  return { data, failure: error && <Message severity="error" text={error} data-testid="read-error" /> };
}
