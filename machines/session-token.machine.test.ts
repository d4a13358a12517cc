import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import { inSession, networkDown, start, T0, TOKEN_TIME, user, type Fakes } from './session.fixtures';

describe('session machine: token refresh', () => {
  async function loggedIn(fakes: Fakes = {}) {
    const s = start(fakes, { token: { token: 'tok-0', datetime: T0 } });
    await waitFor(s.actor, (x) => x.matches({ session: { loggedIn: 'idle' } }));
    return s;
  }

  it('checks every 10 s and refreshes once the token age reaches the token time', async () => {
    const { actor, clock, calls } = await loggedIn();
    clock.increment(TOKEN_TIME - 10_000);
    expect(calls.refreshToken).toBeUndefined();
    clock.increment(10_000);
    await waitFor(actor, (s) => s.context.token === 'tok-2');
    expect(calls.refreshToken).toHaveLength(1);
    expect(calls.storeToken).toEqual([{ token: 'tok-2', datetime: T0 + TOKEN_TIME, expiresInS: 3600 }]);
    await waitFor(actor, (s) => s.matches({ session: { loggedIn: 'idle' } }));
    clock.increment(10_000);
    expect(calls.refreshToken).toHaveLength(1);
  });

  it('a failed refresh keeps the session and retries at the next check', async () => {
    let fail = true;
    const { actor, clock, calls } = await loggedIn({
      refreshToken: () =>
        fail
          ? networkDown()
          : Promise.resolve({ token: 'tok-3', datetime: T0 + TOKEN_TIME + 10_000, expiresInS: 3600 }),
    });
    clock.increment(TOKEN_TIME);
    await waitFor(actor, (s) => s.matches({ session: { loggedIn: 'idle' } }) && calls.refreshToken?.length === 1);
    expect(actor.getSnapshot().context.token).toBe('tok-0');
    fail = false;
    clock.increment(10_000);
    await waitFor(actor, (s) => s.context.token === 'tok-3');
  });

  it('session.refresh refreshes at once', async () => {
    const { actor } = await loggedIn();
    actor.send({ type: 'session.refresh' });
    await waitFor(actor, (s) => s.context.token === 'tok-2');
  });
});

describe('session machine: logout and 401', () => {
  it('logout calls the platform, then clears token, user, menus, tabs and lock', async () => {
    const { actor, calls } = start({}, { token: { token: 'tok-0', datetime: T0 }, userInfo: user });
    await waitFor(actor, (s) => s.matches({ session: { loggedIn: 'idle' } }));
    actor.send({ type: 'session.logout' });
    expect(actor.getSnapshot().matches({ session: 'loggingOut' })).toBe(true);
    await waitFor(actor, inSession('loggedOut'));
    expect(calls.logout).toHaveLength(1);
    expect(calls.clearSession).toHaveLength(1);
    // the login form needs a captcha again
    await waitFor(actor, (s) => s.matches({ captcha: 'ready' }));
    expect(actor.getSnapshot().context).toMatchObject({ token: null, userInfo: null });
  });

  it('logout clears the session even when the platform is unreachable', async () => {
    const { actor, calls } = start(
      { logout: networkDown },
      { token: { token: 'tok-0', datetime: T0 }, userInfo: user },
    );
    actor.send({ type: 'session.logout' });
    await waitFor(actor, inSession('loggedOut'));
    expect(calls.clearSession).toHaveLength(1);
  });

  it('a 401 anywhere clears the session at once', async () => {
    const { actor, calls } = start({}, { token: { token: 'tok-0', datetime: T0 }, userInfo: user });
    await waitFor(actor, (s) => s.matches({ session: { loggedIn: 'idle' } }));
    actor.send({ type: 'session.unauthorized' });
    expect(actor.getSnapshot().matches({ session: 'loggedOut' })).toBe(true);
    expect(calls.clearSession).toHaveLength(1);
    expect(actor.getSnapshot().context.token).toBeNull();
  });

  it('ignores logout and 401 while logged out', () => {
    const { actor, calls } = start();
    actor.send({ type: 'session.logout' });
    actor.send({ type: 'session.unauthorized' });
    expect(actor.getSnapshot().matches({ session: 'loggedOut' })).toBe(true);
    expect(calls.clearSession).toBeUndefined();
  });
});
