import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../../contract/constants';

// The chosen language lives in localStorage; switching persists it and reloads the page. Until someone chooses, the
// console speaks the browser's language when it has it, so a first visit (the login page) is already readable.
const LANGUAGE_KEY = 'language';

/** The saved choice when it names a language the console has; else the first of the browser's languages (most
 * preferred first) whose primary subtag is one of them ('en-US' -> en, 'zh-TW' -> zh); else the default. */
export function chooseLanguage(saved: string | null, browserLanguages: readonly string[]): Language {
  const known = (tag: string) => (LANGUAGES as readonly string[]).includes(tag);
  if (saved !== null && known(saved)) return saved as Language;
  for (const tag of browserLanguages) {
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    if (known(primary)) return primary as Language;
  }
  return DEFAULT_LANGUAGE;
}

/** The browser's languages, most preferred first; `navigator.languages` is empty in some embedded browsers, where
 * `navigator.language` still says one. */
function browserLanguages(): string[] {
  if (typeof navigator === 'undefined') return [];
  if (navigator.languages?.length) return [...navigator.languages];
  return navigator.language ? [navigator.language] : [];
}

export function getLanguage(): Language {
  // outside a page (tests in Node, workers without storage) nothing was chosen and no browser speaks: the default
  if (typeof localStorage === 'undefined') return DEFAULT_LANGUAGE;
  return chooseLanguage(localStorage.getItem(LANGUAGE_KEY), browserLanguages());
}

export function switchLanguage(lang: Language): void {
  localStorage.setItem(LANGUAGE_KEY, lang);
  window.location.reload();
}
