import { promises as dns, type LookupAddress } from 'node:dns';
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { callbackUrlProblem, isInternalAddress, parseIpv4 } from '../../contract/validation/callback-address';
import { badRequest } from '../http/api-error';

// Posting one callback to the address a customer typed. The address was checked when it was saved, but a host name
// may resolve elsewhere by now (or on purpose differently at every query), so the name is resolved here, every
// address it has is checked, and the connection goes to the checked address itself: the HTTP client is handed a
// lookup that answers only that address, so nothing resolves the name a second time between check and connect.
// Connections are kept open for the next callback, but only within an agent pinned to one set of checked addresses:
// every post checks the address first and then takes the agent of exactly what it found, so a kept connection is
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

/** Agents kept per origin and checked address set; the least recently used is closed beyond this many. */
const MAX_AGENTS = 256;
/** a kept connection unused this long is closed */
// shorter than the 5 s a server commonly keeps an idle connection, so the platform is usually the side that closes
const IDLE_MS = 4_000;
/** Posts one instance has in flight at once at most. A receiver's agent keeps as many connections: with fewer, a burst
 * past the kept number closed the rest as each post ended and the next round connected again (a connection per few
 * callbacks, on both sides). */
export const MAX_POSTS_IN_FLIGHT = 256;
const agents = new Map<string, HttpAgent>();

/** The keep-alive agent for `target` pinned to `vetted`: its sockets connect through the pinned lookup only. */
function agentFor(target: URL, vetted: LookupAddress[]): HttpAgent {
  const key = `${target.protocol}//${target.host}|${vetted.map((a) => a.address).join(',')}`;
  let agent = agents.get(key);
  if (agent) {
    agents.delete(key);
  } else {
    const Make = target.protocol === 'https:' ? HttpsAgent : HttpAgent;
    agent = new Make({ keepAlive: true, timeout: IDLE_MS, maxFreeSockets: MAX_POSTS_IN_FLIGHT, scheduling: 'lifo' });
    if (agents.size >= MAX_AGENTS) {
      const [oldestKey, oldest] = agents.entries().next().value!;
      agents.delete(oldestKey);
      oldest.destroy();
    }
  }
  agents.set(key, agent);
  return agent;
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
    // a kept connection the receiver closed just as it was taken again: the request never reached it, so it is sent
    // once more on a connection of its own rather than counted as the receiver's failure
    if (
      (err as { reusedSocket?: boolean }).reusedSocket &&
      (err as { code?: string }).code === 'ECONNRESET' &&
      !opts.signal?.aborted
    ) {
      return postOnce(target, vetted, opts, true);
    }
    throw err;
  }
}

function postOnce(target: URL, vetted: LookupAddress[], opts: PostOptions, fresh = false): Promise<number> {
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<number>((resolve, reject) => {
    const req = send(
      target,
      {
        method: 'POST',
        headers: { ...opts.headers, 'Content-Length': String(Buffer.byteLength(opts.body)) },
        lookup: pinnedLookup(vetted),
        agent: fresh ? false : agentFor(target, vetted),
        signal: opts.signal,
      },
      (res: IncomingMessage) => {
        // the status is the answer; the body is drained, and cut off by the same deadline if it never ends
        res.on('close', () => clearTimeout(timer));
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    const timer = setTimeout(
      () => req.destroy(Object.assign(new Error(`no answer within ${opts.timeoutMs} ms`), { name: 'TimeoutError' })),
      opts.timeoutMs,
    );
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(Object.assign(err, { reusedSocket: req.reusedSocket }));
    });
    req.end(opts.body);
  });
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
