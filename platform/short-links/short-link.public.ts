import type { FastifyInstance } from 'fastify';
import { UAParser } from 'ua-parser-js';
import { translate } from '../../contract/messages';
import type { AppContext } from '../context';
import { languageOf } from '../http/language';
import { notifyChanged } from '../messaging/notify';
import { CODE_PATTERN } from './short-link.service';

// GET /s/:code, outside the service prefix: the public face of every short link. A visit redirects and records the
// click (first time, system and browser from the user agent; every visit counts). Unknown or expired codes get a
// plain localized page with 404, never an API error envelope.

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

export function registerShortLinkPublic(app: FastifyInstance, ctx: AppContext): void {
  app.get<{ Params: { code: string } }>(`${SHORT_LINK_PATH}:code`, async (req, reply) => {
    const code = req.params.code;
    const { osystem, browser } = parseAgent(req.headers['user-agent']);
    const rows = CODE_PATTERN.test(code)
      ? await ctx.db.query<{ long_url: string; cus_id: string }>(
          `update short_links set click_count = click_count + 1, click_status = 1, click_time = coalesce(click_time, $2),
             osystem = case when click_time is null then $3 else osystem end, browser = case when click_time is null then $4 else browser end
           where code = $1 and deleted = false and (expires_at is null or expires_at > $2) returning long_url, cus_id`,
          [code, ctx.now(), osystem, browser],
        )
      : [];
    reply.header('Cache-Control', 'no-store');
    if (rows.length === 0) {
      return reply.code(404).type('text/html; charset=utf-8').send(notFoundPage(languageOf(req)));
    }
    await notifyChanged(ctx.db, 'shortLink', [rows[0].cus_id]).catch(() => undefined);
    return reply.redirect(rows[0].long_url, 302);
  });
}
