import { randomBytes } from 'node:crypto';
import type { Server } from 'node:net';
import { ulid } from 'ulid';
import { webLinkProblem } from '../../contract/web-link';
import type { AppContext } from '../context';
import type { Queryable } from '../db/db';
import { badRequest } from '../http/api-error';
import { notifyChanged } from '../messaging/notify';

// Short links: codes the platform serves itself at shortUrlBase() (GET /s/:code, short-link.public.ts).
// A link send makes one code per recipient so every click maps to a number.

/** 62^8 ≈ 2.2e14 codes: random enough that codes cannot be guessed or walked. */
export const CODE_LENGTH = 8;
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const CODE_PATTERN = /^[0-9A-Za-z]{7,16}$/;

/** A code from the CSPRNG; bytes ≥ 248 are skipped so every character is equally likely. */
export function newCode(length = CODE_LENGTH): string {
  let out = '';
  while (out.length < length) {
    for (const b of randomBytes(length * 2)) {
      if (b < 248 && out.length < length) out += ALPHABET[b % 62];
    }
  }
  return out;
}

/** The public base short links live under: SHORT_LINK_BASE, else this server's own address (the port it listens on).
 * Never the request's Host or X-Forwarded-Host: a caller could forge them, and every message of a send would then
 * carry links to a host of their choosing under the platform's name. */
export function shortUrlBase(ctx: AppContext, server?: Pick<Server, 'address'>): string {
  const configured = ctx.config.shortLinkBase;
  if (configured) return configured.endsWith('/') ? configured : `${configured}/`;
  const bound = server?.address();
  const port = typeof bound === 'object' && bound !== null && bound.port > 0 ? bound.port : ctx.config.port;
  const host = ctx.config.host;
  // a wildcard listen address is no address a visitor can open
  const name = host === '' || host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}/s/`;
}

export interface CreateShortLinksInput {
  cusId: string;
  longUrl: string;
  mobiles: string[];
  batchId?: string;
  content?: string;
  expiresAt?: number | null;
}

/** One code per recipient, stored with its number, in one statement (a 100k-number send is one insert). */
export async function createShortLinks(
  ctx: AppContext,
  input: CreateShortLinksInput,
  opts: { q?: Queryable; base?: string } = {},
): Promise<Array<{ mobile: string; code: string; shortUrl: string }>> {
  // the route's request rule refuses these already; checked here too because every caller stores a redirect target
  const problem = webLinkProblem(input.longUrl);
  if (problem) throw badRequest(problem, { field: 'longUrl' }, 'longUrl');
  const q = opts.q ?? ctx.db;
  const base = opts.base ?? shortUrlBase(ctx);
  const now = ctx.now();
  const expires = input.expiresAt ? new Date(input.expiresAt) : null;
  let pending = input.mobiles.map((mobile) => ({ mobile, code: newCode() }));
  const done: Array<{ mobile: string; code: string }> = [];
  // a colliding code (practically never) is retried with a fresh one
  for (let attempt = 0; pending.length > 0 && attempt < 5; attempt++) {
    const inserted = await q.query<{ code: string }>(
      `insert into short_links(code, sn, cus_id, long_url, short_url, mobile, batch_id, content, expires_at, create_time)
       select c, s, $3, $4, $10 || c, m, $5, $6, $7, $8 from unnest($1::text[], $2::text[], $9::text[]) as u(c, m, s)
       on conflict do nothing returning code`,
      [
        pending.map((p) => p.code),
        pending.map((p) => p.mobile),
        input.cusId,
        input.longUrl,
        input.batchId ?? null,
        input.content ?? '',
        expires,
        now,
        pending.map(() => ulid()),
        base,
      ],
    );
    const ok = new Set(inserted.map((r) => r.code));
    done.push(...pending.filter((p) => ok.has(p.code)));
    pending = pending.filter((p) => !ok.has(p.code)).map((p) => ({ mobile: p.mobile, code: newCode() }));
  }
  if (pending.length > 0) throw new Error('short link codes kept colliding');
  if (done.length > 0) await notifyChanged(q, 'shortLink', [input.cusId]);
  const byMobile = new Map(done.map((d) => [d.mobile, d.code]));
  // answer in the caller's order
  return input.mobiles.map((mobile) => {
    const code = byMobile.get(mobile)!;
    return { mobile, code, shortUrl: base + code };
  });
}

/** Takes back the links made for a send that then failed. */
export async function deleteBatchShortLinks(q: Queryable, batchId: string): Promise<void> {
  await q.query('delete from short_links where batch_id = $1', [batchId]);
}
