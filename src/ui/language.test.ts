import { describe, expect, it } from 'vitest';
import { chooseLanguage } from './language';

describe('the language the console starts in', () => {
  it('follows the browser when nothing was chosen', () => {
    expect(chooseLanguage(null, ['en-US', 'en'])).toBe('en');
    expect(chooseLanguage(null, ['en'])).toBe('en');
    expect(chooseLanguage(null, ['EN-gb'])).toBe('en');
    expect(chooseLanguage(null, ['zh-CN'])).toBe('zh');
    expect(chooseLanguage(null, ['zh-Hant-TW', 'en'])).toBe('zh');
    expect(chooseLanguage(null, ['zh'])).toBe('zh');
  });

  it('takes the first of the browser languages the console has', () => {
    expect(chooseLanguage(null, ['fr-FR', 'en-US'])).toBe('en');
    expect(chooseLanguage(null, ['ja', 'zh-CN', 'en'])).toBe('zh');
  });

  it('falls back to Chinese for any other language, or none', () => {
    expect(chooseLanguage(null, ['fr-FR'])).toBe('zh');
    expect(chooseLanguage(null, ['de', 'ja-JP'])).toBe('zh');
    expect(chooseLanguage(null, [])).toBe('zh');
    // a tag that only begins with the letters of a language the console has is another language
    expect(chooseLanguage(null, ['enm'])).toBe('zh');
  });

  it('keeps a saved choice whatever the browser says', () => {
    expect(chooseLanguage('zh', ['en-US'])).toBe('zh');
    expect(chooseLanguage('en', ['zh-CN'])).toBe('en');
    expect(chooseLanguage('en', [])).toBe('en');
  });

  it('ignores a saved value that names no language the console has', () => {
    expect(chooseLanguage('fr', ['en-US'])).toBe('en');
    expect(chooseLanguage('', ['zh-CN'])).toBe('zh');
    expect(chooseLanguage('EN', ['fr'])).toBe('zh');
  });
});
