// A fetch that travels through a dedicated worker, which also reads and parses the JSON answer (fetch.worker.ts).
// The first-sync pages use it (src/table/first-sync-pages.ts): they travel while the main thread renders the console
// and the screen, and an answer fetched on the main thread would wait behind that rendering three times (its
// headers, its body, its parse: each a task of its own; 60-100 ms at 1M records). From the worker it is one message,
// read at the first gap. Bodies are strings (JSON) or absent: the calls that use it send no files.

export type FetchAsk =
  | { type: 'fetch'; id: number; url: string; method: string; headers: Record<string, string>; body?: string }
  | { type: 'abort'; id: number };
export type FetchAnswer =
  { id: number; status: number; json: unknown; parsed: boolean } | { id: number; error: string };

/** The worker's side: answers each ask through `post`, and aborts an ask by its id. */
export function serveFetches(fetchImpl: typeof fetch, post: (a: FetchAnswer) => void): (ask: FetchAsk) => void {
  const running = new Map<number, AbortController>();
  return (ask) => {
    if (ask.type === 'abort') return void running.get(ask.id)?.abort();
    const { id } = ask;
    const ctl = new AbortController();
    running.set(id, ctl);
    void (async () => {
      try {
        const res = await fetchImpl(ask.url, {
          method: ask.method,
          headers: ask.headers,
          body: ask.body,
          signal: ctl.signal,
        });
        const text = await res.text();
        let json: unknown = undefined;
        let parsed = true;
        try {
          json = JSON.parse(text);
        } catch {
          parsed = false;
        }
        if (!ctl.signal.aborted) post({ id, status: res.status, json, parsed });
      } catch (e) {
        if (!ctl.signal.aborted) post({ id, error: String((e as Error)?.message ?? e) });
      } finally {
        running.delete(id);
      }
    })();
  };
}

/** What the page needs of a Worker (a MessagePort in the tests). */
export interface FetchWorker {
  postMessage(ask: FetchAsk): void;
  onmessage: ((e: MessageEvent<FetchAnswer>) => void) | null;
  onerror: ((e: ErrorEvent) => void) | null;
  terminate(): void;
}

export interface OffThreadFetch {
  fetch: typeof fetch;
  /** starts the worker ahead of the first call (the login click, while the login request travels) */
  warm(): void;
  /** whether the worker is started (a call then does not wait for it to start) */
  warmed(): boolean;
}

type Pending = { resolve: (r: Response) => void; reject: (e: unknown) => void };

/** The page's side. A worker that fails (its script did not load) fails the calls in flight as network errors, and
 * the next call starts another. */
export function createOffThreadFetch(spawn: () => FetchWorker): OffThreadFetch {
  let worker: FetchWorker | null = null;
  const pending = new Map<number, Pending>();
  let nextId = 1;

  function started(): FetchWorker {
    if (worker) return worker;
    const w = spawn();
    w.onmessage = (e) => {
      const a = e.data;
      const p = pending.get(a.id);
      if (!p) return;
      pending.delete(a.id);
      if ('error' in a) return p.reject(new TypeError(a.error));
      // a Response whose body is already parsed: the client reads its status and its json() only
      const res = new Response(null, { status: a.status });
      const { json, parsed } = a;
      Object.defineProperty(res, 'json', {
        value: () => (parsed ? Promise.resolve(json) : Promise.reject(new SyntaxError('the answer is not JSON'))),
      });
      p.resolve(res);
    };
    w.onerror = () => {
      if (worker === w) worker = null;
      w.terminate();
      const failed = [...pending.values()];
      pending.clear();
      failed.forEach((p) => p.reject(new TypeError('the fetch worker failed')));
    };
    return (worker = w);
  }

  const offThread = (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const { signal } = init;
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (init.body !== undefined && init.body !== null && typeof init.body !== 'string')
      return Promise.reject(new TypeError('off-thread fetch sends string bodies only'));
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const w = started();
    const id = nextId++;
    return new Promise<Response>((resolve, reject) => {
      const onAbort = () => {
        if (!pending.delete(id)) return;
        w.postMessage({ type: 'abort', id });
        reject(signal!.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const done = () => signal?.removeEventListener('abort', onAbort);
      pending.set(id, { resolve: (r) => (done(), resolve(r)), reject: (e) => (done(), reject(e)) });
      w.postMessage({
        type: 'fetch',
        id,
        url,
        method: init.method ?? 'GET',
        headers,
        body: (init.body as string | undefined) ?? undefined,
      });
    });
  };
  return { fetch: offThread as typeof fetch, warm: () => void started(), warmed: () => worker !== null };
}
