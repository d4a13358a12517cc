import type { Language } from '../../contract/constants';
import type { CarrierStatus } from '../../contract/endpoints/carrier.endpoints';
import { formatNumber } from '../ui/format';

// The carrier list's cells as text: a refusal code as the carrier sent it (hex), the platform's own `unanswered` in the
// reader's language, and receipt latency in ms below a second, in seconds above.

type T = (key: string, params?: Record<string, unknown>) => string;

const CODE_KEYS: Record<string, string> = { unanswered: 'carriers.unanswered' };

/** "0x00000058 ×3, unanswered ×1"; none: the empty text. */
export function errorsText(errors: CarrierStatus['errors'], t: T, lang: Language): string {
  if (errors.length === 0) return t('carriers.noErrors');
  return errors
    .map((e) =>
      t('carriers.errorCount', {
        code: CODE_KEYS[e.code] ? t(CODE_KEYS[e.code]) : e.code,
        count: formatNumber(e.count, lang),
      }),
    )
    .join(t('carriers.listSeparator'));
}

/** A latency in ms below a second, in seconds above; the dash when there is none. */
export function latencyMsText(ms: number | null, t: T, lang: Language): string {
  if (ms === null) return t('carriers.noLatency');
  if (ms < 1000) return t('carriers.milliseconds', { n: formatNumber(Math.round(ms), lang) });
  return t('carriers.seconds', { n: formatNumber(Math.round(ms / 100) / 10, lang) });
}

/** "800 ms / 2 s": the median and the 95th percentile. */
export const latencyText = (c: Pick<CarrierStatus, 'receiptP50Ms' | 'receiptP95Ms'>, t: T, lang: Language): string =>
  t('carriers.latency', { p50: latencyMsText(c.receiptP50Ms, t, lang), p95: latencyMsText(c.receiptP95Ms, t, lang) });

/** "1/2": how many of the binds the carriers file asks for are up, or of the window in use. */
export const ratioText = (part: number, whole: number, lang: Language): string =>
  `${formatNumber(part, lang)}/${formatNumber(whole, lang)}`;
