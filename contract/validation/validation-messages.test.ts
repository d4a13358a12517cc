import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES } from '../validation.messages';

// Every `v.*` key a rule can produce has zh and en text, so the route layer never shows a raw key.
describe('validation messages', () => {
  const dir = import.meta.dirname;
  const sources = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  const keys = new Set(sources.flatMap((f) => readFileSync(join(dir, f), 'utf8').match(/'v\.[\w.]+'/g) ?? []).map((k) => k.slice(1, -1)));

  it('finds the rule keys', () => {
    expect(keys.size).toBeGreaterThan(40);
  });
  it.each([...keys])('%s has zh and en', (key) => {
    expect(VALIDATION_MESSAGES[key]?.zh).toBeTruthy();
    expect(VALIDATION_MESSAGES[key]?.en).toBeTruthy();
  });
  it('has no stale keys', () => {
    const stale = Object.keys(VALIDATION_MESSAGES).filter((k) => k.startsWith('v.') && !keys.has(k));
    expect(stale).toEqual([]);
  });
});
