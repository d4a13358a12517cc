import type { OptOutSettings } from '../../contract/endpoints/mobile-black.endpoints';
import { translate } from '../../contract/messages';
import { DEFAULT_OPT_IN_WORDS, DEFAULT_OPT_OUT_WORDS, normalizeKeywords } from '../../contract/validation/opt-keywords';
import type { Queryable } from '../db/db';

// An enterprise's opt-out settings as stored (opt_out_settings), or the defaults for one that never set them.

interface Row {
  opt_out_words: string[];
  opt_in_words: string[];
  scope: 'enterprise' | 'account';
  confirm: boolean;
  confirm_out_zh: string;
  confirm_out_en: string;
  confirm_in_zh: string;
  confirm_in_en: string;
}

/** What an enterprise without a row has: the default words, enterprise scope, no confirmation, the default texts. */
export const defaultOptOutSettings = (): OptOutSettings => ({
  optOutWords: [...DEFAULT_OPT_OUT_WORDS],
  optInWords: [...DEFAULT_OPT_IN_WORDS],
  scope: 'enterprise',
  confirm: false,
  confirmOutZh: translate('zh', 'blacklist.confirmOut'),
  confirmOutEn: translate('en', 'blacklist.confirmOut'),
  confirmInZh: translate('zh', 'blacklist.confirmIn'),
  confirmInEn: translate('en', 'blacklist.confirmIn'),
});

export const SETTINGS_COLUMNS =
  'opt_out_words, opt_in_words, scope, confirm, confirm_out_zh, confirm_out_en, confirm_in_zh, confirm_in_en';

/** The settings of a stored row (null: the defaults); an empty confirmation text falls back to the default one. */
export function settingsOf(r: Row | null | undefined): OptOutSettings {
  const d = defaultOptOutSettings();
  if (!r || r.opt_out_words === null || r.opt_out_words === undefined) return d;
  return {
    optOutWords: r.opt_out_words,
    optInWords: r.opt_in_words,
    scope: r.scope,
    confirm: r.confirm,
    confirmOutZh: r.confirm_out_zh || d.confirmOutZh,
    confirmOutEn: r.confirm_out_en || d.confirmOutEn,
    confirmInZh: r.confirm_in_zh || d.confirmInZh,
    confirmInEn: r.confirm_in_en || d.confirmInEn,
  };
}

export async function loadOptOutSettings(q: Queryable, epId: string): Promise<OptOutSettings> {
  const [r] = await q.query<Row>(`select ${SETTINGS_COLUMNS} from opt_out_settings where ep_id = $1`, [epId]);
  return settingsOf(r);
}

export async function saveOptOutSettings(
  q: Queryable,
  epId: string,
  s: OptOutSettings,
  by: string,
): Promise<OptOutSettings> {
  await q.query(
    `insert into opt_out_settings (ep_id, ${SETTINGS_COLUMNS}, updated_at, updated_by) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, now(), $10)
     on conflict (ep_id) do update set opt_out_words = $2, opt_in_words = $3, scope = $4, confirm = $5, confirm_out_zh = $6, confirm_out_en = $7,
       confirm_in_zh = $8, confirm_in_en = $9, updated_at = now(), updated_by = $10`,
    [
      epId,
      normalizeKeywords(s.optOutWords),
      normalizeKeywords(s.optInWords),
      s.scope,
      s.confirm,
      s.confirmOutZh.trim(),
      s.confirmOutEn.trim(),
      s.confirmInZh.trim(),
      s.confirmInEn.trim(),
      by,
    ],
  );
  return loadOptOutSettings(q, epId);
}
