import { describe, expect, it } from 'vitest';
import { createStreamRegistry, type OpenStream } from './stream-registry';

describe('stream registry', () => {
  const open = (ended: string[], name: string, tokenHash: string, userId = 1): OpenStream => ({
    tokenHash,
    userId,
    end: () => ended.push(name),
  });

  it('ends the oldest stream of a session past its cap, and of a login past its cap', () => {
    const ended: string[] = [];
    const r = createStreamRegistry({ perSession: 2, perUser: 3 });
    const [a, b, c] = [open(ended, 'a', 's1'), open(ended, 'b', 's1'), open(ended, 'c', 's1')];
    r.add(a);
    r.add(b);
    r.add(c);
    expect(ended).toEqual(['a']);
    expect(r.sessionCount('s1')).toBe(2);
    r.add(open(ended, 'd', 's2'));
    r.add(open(ended, 'e', 's2'));
    // the login's oldest is b (a is gone): ended although its session is within its own cap
    expect(ended).toEqual(['a', 'b']);
    expect(r.userCount(1)).toBe(3);
    // another login is counted apart
    r.add(open(ended, 'x', 's3', 2));
    expect(ended).toEqual(['a', 'b']);
  });

  it('forgets a closed stream once, and ends a session’s streams on request', () => {
    const ended: string[] = [];
    const r = createStreamRegistry();
    const a = open(ended, 'a', 's1');
    r.add(a);
    r.add(open(ended, 'b', 's1'));
    r.remove(a);
    r.remove(a);
    expect(r.sessionCount('s1')).toBe(1);
    r.endSessions(['s1']);
    expect(ended).toEqual(['b']);
  });
});
