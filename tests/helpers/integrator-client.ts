import { createHash, createHmac, randomBytes } from 'node:crypto';
import { INTEGRATOR_BASE_PATH } from '../../contract/constants';
import { readAnswer } from './platform';

// A client of the signed integrator API, written from its documentation alone: what an integrator's own system
// would do to sign a request.

/** RFC 3986: everything but A-Z a-z 0-9 - . _ ~ percent-encoded. */
const encode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

export function canonicalQuery(query: Record<string, string | number>): string {
  return Object.entries(query)
    .map(([k, v]) => [encode(k), encode(String(v))])
    .sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

export interface Signing {
  method: string;
  /** the full request path, base included. */
  path: string;
  query?: Record<string, string | number>;
  body?: string;
  timestamp: string;
  nonce: string;
  secret: string;
}

export function signRequest(s: Signing): string {
  const bodyHash = createHash('sha256')
    .update(s.body ?? '')
    .digest('hex');
  const canonical = [
    s.method.toUpperCase(),
    s.path,
    canonicalQuery(s.query ?? {}),
    bodyHash,
    s.timestamp,
    s.nonce,
  ].join('\n');
  return createHmac('sha256', s.secret).update(canonical).digest('hex');
}

export interface IntegratorCall {
  method?: 'GET' | 'POST';
  /** below the API's base path: /sms/send */
  path: string;
  query?: Record<string, string | number>;
  body?: unknown;
  appId: string;
  secret: string;
  /** unix seconds; default now. */
  timestamp?: number;
  nonce?: string;
  lang?: 'zh' | 'en';
  headers?: Record<string, string>;
  /** replaces the computed signature. */
  signature?: string;
}

/** Signs and sends one request to the platform at `origin` (http://host:port); answers status, JSON body, headers. */
export async function callIntegrator(
  origin: string,
  c: IntegratorCall,
): Promise<{ status: number; body: any; headers: Headers }> {
  const method = c.method ?? (c.body === undefined ? 'GET' : 'POST');
  const path = `${INTEGRATOR_BASE_PATH}${c.path}`;
  const body = c.body === undefined ? '' : typeof c.body === 'string' ? c.body : JSON.stringify(c.body);
  const timestamp = String(c.timestamp ?? Math.floor(Date.now() / 1000));
  const nonce = c.nonce ?? randomBytes(12).toString('hex');
  const signature =
    c.signature ?? signRequest({ method, path, query: c.query, body, timestamp, nonce, secret: c.secret });
  const qs = canonicalQuery(c.query ?? {});
  const headers: Record<string, string> = {
    'X-App-Id': c.appId,
    'X-Timestamp': timestamp,
    'X-Nonce': nonce,
    'X-Signature': signature,
    'Accept-Language': c.lang ?? 'zh',
    ...(body ? { 'Content-Type': 'application/json' } : {}),
    ...(c.headers ?? {}),
  };
  return readAnswer(
    await fetch(`${origin}${path}${qs ? `?${qs}` : ''}`, {
      method,
      headers,
      body: method === 'GET' ? undefined : body,
    }),
  );
}
