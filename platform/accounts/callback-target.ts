import { promises as dns, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { Pool } from 'undici';
import { callbackUrlProblem, isInternalAddress, parseIpv4 } from '../../contract/validation/callback-address';
import { badRequest } from '../http/api-error';

// Posting one callback to the address a customer typed. The address was checked when it was saved, but a host name
// may resolve elsewhere by now (or on purpose differently at every query), so the name is resolved here, every
// address it has is checked, and the connection goes to the checked address itself: the HTTP client is handed a
// lookup that answers only that address, so nothing resolves the name a second time between check and connect.
// Connections are kept open for the next callback, but only within a pool pinned to one set of checked addresses:
// every post checks the address first and then takes the pool of exactly what it found, so a kept connection is
// only ever reused for a destination that was just checked to be where it leads.

/** Every address of a host name, as dns.lookup answers with `all`. Tests hand in their own. */
export type ResolveAll = (hostname: string) => Promise<LookupAddress[]>;
export const resolveAll: ResolveAll = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

/** The destination is not allowed: an internal address, or a text that is no callback address. */
export class RefusedTargetError extends Error {
  override name = 'RefusedTargetError';
}

export interface TargetOptions {
  /** config.callbackAllowPrivate: loopback and private destinations are allowed (tests, closed networks). */
  allowPrivate: boolean;
  resolve?: ResolveAll;
}

/** The addresses a callback to `url` may connect to: every address its host has, each checked. */
export async function vetTarget(url: URL, opts: TargetOptions): Promise<LookupAddress[]> {
  const problem = callbackUrlProblem(url.href, opts.allowPrivate);
  if (problem !== null) throw new RefusedTargetError(`${problem}: ${url.host}`);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (url.hostname.startsWith('[')) return [{ address: host, family: 6 }];
  if (parseIpv4(host) !== null) return [{ address: host, family: 4 }];
  const addresses = await (opts.resolve ?? resolveAll)(host);
  if (addresses.length === 0) throw new Error(`no address for ${host}`);
  if (!opts.allowPrivate) {
    // one internal address is enough to refuse: which of them a client picks is not ours to know
    const internal = addresses.find((a) => isInternalAddress(a.address));
    if (internal) throw new RefusedTargetError(`${host} resolves to ${internal.address}`);
  }
  return addresses;
}

/** A lookup that answers only the vetted addresses, in the shape the caller asked for: net asks with `all` when it
 * tries the addresses in turn (an IPv6 address first on a host without an IPv6 route must not sink the delivery). */
function pinnedLookup(vetted: LookupAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all)
      (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, vetted);
    else callback(null, vetted[0].address, vetted[0].family);
  };
}

/** Connection pools kept per origin and checked address set; the least recently used is closed beyond this many. */
const MAX_POOLS = 256;
/** a kept connection unused this long is closed */
// shorter than the 5 s a server commonly keeps an idle connection, so the platform is usually the side that closes;
// a receiver that says less in its Keep-Alive header is believed, less a margin
const IDLE_MS = 4_000;
/** Posts one instance has in flight at once at most. A receiver's pool keeps as many connections: with fewer, a burst
 * past the kept number closed the rest as each post ended and the next round connected again (a connection per few
 * callbacks, on both sides). */
export const MAX_POSTS_IN_FLIGHT = 256;
const pools = new Map<string, Pool>();

/** The keep-alive pool for `target` pinned to `vetted`: its sockets connect through the pinned lookup only. undici's
 * client, not node:http's: it took half the CPU per callback on the same receiver. */
function poolFor(target: URL, vetted: LookupAddress[]): Pool {
  const key = `${target.origin}|${vetted.map((a) => a.address).join(',')}`;
  let pool = pools.get(key);
  if (pool) {
    pools.delete(key);
  } else {
    pool = new Pool(target.origin, {
      connections: MAX_POSTS_IN_FLIGHT,
      keepAliveTimeout: IDLE_MS,
      keepAliveMaxTimeout: IDLE_MS,
      connect: { lookup: pinnedLookup(vetted) },
    });
    if (pools.size >= MAX_POOLS) {
      const [oldestKey, oldest] = pools.entries().next().value!;
      pools.delete(oldestKey);
      // posts still on it finish; only then are its connections closed
      void oldest.close().catch(() => undefined);
    }
  }
  pools.set(key, pool);
  return pool;
}

export interface PostOptions extends TargetOptions {
  headers: Record<string, string>;
  body: string;
  /** the whole exchange, connecting included, ends after this many ms. */
  timeoutMs: number;
  signal?: AbortSignal;
}

/** POSTs `body` to `url` on the vetted address and answers the HTTP status. Redirects are not followed (a 3xx is an
 * answer like any other): following one would lead to an address nobody checked. */
export async function postCallback(url: string, opts: PostOptions): Promise<number> {
  const target = new URL(url);
  const vetted = await vetTarget(target, opts);
  try {
    return await postOnce(target, vetted, opts);
  } catch (err) {
    // a kept connection the receiver closed just as it was taken again (it had carried an answer before): the post
    // is sent once more rather than counted as the receiver's failure
    if (reusedAndClosed(err) && !opts.signal?.aborted) return postOnce(target, vetted, opts);
    throw err;
  }
}

function reusedAndClosed(err: unknown): boolean {
  const e = err as { code?: string; socket?: { bytesRead?: number } };
  return e.code === 'UND_ERR_SOCKET' && (e.socket?.bytesRead ?? 0) > 0;
}

async function postOnce(target: URL, vetted: LookupAddress[], opts: PostOptions): Promise<number> {
  // an abort listener added to a signal already aborted never runs
  opts.signal?.throwIfAborted();
  const deadline = new AbortController();
  const timer = setTimeout(
    () => deadline.abort(Object.assign(new Error(`no answer within ${opts.timeoutMs} ms`), { name: 'TimeoutError' })),
    opts.timeoutMs,
  );
  const stop = () => deadline.abort(opts.signal!.reason);
  opts.signal?.addEventListener('abort', stop, { once: true });
  const done = () => {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', stop);
  };
  try {
    const res = await poolFor(target, vetted).request({
      path: `${target.pathname}${target.search}`,
      method: 'POST',
      headers: opts.headers,
      body: opts.body,
      signal: deadline.signal,
    });
    // the status is the answer; the body is drained first, so the connection is free for the next post, and cut
    // off by the same deadline if it never ends
    await res.body.dump().catch(() => undefined);
    // undici takes a connection back a turn of the loop after its answer, once it has seen the receiver did not close
    // it meanwhile: the post ends after that turn, so the caller's next post reuses it rather than opening another
    await new Promise(setImmediate);
    return res.statusCode;
  } finally {
    done();
  }
}

/** Refuses, as a 400 on the field, a callback address the platform would not post to (checked when it is saved, so
 * the customer learns it at once rather than from failed deliveries). Blank fields are left to the form's rules. */
export function assertCallbackUrls(allowPrivate: boolean, urls: { reportUrl?: string; moUrl?: string }): void {
  for (const field of ['reportUrl', 'moUrl'] as const) {
    const url = urls[field];
    const problem = url ? callbackUrlProblem(url, allowPrivate) : null;
    if (problem !== null) throw badRequest(problem, { field }, field);
  }
}
