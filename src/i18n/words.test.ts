import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { RESOURCES } from './i18n';

// Words a new user reads: counted nouns agree with their number, and the English brand and menu labels fit the side
// menu (240 px: about 22 characters beside the icon) rather than end in an ellipsis.
const instance = async (lng: 'zh' | 'en') => {
  const i = i18next.createInstance();
  await i.init({
    lng,
    fallbackLng: 'zh',
    resources: { zh: { translation: RESOURCES.zh }, en: { translation: RESOURCES.en } },
    interpolation: { escapeValue: false },
  });
  return i;
};

describe('words', () => {
  it('says 1 part and 2 parts in English, 条 in Chinese', async () => {
    const en = await instance('en');
    const zh = await instance('zh');
    const parts = (t: typeof en.t, n: number) =>
      t('operator.detail.partsValue', { count: n, segments: n, encoding: 'UCS-2', units: 70 });
    expect(parts(en.t, 1)).toBe('1 part · UCS-2 · 70 units');
    expect(parts(en.t, 2)).toBe('2 parts · UCS-2 · 70 units');
    expect(parts(zh.t, 1)).toBe('1 条 · UCS-2 · 70 字符');
    const figures = (t: typeof en.t, n: number) =>
      t('send.figures', { count: n, characters: 10, encoding: 'GSM-7', parts: n, perPart: 160 });
    expect(figures(en.t, 1)).toBe('10 characters · GSM-7 · 1 part · 160 per part');
    expect(figures(en.t, 3)).toBe('10 characters · GSM-7 · 3 parts · 160 per part');
    expect(figures(zh.t, 1)).toBe('10 字 · GSM-7 · 1 条 · 每条 160 字');
  });

  it('says a first login has no earlier one as never, not none', () => {
    expect((RESOURCES.zh as { dashboard: { never: string } }).dashboard.never).toBe('从未');
    expect((RESOURCES.en as { dashboard: { never: string } }).dashboard.never).toBe('Never');
  });

  it('names the material types in both languages', async () => {
    for (const lng of ['zh', 'en'] as const) {
      const i = await instance(lng);
      for (const type of ['image', 'video', 'audio'])
        expect(i.t(`tools.mediaTypes.${type}`), `${type} in ${lng}`).not.toMatch(/^tools\.|^(image|video|audio)$/);
    }
  });

  it('keeps the English brand and menu labels short enough for the side menu', () => {
    const en = RESOURCES.en as { app: { title: string }; menu: Record<string, unknown> };
    expect(en.app.title.length).toBeLessThanOrEqual(22);
    const long = Object.entries(en.menu).filter(([, v]) => typeof v === 'string' && v.length > 22);
    expect(long).toEqual([]);
  });
});
