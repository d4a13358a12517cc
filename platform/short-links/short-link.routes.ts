import type { FastifyInstance } from 'fastify';
import { ulid } from 'ulid';
import {
  longToShortEndpoint,
  SHORT_LINK_NOT_FOUND,
  shortLinkBatchSummaryEndpoint,
  shortLinkDownloadEndpoint,
  shortLinkListEndpoint,
  shortToLongEndpoint,
} from '../../contract/endpoints/short-link.endpoints';
import type { ShortLinkRecord } from '../../contract/entities.schema';
import { webLinkProblem } from '../../contract/web-link';
import { readableCusIds, scopeCusIds } from '../auth/scope';
import type { AppContext } from '../core/context';
import { badRequest } from '../http/api-error';
import { pageOf, rowsOf, whereOf, type Filters } from '../lists/list-query';
import { authedRoute as route } from '../lists/read-route';
import { route as commandRoute } from '../http/route';
import { RECORD_SOURCES } from '../records/sources';
import { sendXlsx, type Column } from '../lists/xlsx-export';
import { notifyChanged } from '../feed/change-notices';
import { batchSummaryPage, insertLink, linkOfCode, newCode, reusableLink, shortUrlBase } from './short-link.service';

// Short links (screen 16): click records (one row per code), their download, the per-send click-through
// summary, and the two conversion tools. Every read is scoped to the caller's visible accounts.

type Body = Record<string, unknown> & { cus_id?: string };
const filters: Filters<Body> = {
  decodeMobile: { op: 'prefix', column: 'l.mobile' },
  batch_id: { op: 'eq', column: 'l.batch_id' },
  click_status: { op: 'eq', column: 'l.click_status' },
  startTime: { op: 'from', column: 'l.create_time' },
  endTime: { op: 'to', column: 'l.create_time' },
};

const CLICK_LABEL = { 1: { zh: '已点击', en: 'Clicked' }, 2: { zh: '未点击', en: 'Not clicked' } } as const;
const columns = (lang: 'zh' | 'en'): Column<ShortLinkRecord>[] => [
  { label: { zh: '发送账号', en: 'Account' }, value: 'cus_id' },
  { label: { zh: '账号名称', en: 'Account name' }, value: 'cus_name' },
  { label: { zh: '手机号码', en: 'Phone number' }, value: 'decodeMobile' },
  { label: { zh: '短信内容', en: 'Content' }, value: 'decodeContent', width: 50 },
  { label: { zh: '长链接', en: 'Long link' }, value: 'mtLonglink', width: 40 },
  { label: { zh: '短链接', en: 'Short link' }, value: 'shortLink', width: 30 },
  {
    label: { zh: '点击状态', en: 'Click status' },
    value: (r) => CLICK_LABEL[r.click_status as 1 | 2]?.[lang] ?? String(r.click_status),
  },
  { label: { zh: '点击时间', en: 'Click time' }, value: 'click_time', time: true, width: 20 },
  { label: { zh: '操作系统', en: 'System' }, value: 'osystem' },
  { label: { zh: '浏览器', en: 'Browser' }, value: 'browser' },
  { label: { zh: '点击次数', en: 'Clicks' }, value: 'click_count' },
];

/** The code of one of our short URLs: the last path segment, whatever host it was shown under. */
function codeOf(shortUrl: string): string | null {
  const m = shortUrl.trim().match(/(?:^|\/)([0-9A-Za-z]{7,16})\/?(?:[?#].*)?$/);
  return m ? m[1] : null;
}

export function registerShortLinkRoutes(app: FastifyInstance, ctx: AppContext): void {
  const source = RECORD_SOURCES.shortLink;

  route(app, ctx, shortLinkListEndpoint, async ({ body, user }) =>
    pageOf(ctx.db, source, whereOf(source, filters, body as Body, user, scopeCusIds(user, body.cus_id)), body),
  );

  route(app, ctx, shortLinkDownloadEndpoint, async ({ body, user, lang, reply }) => {
    const w = whereOf(source, filters, body as Body, user, scopeCusIds(user, body.cus_id));
    await sendXlsx(reply, lang, 'short-links', columns(lang), (signal) =>
      rowsOf<ShortLinkRecord>(ctx.db, source, w, { signal }),
    );
  });

  route(app, ctx, shortLinkBatchSummaryEndpoint, async ({ body, user }) => {
    const w = whereOf(source, filters, body as Body, user, scopeCusIds(user, body.cus_id));
    const page = await batchSummaryPage(ctx.db, w, body);
    return { total: page.total, totalExact: true, data: page.data as never };
  });

  commandRoute(
    app,
    ctx,
    longToShortEndpoint,
    async ({ body, user: caller, req }) => {
      const user = caller!;
      const now = ctx.now();
      const expiresAt = body.expiresAt ?? null;
      if (expiresAt !== null && expiresAt <= now.getTime()) throw badRequest('shortLink.expiryPast', {}, 'expiresAt');
      // the request rule refuses these already; checked again because this call stores a redirect target itself
      const problem = webLinkProblem(body.longUrl);
      if (problem) throw badRequest(problem, { field: 'longUrl' }, 'longUrl');
      const expires = expiresAt === null ? null : new Date(expiresAt);
      const reused = await reusableLink(ctx.db, user.cus_id, body.longUrl, expires);
      if (reused) return { shortUrl: reused.short_url, longUrl: body.longUrl, code: reused.code, expiresAt };
      const base = shortUrlBase(ctx, req.server.server);
      for (let attempt = 0; attempt < 5; attempt++) {
        const code = newCode();
        const made = await insertLink(ctx.db, {
          code,
          sn: ulid(),
          cusId: user.cus_id,
          longUrl: body.longUrl,
          shortUrl: base + code,
          expires,
          createTime: now,
        });
        if (made) {
          await notifyChanged(ctx.db, 'shortLink', [user.cus_id]).catch(() => undefined);
          return { shortUrl: base + code, longUrl: body.longUrl, code, expiresAt };
        }
      }
      throw new Error('short link codes kept colliding');
    },
    { idempotent: true },
  );

  route(app, ctx, shortToLongEndpoint, async ({ body, user }) => {
    const code = codeOf(body.shortUrl);
    if (!code) throw badRequest(SHORT_LINK_NOT_FOUND, {}, 'shortUrl');
    const row = await linkOfCode(ctx.db, code, readableCusIds(user, 'data'));
    if (!row) throw badRequest(SHORT_LINK_NOT_FOUND, {}, 'shortUrl');
    return {
      shortUrl: row.short_url,
      longUrl: row.long_url,
      expiresAt: row.expires_at === null ? null : Number(row.expires_at),
    };
  });
}
