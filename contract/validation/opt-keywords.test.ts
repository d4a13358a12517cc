import { describe, expect, it } from 'vitest';
import { DEFAULT_OPT_IN_WORDS, DEFAULT_OPT_OUT_WORDS, normalizeKeywords, optActionOf } from './opt-keywords';

// The one decision whether a reply opts the number out or back in, on the forms phones actually send.
describe('opt-out and opt-in keywords', () => {
  const defaults = { optOut: DEFAULT_OPT_OUT_WORDS, optIn: DEFAULT_OPT_IN_WORDS };

  it('takes the default words in any case, width, spacing and surrounding punctuation', () => {
    for (const reply of [
      't',
      'T',
      ' T ',
      'ｔ',
      'Ｔ',
      '　ｔ　',
      't.',
      'T。',
      'Stop!',
      'STOP',
      '！stop！',
      'td',
      'ＴＤ',
      '退订',
      ' 退订。',
      'Unsubscribe',
      '"t"',
    ])
      expect(optActionOf(reply, defaults), reply).toBe('optOut');
    for (const reply of ['START', 'start', 'Ｓｔａｒｔ', 'unstop!', '订阅', ' 订阅 '])
      expect(optActionOf(reply, defaults), reply).toBe('optIn');
  });

  it('refuses what only contains or resembles a word', () => {
    for (const reply of [
      'test',
      'tt',
      't d',
      'stop it',
      'please stop',
      '不退订',
      '退订吗？好',
      '',
      '   ',
      '!!',
      'T'.repeat(200),
      '好的',
      '收到',
    ])
      expect(optActionOf(reply, defaults), reply).toBeNull();
  });

  it("uses the enterprise's own words, opt-in winning a word on both lists", () => {
    const own = { optOut: ['取消', 'QUIT'], optIn: ['恢复', 'quit'] };
    expect(optActionOf('取消', own)).toBe('optOut');
    expect(optActionOf('t', own)).toBeNull();
    expect(optActionOf('Quit', own)).toBe('optIn');
    expect(optActionOf('恢复!', own)).toBe('optIn');
  });

  it('stores a list folded, without blanks or repeats', () => {
    expect(normalizeKeywords([' Stop ', 'ＳＴＯＰ', '', '!', 'TD.'])).toEqual(['stop', 'td']);
  });
});
