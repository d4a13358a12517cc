import { describe, expect, it } from 'vitest';
import { waitFor } from 'xstate';
import type { UserInfo } from '../contract/endpoints/user.endpoints';
import { ApiCallError } from '../sync/http/http-client';
import { toBase64 } from './session.machine';
import { inSession, start, T0, user } from './session.fixtures';

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
    const { actor } = start({
      loadCaptcha: async () =>
        fail ? Promise.reject(new Error('down')) : { redomStr: 'ok', image: 'x', required: true },
    });
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
    expect(calls.login).toEqual([
      { username: 'admin', password: toBase64('demo1234密'), code: 'abcd', redomStr: 'r1' },
    ]);
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
    const topMenu = [
      { permCode: 'homeSms' as const, label: 'menu.homeSms', icon: 'pi pi-send', prodType: 0, prodAccess: true },
    ];
    const opened = {
      userInfo: user,
      topMenu,
      menu: [{ id: 'finance', label: 'menu.finance', path: '', icon: 'pi pi-wallet' }],
    };
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
      loginBySms: async () => ({
        token: 'tok-1',
        datetime: T0,
        expiresInS: 3600,
        session: { userInfo: user, topMenu: [], menu: [] },
      }),
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
    const { actor } = start({
      loginBySms: () => Promise.reject(new ApiCallError('http', '短信验证码错误或已过期', 400)),
    });
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
    const { actor, calls } = start({
      sendSmsCode: () => Promise.reject(new ApiCallError('http', '验证码错误或已过期', 400)),
    });
    await waitFor(actor, (s) => s.context.captcha?.redomStr === 'r1');
    actor.send({
      type: 'session.sms.send',
      kind: 'register',
      account: 'ep0001',
      phone: '13800000000',
      uuid: 'u',
      captcha: { code: 'AB2C', redomStr: 'r1' },
    });
    await waitFor(actor, (s) => s.context.smsError !== null && s.context.captcha?.redomStr === 'r2');
    expect(calls.sendSmsCode).toEqual([
      {
        kind: 'register',
        account: 'ep0001',
        phone: '13800000000',
        uuid: 'u',
        captcha: { code: 'AB2C', redomStr: 'r1' },
      },
    ]);
    expect(actor.getSnapshot().context.smsError).toBe('验证码错误或已过期');
    // a login code carries no captcha and leaves the form's captcha as it is
    actor.send({ type: 'session.sms.send', kind: 'login', account: 'admin', phone: '13800000000', uuid: 'u' });
    await waitFor(actor, (s) => s.matches({ sms: 'idle' }) && calls.sendSmsCode.length === 2);
    expect(calls.loadCaptcha).toHaveLength(2);
  });
});
