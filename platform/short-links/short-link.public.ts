import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { UAParser } from 'ua-parser-js';
import { translate } from '../../contract/messages';
import { redirectTarget } from '../../contract/web-link';
import { derivedKey } from '../accounts/secrets';
import type { AppContext } from '../core/context';
import type { Queryable } from '../db/db';
import { languageOf } from '../http/language';
import { notifyChanged } from '../feed/change-notices';
import { CODE_PATTERN, followableLink, recordClick } from './short-link.service';

// GET /s/:code, outside the service prefix: the public face of every short link. A visit redirects and records the
// click (first time, system and browser from the user agent; each visitor counts once). Unknown or expired codes, and
// targets that are not http(s), get a plain localized page with 404, never an API error envelope.

export const SHORT_LINK_PATH = '/s/';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function notFoundPage(lang: 'zh' | 'en'): string {
  const title = escapeHtml(translate(lang, 'shortLink.pageTitle'));
  const body = escapeHtml(translate(lang, 'shortLink.pageBody'));
  return `<!doctype html><html lang="${lang === 'zh' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${title}</title></head><body style="font-family:sans-serif;text-align:center;padding:4em 1em;color:#444"><h1>${title}</h1><p>${body}</p></body></html>`;
}

/** System and browser names as the console shows them ("iOS 17.0", "Mobile Safari 17.0"). */
export function parseAgent(ua: string | undefined): { osystem: string | null; browser: string | null } {
  if (!ua) return { osystem: null, browser: null };
  const r = new UAParser(ua.slice(0, 1000)).getResult();
  const name = (n?: string, v?: string) => (n ? `${n}${v ? ` ${v}` : ''}`.slice(0, 100) : null);
  return { osystem: name(r.os.name, r.os.version), browser: name(r.browser.name, r.browser.major) };
}

/** Per database: the key visitors are hashed with, derived once (the key material lives in the database). */
const visitorKeys = new WeakMap<Queryable, Promise<Buffer>>();
function visitorKey(q: Queryable): Promise<Buffer> {
  let key = visitorKeys.get(q);
  if (!key) {
    key = derivedKey(q, 'short-link-visitor');
    key.catch(() => visitorKeys.delete(q));
    visitorKeys.set(q, key);
  }
  return key;
}

/** A visitor: a keyed hash of the client address (the socket's, since no proxy is trusted) and the user agent. Keyed,
 * so the stored value cannot be turned back into an address by hashing every IPv4 address. */
export async function visitorOf(q: Queryable, address: string, ua: string | undefined): Promise<string> {
  return createHmac('sha256', await visitorKey(q))
    .update(`${address}\n${ua ?? ''}`)
    .digest()
    .subarray(0, 16)
    .toString('base64url');
}

export function registerShortLinkPublic(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { code: string } }>(`${SHORT_LINK_PATH}:code`, async (req, reply) => {
    const code = req.params.code;
    reply.header('Cache-Control', 'no-store');
    const link = CODE_PATTERN.test(code) ? await followableLink(ctx.db, code, ctx.now()) : undefined;
    // a link stored before targets were checked may hold a javascript: or data: address: it leads nowhere
    const target = link ? redirectTarget(link.long_url) : null;
    if (!link || !target) {
      return reply
        .code(404)
        .type('text/html; charset=utf-8')
        .send(notFoundPage(languageOf(req)));
    }
    // HEAD is a link checker or a preview fetcher, not a visitor
    if (req.method === 'GET') {
      const ua = req.headers['user-agent'];
      // a failed count must not cost the visitor the redirect
      const changed = await visitorOf(ctx.db, req.ip, ua)
        .then((visitor) => recordClick(ctx.db, { code, visitor, time: ctx.now(), ...parseAgent(ua) }))
        .catch((err: unknown) => {
          req.log.error({ err }, 'short link click not recorded');
          return false;
        });
      if (changed) await notifyChanged(ctx.db, 'shortLink', [link.cus_id]).catch(() => undefined);
    }
    return reply.redirect(target, 302);
  });
}
