import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor, type AnyActorLogic } from 'xstate';
import type { LoginResponse, UserInfo } from '../contract/endpoints/user.endpoints';
import { ApiCallError } from '../sync/http/http-client';
import { sessionMachine, toBase64 } from './session.machine';
import type { SessionInput } from './session-types';

const T0 = 1_700_000_000_000;
const TOKEN_TIME = 3_540_000;

const user: UserInfo = {
  name: 'admin',
  avatar: '',
  roles: ['admin'],
  permission: [],
  authUser: {
    cus_id: 'admin',
    userName: 'admin',
    mobile: '13800000000',
    userType: 1,
    showClientStatus: 1,
    clientForbidUnknown: 0,
    showContentFilterWhere: 0,
    moreType: 0,
    balance: 100,
    lastLoginTime: null,
  },
};

type Fakes = Partial<
  Record<
    'loadCaptcha' | 'login' | 'loginBySms' | 'register' | 'sendSmsCode' | 'fetchUserInfo' | 'openConsole' | 'refreshToken' | 'logout',
    (input: any) => Promise<any>
  >
>;

function start(fakes: Fakes = {}, input: Partial<SessionInput> = {}) {
  const clock = new SimulatedClock();
  clock.set(T0);
  const calls: Record<string, unknown[]> = {};
  const record = (name: string, arg: unknown) => (calls[name] ??= []).push(arg);
  const actor = (name: keyof Fakes, fallback: (input: any) => Promise<any>) =>
    fromPromise(async ({ input }: { input: any }) => {
      record(name, input);
      return (fakes[name] ?? fallback)(input);
    });
  const login: LoginResponse = { token: 'tok-1', datetime: T0, expiresInS: 3600 };
  const machine = sessionMachine.provide({
    actors: {
      loadCaptcha: actor('loadCaptcha', async () => ({ redomStr: 'r' + (calls.loadCaptcha?.length ?? 0), image: '<svg/>', required: true })),
      login: actor('login', async () => login),
      loginBySms: actor('loginBySms', async () => login),
      register: actor('register', async () => ({ cus_id: 'ep1' })),
      sendSmsCode: actor('sendSmsCode', async () => ({ resendAfterS: 60 })),
      fetchUserInfo: actor('fetchUserInfo', async () => user),
      openConsole: actor('openConsole', async () => undefined),
      refreshToken: actor('refreshToken', async () => ({ token: 'tok-2', datetime: clock.now(), expiresInS: 3600 })),
      logout: actor('logout', async () => undefined),
    } as Record<string, AnyActorLogic> as never,
    actions: {
      storeToken: (_, p) => record('storeToken', p),
      storeUserInfo: (_, p) => record('storeUserInfo', p),
      sessionStarted: () => record('sessionStarted', true),
      prefetchShell: (_, p) => record('prefetchShell', p),
      clearSession: () => record('clearSession', true),
    },
  });
  const a = createActor(machine, { clock, input: { now: () => clock.now(), tokenTimeMs: TOKEN_TIME, ...input } });
  a.start();
  return { actor: a, clock, calls };
}

const inSession = (state: string) => (s: { matches: (v: object) => boolean }) => s.matches({ session: state });
const networkDown = () => Promise.reject(new ApiCallError('network', 'Failed to fetch'));

describe('session machine: logged out and logging in', () => {
  it('starts logged out without a token and loads a captcha; refresh fetches a new one', async () => {
    const { actor, calls } = start();
    expect(actor.getSnapshot().matches({ session: 'loggedOut' })).toBe(true);
    await waitFor(actor, (s) => s.matches({ captcha: 'ready' }));
    expect(actor.getSnapshot().context.captcha).toEqual({ redomStr: 'r1', image: '<svg/>', required: true });
    actor.send({ type: 'session.captcha.refresh' });
    await waitFor(actor, (s) => s.context.captcha?.redomStr === 'r2');
    expect(calls.loadCaptcha).toHaveLength(2);
  });

  it('marks the captcha failed when it cannot be loaded, and retries on refresh', async () => {
    let fail = true;
    const { actor } = start({ loadCaptcha: async () => (fail ? Promise.reject(new Error('down')) : { redomStr: 'ok', image: 'x', required: true }) });
    await waitFor(actor, (s) => s.matches({ captcha: 'failed' }));
    fail = false;
    actor.send({ type: 'session.captcha.refresh' });
    await waitFor(actor, (s) => s.matches({ captcha: 'ready' }));
  });

  it('password login sends the password Base64-encoded, stores the token with its datetime, then loads the user', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'session.login', username: 'admin', password: 'demo1234密', code: 'abcd', redomStr: 'r1' });
    expect(actor.getSnapshot().matches({ session: 'loggingIn' })).toBe(true);
    await waitFor(actor, inSession('loggedIn'));
    expect(calls.login).toEqual([{ username: 'admin', password: toBase64('demo1234密'), code: 'abcd', redomStr: 'r1' }]);
    expect(Buffer.from(toBase64('demo1234密'), 'base64').toString('utf8')).toBe('demo1234密');
    expect(calls.storeToken).toEqual([{ token: 'tok-1', datetime: T0, expiresInS: 3600 }]);
    expect(calls.sessionStarted).toHaveLength(1);
    expect(calls.fetchUserInfo).toEqual([{ token: 'tok-1' }]);
    expect(calls.storeUserInfo).toEqual([user]);
    expect(actor.getSnapshot().context).toMatchObject({ token: 'tok-1', datetime: T0, userInfo: user, offline: false });
  });

  it('the shell prefetch starts with the user fetch, once per login, not after the user arrives', async () => {
    let release: (u: UserInfo) => void = () => {};
    const { actor, calls } = start({ fetchUserInfo: () => new Promise<UserInfo>((r) => (release = r)) });
    actor.send({ type: 'session.login', username: 'admin', password: 'demo1234', code: 'abcd', redomStr: 'r1' });
    await waitFor(actor, inSession('loadingUser'));
    // by the name typed: the first list is asked before the user info says whose session this is
    expect(calls.prefetchShell).toEqual([{ loginName: 'admin', opened: null }]);
    expect(calls.storeToken).toHaveLength(1);
    release(user);
    await waitFor(actor, inSession('loggedIn'));
    expect(calls.prefetchShell).toHaveLength(1);
  });

  it('a login that answers the user and top menu opens the console on them, without asking for the user', async () => {
    const topMenu = [{ permCode: 'homeSms' as const, label: 'menu.homeSms', icon: 'pi pi-send', prodType: 0, prodAccess: true }];
    const opened = { userInfo: user, topMenu, menu: [{ id: 'finance', label: 'menu.finance', path: '', icon: 'pi pi-wallet' }] };
    let loaded: () => void = () => {};
    const { actor, calls } = start({
      login: async () => ({ token: 'tok-1', datetime: T0, expiresInS: 3600, session: opened }),
      openConsole: () => new Promise<void>((r) => (loaded = r)),
    });
    actor.send({ type: 'session.login', username: 'Admin', password: 'demo1234', code: 'abcd', redomStr: 'r1' });
    // the shell's prefetch has the answer's user and top menu while the console's code still loads
    await waitFor(actor, inSession('openingConsole'));
    expect(calls.prefetchShell).toEqual([{ loginName: 'Admin', opened }]);
    expect(calls.storeUserInfo).toEqual([user]);
    loaded();
    await waitFor(actor, inSession('loggedIn'));
    expect(calls.fetchUserInfo).toBeUndefined();
    expect(calls.openConsole).toHaveLength(1);
    expect(actor.getSnapshot().context).toMatchObject({ token: 'tok-1', userInfo: user, offline: false });
    // the login's answer (its menus) is not held once the console is open
    expect(actor.getSnapshot().context.opened).toBeNull();
  });

  it('a console whose code fails to load still opens on the login answer (its route loads the code again)', async () => {
    const { actor, calls } = start({
      loginBySms: async () => ({ token: 'tok-1', datetime: T0, expiresInS: 3600, session: { userInfo: user, topMenu: [], menu: [] } }),
      openConsole: () => Promise.reject(new ApiCallError('network', 'Failed to fetch')),
    });
    actor.send({ type: 'session.loginSms', username: 'admin', uuid: 'u1', code: '123456' });
    await waitFor(actor, inSession('loggedIn'));
    expect(calls.fetchUserInfo).toBeUndefined();
    expect(actor.getSnapshot().context.userInfo).toEqual(user);
  });

  it('a refused login stores nothing, keeps the platform message and refreshes the captcha', async () => {
    const { actor, calls } = start({ login: () => Promise.reject(new ApiCallError('http', '账号或密码错误', 400)) });
    await waitFor(actor, (s) => s.matches({ captcha: 'ready' }));
    actor.send({ type: 'session.login', username: 'admin', password: 'bad', code: 'x', redomStr: 'r1' });
    await waitFor(actor, (s) => s.matches({ session: 'loggedOut' }) && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('账号或密码错误');
    expect(calls.storeToken).toBeUndefined();
    expect(actor.getSnapshot().context.token).toBeNull();
    await waitFor(actor, (s) => s.context.captcha?.redomStr === 'r2');
  });

  it('a login refused on its captcha field asks the form for a captcha from then on; other refusals do not', async () => {
    let field: string | undefined;
    const { actor } = start({ login: () => Promise.reject(new ApiCallError('http', 'refused', 400, null, field)) });
    actor.send({ type: 'session.login', username: 'admin', password: 'bad', code: '', redomStr: 'r1' });
    await waitFor(actor, (s) => s.matches({ session: 'loggedOut' }) && s.context.error !== null);
    expect(actor.getSnapshot().context.captchaAsked).toBe(false);
    field = 'code';
    actor.send({ type: 'session.login', username: 'admin', password: 'demo1234', code: '', redomStr: 'r1' });
    await waitFor(actor, (s) => s.matches({ session: 'loggedOut' }) && s.context.captchaAsked);
    field = undefined;
    actor.send({ type: 'session.login', username: 'admin', password: 'bad', code: 'AB2C', redomStr: 'r2' });
    await waitFor(actor, (s) => s.matches({ session: 'loggedOut' }) && s.context.error !== null);
    expect(actor.getSnapshot().context.captchaAsked).toBe(true);
  });

  it('SMS-code login stores the token and loads the user', async () => {
    const { actor, calls } = start();
    actor.send({ type: 'session.loginSms', username: 'admin', uuid: 'u1', code: '123456' });
    expect(actor.getSnapshot().matches({ session: 'loggingInBySms' })).toBe(true);
    await waitFor(actor, inSession('loggedIn'));
    expect(calls.loginBySms).toEqual([{ username: 'admin', uuid: 'u1', code: '123456' }]);
    expect(calls.storeToken).toHaveLength(1);
  });

  it('a refused SMS-code login returns to logged out with the message', async () => {
    const { actor } = start({ loginBySms: () => Promise.reject(new ApiCallError('http', '短信验证码错误或已过期', 400)) });
    actor.send({ type: 'session.loginSms', username: 'admin', uuid: 'u1', code: '000000' });
    await waitFor(actor, (s) => s.context.error !== null);
    expect(actor.getSnapshot().matches({ session: 'loggedOut' })).toBe(true);
  });

  it('enterprise registration encodes the password and reports success; a failure keeps the message', async () => {
    const { actor, calls } = start();
    const reg = { epId: 'ep1', epName: 'Ep', password: 'secret1', phone: '13800000000', code: '123456', uuid: 'u' };
    actor.send({ type: 'session.register', ...reg });
    expect(actor.getSnapshot().matches({ session: 'registering' })).toBe(true);
    await waitFor(actor, (s) => s.context.registered);
    expect(calls.register).toEqual([{ ...reg, password: toBase64('secret1') }]);
    expect(actor.getSnapshot().matches({ session: 'loggedOut' })).toBe(true);

    const failing = start({ register: () => Promise.reject(new ApiCallError('http', '企业账号已存在', 400)) }).actor;
    failing.send({ type: 'session.register', ...reg });
    await waitFor(failing, (s) => s.context.error === '企业账号已存在');
    expect(failing.getSnapshot().context.registered).toBe(false);
  });
});

describe('session machine: SMS code countdown', () => {
  it('counts down 60 s after a code is sent and refuses to resend meanwhile', async () => {
    const { actor, clock, calls } = start();
    actor.send({ type: 'session.sms.send', kind: 'login', account: 'admin', phone: '13800000000', uuid: 'u' });
    await waitFor(actor, (s) => s.matches({ sms: 'countdown' }));
    expect(actor.getSnapshot().context.smsCountdown).toBe(60);
    clock.increment(1000);
    expect(actor.getSnapshot().context.smsCountdown).toBe(59);
    actor.send({ type: 'session.sms.send', kind: 'login', account: 'admin', phone: '13800000000', uuid: 'u' });
    expect(calls.sendSmsCode).toHaveLength(1);
    for (let i = 0; i < 58; i++) clock.increment(1000);
    expect(actor.getSnapshot().context.smsCountdown).toBe(1);
    expect(actor.getSnapshot().matches({ sms: 'countdown' })).toBe(true);
    clock.increment(1000);
    expect(actor.getSnapshot().matches({ sms: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.smsCountdown).toBe(0);
    actor.send({ type: 'session.sms.send', kind: 'register', account: 'ep1', phone: '13800000000', uuid: 'u' });
    await waitFor(actor, (s) => s.matches({ sms: 'countdown' }));
    expect(calls.sendSmsCode).toHaveLength(2);
  });

  it('a failed send returns to idle with the message and no countdown', async () => {
    const { actor } = start({ sendSmsCode: () => Promise.reject(new ApiCallError('http', '验证码发送失败', 400)) });
    actor.send({ type: 'session.sms.send', kind: 'login', account: 'admin', phone: '1', uuid: 'u' });
    await waitFor(actor, (s) => s.context.smsError !== null);
    expect(actor.getSnapshot().matches({ sms: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.smsCountdown).toBe(0);
  });

  it('a registration code request sends its captcha and fetches a new one, sent or refused (the platform used it up)', async () => {
    const { actor, calls } = start({ sendSmsCode: () => Promise.reject(new ApiCallError('http', '验证码错误或已过期', 400)) });
    await waitFor(actor, (s) => s.context.captcha?.redomStr === 'r1');
    actor.send({ type: 'session.sms.send', kind: 'register', account: 'ep0001', phone: '13800000000', uuid: 'u', captcha: { code: 'AB2C', redomStr: 'r1' } });
    await waitFor(actor, (s) => s.context.smsError !== null && s.context.captcha?.redomStr === 'r2');
    expect(calls.sendSmsCode).toEqual([{ kind: 'register', account: 'ep0001', phone: '13800000000', uuid: 'u', captcha: { code: 'AB2C', redomStr: 'r1' } }]);
    expect(actor.getSnapshot().context.smsError).toBe('验证码错误或已过期');
    // a login code carries no captcha and leaves the form's captcha as it is
    actor.send({ type: 'session.sms.send', kind: 'login', account: 'admin', phone: '13800000000', uuid: 'u' });
    await waitFor(actor, (s) => s.matches({ sms: 'idle' }) && calls.sendSmsCode.length === 2);
    expect(calls.loadCaptcha).toHaveLength(2);
  });
});

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
    const { actor, calls } = start({ fetchUserInfo: () => Promise.reject(new ApiCallError('http', 'boom', 500)) }, { token: { token: 'tok-0', datetime: T0 } });
    await waitFor(actor, inSession('loggedOut'));
    expect(calls.clearSession).toHaveLength(1);
    expect(actor.getSnapshot().context).toMatchObject({ token: null, userInfo: null });
  });

  it('with a cached user it opens at once and says offline when the platform is unreachable', async () => {
    const { actor, calls } = start({ fetchUserInfo: networkDown }, { token: { token: 'tok-0', datetime: T0 }, userInfo: user });
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
      refreshToken: () => (fail ? networkDown() : Promise.resolve({ token: 'tok-3', datetime: T0 + TOKEN_TIME + 10_000, expiresInS: 3600 })),
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
    const { actor, calls } = start({ logout: networkDown }, { token: { token: 'tok-0', datetime: T0 }, userInfo: user });
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
