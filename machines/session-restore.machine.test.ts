import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import type { UserInfo } from '../contract/endpoints/user.endpoints';
import { ApiCallError } from '../sync/http/http-client';
import { inSession, networkDown, start, T0, user } from './session.fixtures';

describe('session machine: start from storage', () => {
  it('with a token but no roles it fetches the user first, the shell prefetch beside it', async () => {
    const { actor, calls } = start({}, { token: { token: 'tok-0', datetime: T0 } });
    expect(actor.getSnapshot().matches({ session: 'loadingUser' })).toBe(true);
    // no name was typed: the first list waits for the user info
    expect(calls.prefetchShell).toEqual([{ loginName: null, opened: null }]);
    await waitFor(actor, inSession('loggedIn'));
    expect(calls.fetchUserInfo).toEqual([{ token: 'tok-0' }]);
  });

  it('a failed user-info fetch logs out and clears the session', async () => {
    const { actor, calls } = start(
      { fetchUserInfo: () => Promise.reject(new ApiCallError('http', 'boom', 500)) },
      { token: { token: 'tok-0', datetime: T0 } },
    );
    await waitFor(actor, inSession('loggedOut'));
    expect(calls.clearSession).toHaveLength(1);
    expect(actor.getSnapshot().context).toMatchObject({ token: null, userInfo: null });
  });

  it('with a cached user it opens at once and says offline when the platform is unreachable', async () => {
    const { actor, calls } = start(
      { fetchUserInfo: networkDown },
      { token: { token: 'tok-0', datetime: T0 }, userInfo: user },
    );
    expect(actor.getSnapshot().matches({ session: { loggedIn: 'revalidating' } })).toBe(true);
    await waitFor(actor, (s) => s.context.offline);
    expect(actor.getSnapshot().matches({ session: { loggedIn: 'idle' } })).toBe(true);
    expect(actor.getSnapshot().context.userInfo).toEqual(user);
    expect(calls.clearSession).toBeUndefined();
  });

  it('with a cached user and a platform that answers, it refreshes the cache and is online, and loads no captcha', async () => {
    const { actor, calls } = start({}, { token: { token: 'tok-0', datetime: T0 }, userInfo: { ...user, name: 'old' } });
    await waitFor(actor, (s) => s.matches({ session: { loggedIn: 'idle' } }));
    expect(actor.getSnapshot().context.userInfo?.name).toBe('admin');
    expect(calls.storeUserInfo).toEqual([user]);
    expect(calls.loadCaptcha).toBeUndefined();
    expect(actor.getSnapshot().matches({ captcha: 'idle' })).toBe(true);
  });

  it('with a cached user and a failing (not unreachable) platform, it stays logged in and online', async () => {
    const { actor, calls } = start(
      { fetchUserInfo: () => Promise.reject(new ApiCallError('http', 'boom', 500)) },
      { token: { token: 'tok-0', datetime: T0 }, userInfo: user },
    );
    await waitFor(actor, (s) => s.matches({ session: { loggedIn: 'idle' } }));
    expect(actor.getSnapshot().context).toMatchObject({ offline: false, userInfo: user });
    expect(calls.clearSession).toBeUndefined();
  });

  it('a cached session whose token was revoked lands logged out', async () => {
    const { actor, calls } = start(
      { fetchUserInfo: () => Promise.reject(new ApiCallError('unauthorized', 'expired', 401)) },
      { token: { token: 'tok-0', datetime: T0 }, userInfo: user },
    );
    await waitFor(actor, inSession('loggedOut'));
    expect(calls.clearSession).toHaveLength(1);
  });

  it('asks the user info again when told it changed, and holds the new balance', async () => {
    let balance = 100_000;
    const { actor, calls } = start(
      { fetchUserInfo: async () => ({ ...user, authUser: { ...user.authUser, balance } }) },
      { token: { token: 'tok-0', datetime: T0 }, userInfo: user },
    );
    await waitFor(actor, (s) => s.matches({ session: { loggedIn: 'idle' } }));
    balance = 99_885.25;
    actor.send({ type: 'session.reloadUser' });
    await waitFor(actor, (s) => s.context.userInfo?.authUser.balance === 99_885.25);
    expect(calls.fetchUserInfo).toHaveLength(2);
    expect((calls.storeUserInfo?.at(-1) as UserInfo | undefined)?.authUser.balance).toBe(99_885.25);
  });

  it('going offline and back online revalidates the user', async () => {
    const { actor, calls } = start({}, { token: { token: 'tok-0', datetime: T0 }, userInfo: user });
    await waitFor(actor, (s) => s.matches({ session: { loggedIn: 'idle' } }));
    actor.send({ type: 'session.offline' });
    expect(actor.getSnapshot().context.offline).toBe(true);
    actor.send({ type: 'session.online' });
    await waitFor(actor, (s) => s.matches({ session: { loggedIn: 'idle' } }) && !s.context.offline);
    expect(calls.fetchUserInfo).toHaveLength(2);
  });
});
