import { describe, expect, it } from 'vitest';
import { isMessageKey, translate } from './messages';

// A message that counts something picks its form by `count` in the language's plural rules, as i18next does.
describe('counted messages', () => {
  it('English takes the singular for 1 and the plural otherwise; Chinese has one form', () => {
    expect(isMessageKey('policy.dailyCapReached')).toBe(true);
    const en = (count: number) => translate('en', 'policy.dailyCapReached', { cap: 10, count });
    expect(en(1)).toBe("This send would pass the account's daily cap of 10; 1 message is left today");
    expect(en(0)).toBe("This send would pass the account's daily cap of 10; 0 messages are left today");
    expect(en(2)).toBe("This send would pass the account's daily cap of 10; 2 messages are left today");
    expect(translate('zh', 'policy.dailyCapReached', { cap: 10, count: 1 })).toBe(
      '已达到账号每日发送上限 10 条，今天还可发送 1 条',
    );
  });

  it('a counted message given no count takes its plural form; a key of no message reads as itself', () => {
    expect(translate('en', 'policy.dailyCapReached', { cap: 10 })).toBe(
      "This send would pass the account's daily cap of 10; {count} messages are left today",
    );
    expect(translate('en', 'no.such.key')).toBe('no.such.key');
  });
});
