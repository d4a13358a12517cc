import type { Language } from './constants';

// Country names in the viewer's language from the runtime's own region names: the platform stores
// a Chinese name, which an English screen must not show. Falls back to the stored name for unknown codes.

const namers = new Map<Language, Intl.DisplayNames>();

export function countryName(
  lang: Language,
  code: string | null | undefined,
  stored: string | null | undefined,
): string {
  const c = (code ?? '').trim().toUpperCase();
  if (!/^[A-Z]{2}$/.test(c)) return stored ?? '';
  let namer = namers.get(lang);
  if (!namer) {
    namer = new Intl.DisplayNames([lang === 'en' ? 'en' : 'zh-CN'], { type: 'region', fallback: 'none' });
    namers.set(lang, namer);
  }
  return namer.of(c) ?? stored ?? '';
}
