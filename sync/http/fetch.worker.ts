import { serveFetches, type FetchAnswer, type FetchAsk } from './off-thread-fetch';

// The worker of off-thread-fetch.ts: fetches, reads and parses the answer here, and posts it parsed.

const scope = self as unknown as {
  postMessage(m: FetchAnswer): void;
  onmessage: ((e: MessageEvent<FetchAsk>) => void) | null;
};
const serve = serveFetches(fetch, (a) => scope.postMessage(a));
scope.onmessage = (e) => serve(e.data);
