import { describe, expect, it } from 'vitest';
import { afterUnlock, guard } from './guards';

// Unlocking returns to the page that was locked, not home.
describe('unlock returns to the locked page', () => {
  const inn = { loggedIn: true, pending: false, locked: false };
  it('redirects /lock to the page the lock was entered from, with its query', () => {
    expect(guard('/lock', { ...inn, lockedFrom: '/mtRecordList?batch_id=B1' })).toEqual({
      redirect: '/mtRecordList?batch_id=B1',
    });
    expect(guard('/lock', { ...inn, locked: true, lockedFrom: '/mtRecordList' })).toEqual({ render: 'public' });
  });
  it('goes to the first tab without a usable page', () => {
    expect(afterUnlock(null)).toBe('/wel/index');
    expect(afterUnlock('/lock')).toBe('/wel/index');
    expect(afterUnlock('/login?x=1')).toBe('/wel/index');
    expect(afterUnlock('//evil.example/x')).toBe('/wel/index');
    expect(afterUnlock('https://evil.example/')).toBe('/wel/index');
  });
});
