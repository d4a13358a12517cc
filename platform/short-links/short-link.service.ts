import { randomBytes } from 'node:crypto';
import type { Server } from 'node:net';
import { ulid } from 'ulid';
import { webLinkProblem } from '../../contract/web-link';
import type { AppContext } from '../core/context';
import type { Queryable } from '../db/db';
import { badRequest } from '../http/api-error';
import { ms, type Where } from '../lists/list-query';
import { notifyChanged } from '../feed/change-notices';
import { RECORD_SOURCES } from '../records/sources';

// Short links: codes the platform serves itself at shortUrlBase() (GET /s/:code, short-link.public.ts).
// A link send makes one code per recipient so every click maps to a number.
// The statements on short_links live here; the routes and the public redirect only check and answer.

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
  const name =
    host === '' || host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host;
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

/** Per send (batch) of the accounts in w: links sent and clicked, newest send first, with the number of sends. */
export async function batchSummaryPage(q: Queryable, w: Where, page: { pageNumber: number; pageSize: number }) {
  const source = RECORD_SOURCES.shortLink;
  w.add('l.batch_id is not null');
  const params = [...w.params, page.pageSize, (page.pageNumber - 1) * page.pageSize];
  const data = await q.query(
    `select l.batch_id, l.cus_id, a.cus_name, min(l.long_url) as "mtLonglink", ${ms('min(l.create_time)')} as create_time,
              count(*)::int8 as sent_count, count(*) filter (where l.click_status = 1)::int8 as clicked_count,
              round(count(*) filter (where l.click_status = 1) * 100.0 / count(*), 2)::float8 as "clickRatio"
         from ${source.from} where ${w.sql} group by l.batch_id, l.cus_id, a.cus_name
        order by min(l.create_time) desc, l.batch_id desc limit $${params.length - 1} offset $${params.length}`,
    params,
  );
  const [{ n }] = await q.query<{ n: number }>(
    `select count(distinct l.batch_id)::int8 as n from ${source.countFrom} where ${w.sql}`,
    w.params,
  );
  return { total: Number(n), data };
}

/** The account's latest live stand-alone link to longUrl with the same expiry, which a new request reuses. */
export async function reusableLink(q: Queryable, cusId: string, longUrl: string, expires: Date | null) {
  const [reused] = await q.query<{ code: string; short_url: string }>(
    `select code, short_url from short_links where cus_id = $1 and long_url = $2 and mobile is null and batch_id is null and deleted = false
          and expires_at is not distinct from $3 order by create_time desc limit 1`,
    [cusId, longUrl, expires],
  );
  return reused;
}

/** Stores a stand-alone link; false when the code is taken. */
export async function insertLink(
  q: Queryable,
  l: {
    code: string;
    sn: string;
    cusId: string;
    longUrl: string;
    shortUrl: string;
    expires: Date | null;
    createTime: Date;
  },
): Promise<boolean> {
  const made = await q.query(
    `insert into short_links(code, sn, cus_id, long_url, short_url, expires_at, create_time) values ($1, $2, $3, $4, $5, $6, $7)
         on conflict do nothing returning code`,
    [l.code, l.sn, l.cusId, l.longUrl, l.shortUrl, l.expires, l.createTime],
  );
  return made.length > 0;
}

/** A live link of one of cusIds by its code, expiry in ms. */
export async function linkOfCode(q: Queryable, code: string, cusIds: string[]) {
  const [row] = await q.query<{ short_url: string; long_url: string; expires_at: number | null }>(
    `select short_url, long_url, ${ms('expires_at')} as expires_at from short_links where code = $1 and cus_id = any($2::text[]) and deleted = false`,
    [code, cusIds],
  );
  return row;
}

/** The target of a code a visitor may follow now: not deleted, not expired. */
export async function followableLink(q: Queryable, code: string, now: Date) {
  const [link] = await q.query<{ long_url: string; cus_id: string }>(
    'select long_url, cus_id from short_links where code = $1 and deleted = false and (expires_at is null or expires_at > $2)',
    [code, now],
  );
  return link;
}

/** Records a visitor's click; the link's count, status and first-click details change on their first click only. In
 * one statement, so parallel first clicks of one visitor count once. True when the link changed. */
export async function recordClick(
  q: Queryable,
  c: { code: string; visitor: string; time: Date; osystem: string | null; browser: string | null },
): Promise<boolean> {
  const rows = await q.query(
    `with seen as (insert into short_link_visitors(code, visitor, first_time) values ($1, $2, $3) on conflict do nothing returning code)
     update short_links l set click_count = l.click_count + 1, click_status = 1, click_time = coalesce(l.click_time, $3),
            osystem = case when l.click_time is null then $4 else l.osystem end, browser = case when l.click_time is null then $5 else l.browser end
       from seen where l.code = seen.code returning l.code`,
    [c.code, c.visitor, c.time, c.osystem, c.browser],
  );
  return rows.length > 0;
}
