import { describe, expect, it } from 'vitest';
import { allReadUpTo, readLocally } from './notice-reads';

describe("the user's own reads over the pulled notices", () => {
  const n = { id: '01J00000000000000000000001', created_at: 1_000 };
  it('covers a notice named by id, or created at or before an "all up to"', () => {
    expect(readLocally(n, [])).toBe(false);
    expect(readLocally(n, [{ ids: ['other'] }])).toBe(false);
    expect(readLocally(n, [{ ids: ['other', n.id] }])).toBe(true);
    expect(readLocally(n, [{ all: true, upTo: 1_000 }])).toBe(true);
    expect(readLocally(n, [{ all: true, upTo: 999 }])).toBe(false);
  });
  it('takes the latest "all up to"', () => {
    expect(allReadUpTo([{ ids: ['a'] }])).toBeNull();
    expect(allReadUpTo([{ all: true, upTo: 5 }, { ids: ['a'] }, { all: true, upTo: 9 }])).toBe(9);
  });
});
