import type { Language } from '../../contract/constants';

// Numbers, money and times per language (spec §1: dates and numbers follow the chosen language).
const LOCALES: Record<Language, string> = { zh: 'zh-CN', en: 'en-US' };

export const formatNumber = (n: number, lang: Language): string => new Intl.NumberFormat(LOCALES[lang]).format(n);

export const formatMoney = (n: number, lang: Language): string =>
  new Intl.NumberFormat(LOCALES[lang], { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(n);

export const formatPercent = (ratio0to100: number, lang: Language): string =>
  new Intl.NumberFormat(LOCALES[lang], { style: 'percent', maximumFractionDigits: 2 }).format(ratio0to100 / 100);

export function formatDateTime(value: number | string | Date, lang: Language): string {
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return String(value);
  return new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'medium', timeStyle: 'medium', hour12: false }).format(d);
}

export const formatDate = (isoDay: string, lang: Language): string =>
  new Intl.DateTimeFormat(LOCALES[lang], { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(isoDay + 'T00:00:00Z'));
