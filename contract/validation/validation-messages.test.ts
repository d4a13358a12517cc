import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isMessageKey, translate } from '../messages';
import { VALIDATION_MESSAGES } from '../validation.messages';

// Every `v.*` key a contract rule or endpoint can produce has zh and en text, so the route layer never shows a raw key.
const contractDir = join(import.meta.dirname, '..');
const sourceFiles = readdirSync(contractDir, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('.messages.ts'))
  .map((f) => join(contractDir, f));
const keys = new Set(
  sourceFiles.flatMap((f) => readFileSync(f, 'utf8').match(/'v\.[\w.]+'/g) ?? []).map((k) => k.slice(1, -1)),
);

describe('validation messages', () => {
  it('finds the rule keys', () => {
    expect(keys.size).toBeGreaterThan(60);
  });
  it.each([...keys])('%s has zh and en', (key) => {
    expect(isMessageKey(key)).toBe(true);
    expect(translate('zh', key)).not.toBe(key);
    expect(translate('en', key)).not.toBe(translate('zh', key));
  });
  it('has no stale keys', () => {
    const stale = Object.keys(VALIDATION_MESSAGES).filter((k) => k.startsWith('v.') && !keys.has(k));
    expect(stale).toEqual([]);
  });
});
