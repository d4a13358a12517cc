import { promises as dns, type LookupAddress } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { callbackUrlProblem, isInternalAddress, parseIpv4 } from '../../contract/validation/callback-address';
import { badRequest } from '../http/api-error';

// Posting one callback to the address a customer typed. The address was checked when it was saved, but a host name
// may resolve elsewhere by now (or on purpose differently at every query), so the name is resolved here, every
// address it has is checked, and the connection goes to the checked address itself: the HTTP client is handed a
// lookup that answers only that address, so nothing resolves the name a second time between check and connect.

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
    if ((options as { all?: boolean }).all) (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, vetted);
    else callback(null, vetted[0].address, vetted[0].family);
  };
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
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<number>((resolve, reject) => {
    const req = send(
      target,
      {
        method: 'POST',
        headers: { ...opts.headers, 'Content-Length': String(Buffer.byteLength(opts.body)) },
        lookup: pinnedLookup(vetted),
        // a fresh connection each time: a pooled one would skip the check above for its next request
        agent: false,
        signal: opts.signal,
      },
      (res: IncomingMessage) => {
        // the status is the answer; the body is drained, and cut off by the same deadline if it never ends
        res.on('close', () => clearTimeout(timer));
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    const timer = setTimeout(() => req.destroy(Object.assign(new Error(`no answer within ${opts.timeoutMs} ms`), { name: 'TimeoutError' })), opts.timeoutMs);
    req.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
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
