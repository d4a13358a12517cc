import type { FastifyInstance } from 'fastify';
import {
  BLACKLIST_SOURCES,
  blacklistAddEndpoint,
  blacklistDeleteEndpoint,
  blacklistExportEndpoint,
  blacklistImportEndpoint,
  blacklistListEndpoint,
  blacklistNumber,
  FEED_BLACKLIST_PATH,
  optOutSettingsGetEndpoint,
  optOutSettingsModifyEndpoint,
  type BlacklistEntry,
} from '../../contract/endpoints/mobile-black.endpoints';
import { translate } from '../../contract/messages';
import type { AppContext } from '../core/context';
import { registerPullRoute } from '../feed/pull-route';
import { badRequest, forbidden } from '../http/api-error';
import { route } from '../http/route';
import { pageOf, rowsOf, whereOf, type Filters } from '../lists/list-query';
import { sendXlsx, type Column } from '../lists/xlsx-export';
import { withoutFeed } from '../library/sources';
import { importBlacklist } from './blacklist-import';
import {
  addEntries,
  BLACKLIST_SOURCE,
  checkEntryScope,
  deleteEntries,
  blacklistScope,
  notifyBlacklist,
} from './blacklist-list';
import { loadOptOutSettings, saveOptOutSettings } from './opt-out-settings';

// The blacklist screen's endpoints and the enterprise's opt-out settings. Every read and write is of the caller's own
// enterprise: the list is shared by its accounts, and no request field can name another enterprise.

type Filter = { mobile?: string; source?: (typeof BLACKLIST_SOURCES)[number] };
const filters: Filters<Filter> = {
  mobile: { op: 'prefix', column: 'b.mobile' },
  source: { op: 'eq', column: 'b.source' },
};

const label = (k: string) => ({ zh: translate('zh', `blacklist.col.${k}`), en: translate('en', `blacklist.col.${k}`) });
const COLUMNS: Column<BlacklistEntry>[] = [
  { label: label('mobile'), value: 'mobile' },
  { label: label('scope'), value: (e) => e.cus_id || translate('zh', 'blacklist.scope.enterprise') },
  { label: label('source'), value: (e) => translate('zh', `blacklist.source.${e.source}`) },
  { label: label('created_at'), value: 'created_at', time: true },
  { label: label('created_by'), value: (e) => e.created_by ?? '' },
  { label: label('note'), value: (e) => e.note ?? '' },
];

export function registerBlacklistRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerPullRoute(app, ctx, FEED_BLACKLIST_PATH, BLACKLIST_SOURCE, blacklistScope);

  route(app, ctx, blacklistListEndpoint, async ({ body, user }) => {
    const w = whereOf(BLACKLIST_SOURCE, filters, body as Filter, user, blacklistScope(user));
    const page = await pageOf<BlacklistEntry & Record<string, unknown>>(ctx.db, BLACKLIST_SOURCE, w, body);
    return { total: page.total, data: page.data.map((r) => withoutFeed(r) as BlacklistEntry) };
  });

  route(
    app,
    ctx,
    blacklistAddEndpoint,
    async (c) => {
      const stored = c.body.mobiles.map((m) => ({ m, s: blacklistNumber(m) }));
      const bad = stored.find((x) => x.s === null);
      if (bad) throw badRequest('blacklist.invalidNumber', { mobile: bad.m.slice(0, 40) }, 'mobiles');
      const mobiles = [...new Set(stored.map((x) => x.s!))];
      const cusId = await checkEntryScope(ctx.db, c.user, c.body.cus_id);
      const added = await addEntries(
        ctx.db,
        c.user,
        { mobiles, cusId, source: c.body.source, note: c.body.note || null },
        ctx.now(),
      );
      if (added.size > 0) await notifyBlacklist(ctx.db, c.user);
      c.message('blacklist.added', { added: added.size, duplicates: mobiles.length - added.size });
      return { added: mobiles.filter((m) => added.has(m)), duplicates: mobiles.filter((m) => !added.has(m)) };
    },
    { idempotent: true },
  );

  route(
    app,
    ctx,
    blacklistDeleteEndpoint,
    async (c) => {
      const deleted = await deleteEntries(ctx.db, c.user, [...new Set(c.body.ids)], ctx.now());
      if (deleted === 0) throw badRequest('blacklist.notFound', {}, 'ids');
      await notifyBlacklist(ctx.db, c.user);
      c.message('common.deleted');
      return { deleted };
    },
    { idempotent: true },
  );

  route(app, ctx, blacklistImportEndpoint, async (c) => {
    const cusId = await checkEntryScope(ctx.db, c.user, c.body.cus_id);
    const out = await importBlacklist(ctx, c.user, c.lang, c.body.fileId, cusId, c.body.note || null);
    c.message('blacklist.importDone', { added: out.added, duplicates: out.duplicates, invalid: out.invalid });
    return out;
  });

  route(app, ctx, blacklistExportEndpoint, async (c) => {
    const w = whereOf(BLACKLIST_SOURCE, filters, c.body as Filter, c.user, blacklistScope(c.user));
    await sendXlsx(c.reply, c.lang, 'blacklist', COLUMNS, (signal) =>
      rowsOf<BlacklistEntry>(ctx.db, BLACKLIST_SOURCE, w, { signal }),
    );
  });

  route(app, ctx, optOutSettingsGetEndpoint, async ({ user }) => loadOptOutSettings(ctx.db, user.ep_id));

  route(
    app,
    ctx,
    optOutSettingsModifyEndpoint,
    async (c) => {
      if (c.user.userType !== 1) throw forbidden('blacklist.adminOnly');
      if (c.body.optOutWords.every((w) => w.trim() === ''))
        throw badRequest('blacklist.noOptOutWord', {}, 'optOutWords');
      c.message('blacklist.settingsSaved');
      return saveOptOutSettings(ctx.db, c.user.ep_id, c.body, c.user.username);
    },
    { idempotent: true },
  );
}
