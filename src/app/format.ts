import type { Language } from '../../contract/constants';

// Numbers, money and times per language (spec §1: dates and numbers follow the chosen language).
const LOCALES: Record<Language, string> = { zh: 'zh-CN', en: 'en-US' };

/** One formatter per language and style: building an Intl formatter costs ~1 ms, and a table formats every cell. */
function cached<F>(make: (locale: string) => F): (lang: Language) => F {
  const made = new Map<Language, F>();
  return (lang) => {
    let f = made.get(lang);
    if (!f) made.set(lang, (f = make(LOCALES[lang])));
    return f;
  };
}
const numberFormat = cached((l) => new Intl.NumberFormat(l));
const moneyFormat = cached((l) => new Intl.NumberFormat(l, { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
const percentFormat = cached((l) => new Intl.NumberFormat(l, { style: 'percent', maximumFractionDigits: 2 }));
const dateTimeFormat = cached((l) => new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeStyle: 'medium', hour12: false }));
const dayFormat = cached((l) => new Intl.DateTimeFormat(l, { month: 'short', day: 'numeric', timeZone: 'UTC' }));

export const formatNumber = (n: number, lang: Language): string => numberFormat(lang).format(n);

export const formatMoney = (n: number, lang: Language): string => moneyFormat(lang).format(n);

export const formatPercent = (ratio0to100: number, lang: Language): string => percentFormat(lang).format(ratio0to100 / 100);

export function formatDateTime(value: number | string | Date, lang: Language): string {
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return String(value);
  return dateTimeFormat(lang).format(d);
}

export const formatDate = (isoDay: string, lang: Language): string => dayFormat(lang).format(new Date(isoDay + 'T00:00:00Z'));
