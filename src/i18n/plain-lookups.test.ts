import { createInstance, type i18n as I18n } from 'i18next';
import { describe, expect, it } from 'vitest';
import { rememberPlainLookups } from './plain-lookups';
import { RESOURCES } from './i18n';

async function instance(): Promise<{ i18n: I18n; translations: () => number }> {
  const i18n = createInstance();
  await i18n.init({
    lng: 'zh',
    fallbackLng: 'zh',
    resources: {
      zh: { translation: { a: { b: '甲乙' }, n: '{{count}} 条', nest: '见 $t(a.b)' } },
      en: { translation: { a: { b: 'AB' }, n: '{{count}} rows' } },
    },
    interpolation: { escapeValue: false },
  });
  // counts i18next's own translations, to tell a remembered answer from a computed one
  let count = 0;
  const translator = (i18n as unknown as { translator: { translate: (...a: unknown[]) => unknown } }).translator;
  const translate = translator.translate.bind(translator);
  translator.translate = (...a: unknown[]) => (count++, translate(...a));
  rememberPlainLookups(i18n);
  // (a second call, as a second init makes, changes nothing)
  rememberPlainLookups(i18n);
  return { i18n, translations: () => count };
}

describe('remembered plain lookups (the cold path)', () => {
  it('reads a plain text as it is, and sends one with nesting through i18next once, then answers it from memory', async () => {
    const { i18n, translations } = await instance();
    expect(i18n.t('a.b')).toBe('甲乙');
    expect(i18n.t('a.b')).toBe('甲乙');
    // react-i18next's t adds the language and namespace on every call: still plain
    const fixed = i18n.getFixedT('zh', 'translation');
    expect(fixed('a.b')).toBe('甲乙');
    expect(fixed('nest')).toBe('见 甲乙');
    expect(fixed('nest')).toBe('见 甲乙');
    // a.b is read as it is; nest goes through i18next once (with the a.b it nests, inside i18next)
    expect(translations()).toBe(2);
  });

  it('sends a call with options through i18next every time', async () => {
    const { i18n, translations } = await instance();
    expect(i18n.t('n', { count: 3 })).toBe('3 条');
    expect(i18n.t('n', { count: 4 })).toBe('4 条');
    expect(i18n.getFixedT('zh', 'translation')('missing', { defaultValue: '缺' })).toBe('缺');
    expect(i18n.getFixedT('zh', 'translation', 'a')('b')).toBe('甲乙');
    expect(translations()).toBe(4);
  });

  it('answers the new language after a change, and new resources once they are added', async () => {
    const { i18n } = await instance();
    expect(i18n.t('a.b')).toBe('甲乙');
    await i18n.changeLanguage('en');
    expect(i18n.t('a.b')).toBe('AB');
    expect(i18n.getFixedT('zh', 'translation')('a.b')).toBe('甲乙');
    expect(i18n.t('later')).toBe('later');
    i18n.addResource('en', 'translation', 'later', 'Later');
    expect(i18n.t('later')).toBe('Later');
    i18n.addResourceBundle('en', 'translation', { a: { b: 'Ab' } }, true, true);
    expect(i18n.t('a.b')).toBe('Ab');
  });

  it('answers every console text as i18next does', async () => {
    const plain = createInstance();
    const remembered = createInstance();
    for (const i of [plain, remembered]) {
      await i.init({
        lng: 'zh',
        fallbackLng: 'zh',
        resources: { zh: { translation: RESOURCES.zh }, en: { translation: RESOURCES.en } },
        interpolation: { escapeValue: false },
      });
    }
    rememberPlainLookups(remembered);
    const keys = (tree: Record<string, unknown>, prefix = ''): string[] =>
      Object.entries(tree).flatMap(([k, v]) =>
        typeof v === 'object' && v !== null ? keys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
      );
    // every key of either language in each (a key one lacks falls back)
    const all = [...new Set([...keys(RESOURCES.zh), ...keys(RESOURCES.en), 'no.such.key'])];
    for (const lng of ['zh', 'en'] as const) {
      expect(all.length).toBeGreaterThan(500);
      const a = plain.getFixedT(lng, 'translation');
      const b = remembered.getFixedT(lng, 'translation');
      for (let round = 0; round < 2; round++) for (const k of all) expect(b(k), k).toBe(a(k));
    }
  });
});
