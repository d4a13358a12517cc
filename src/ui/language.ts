import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../contract/constants';

// The chosen language lives in localStorage; switching persists it and reloads the page.
const LANGUAGE_KEY = 'language';

export function getLanguage(): Language {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(LANGUAGE_KEY);
  return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : DEFAULT_LANGUAGE;
}

export function switchLanguage(lang: Language): void {
  localStorage.setItem(LANGUAGE_KEY, lang);
  window.location.reload();
}
