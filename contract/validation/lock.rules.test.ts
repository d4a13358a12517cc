import { describe, expect, it } from 'vitest';
import { translate } from '../messages';
import { lockFormSchema, unlockMatches } from './lock.rules';

describe('lock rules', () => {
  it('lock password cannot be empty', () => {
    for (const bad of [{}, { lockPassword: '' }, { lockPassword: '   ' }]) {
      const msg = lockFormSchema.safeParse(bad).error?.issues[0].message ?? '';
      expect(msg).toBe('v.lock.passwordRequired');
      expect(translate('en', msg)).toBe('Lock password cannot be empty');
    }
    expect(lockFormSchema.safeParse({ lockPassword: 'x' }).success).toBe(true);
  });
  it('unlock compares exactly', () => {
    expect(unlockMatches('abc', 'abc')).toBe(true);
    expect(unlockMatches('abc ', 'abc')).toBe(false);
    expect(unlockMatches('', '')).toBe(false);
  });
});
