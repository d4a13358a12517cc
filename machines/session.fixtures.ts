import { createActor, fromPromise, SimulatedClock, type AnyActorLogic } from 'xstate';
import type { LoginResponse, UserInfo } from '../contract/endpoints/user.endpoints';
import { ApiCallError } from '../sync/http/http-client';
import { sessionMachine } from './session.machine';
import type { SessionInput } from './session-types';

/** The session machine's tests run on a simulated clock with every platform call faked and recorded. */
export const T0 = 1_700_000_000_000;
export const TOKEN_TIME = 3_540_000;

export const user: UserInfo = {
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

export type Fakes = Partial<
  Record<
    | 'loadCaptcha'
    | 'login'
    | 'loginBySms'
    | 'register'
    | 'sendSmsCode'
    | 'fetchUserInfo'
    | 'openConsole'
    | 'refreshToken'
    | 'logout',
    (input: any) => Promise<any>
  >
>;

export function start(fakes: Fakes = {}, input: Partial<SessionInput> = {}) {
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
      loadCaptcha: actor('loadCaptcha', async () => ({
        redomStr: 'r' + (calls.loadCaptcha?.length ?? 0),
        image: '<svg/>',
        required: true,
      })),
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

export const inSession = (state: string) => (s: { matches: (v: object) => boolean }) => s.matches({ session: state });
export const networkDown = () => Promise.reject(new ApiCallError('network', 'Failed to fetch'));
