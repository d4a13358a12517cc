import { assign, fromPromise, raise, setup } from 'xstate';
import { SMS_CODE_RESEND_S, TOKEN_LIFETIME_S, TOKEN_REFRESH_CHECK_MS } from '../contract/constants';
import type { LoginResponse, TokenResponse, UserInfo } from '../contract/endpoints/user.endpoints';
import type {
  SmsLogin,
  Registration,
  SmsCodeRequest,
  Captcha,
  SessionInput,
  SessionContext,
  ShellPrefetch,
  SessionEvent,
} from './session-types';

// The session: logged out -> logging in -> loading user -> logged in, token refresh, logout and 401. A login
// whose answer carries the user skips loading it: user info is fetched only when no roles are loaded.
// Three parallel regions: the session itself, the login captcha and the SMS-code resend countdown.
// Every effect is a named actor or action; src/app provides the real ones, tests provide fakes.

export function toBase64(text: string): string {
  return btoa(Array.from(new TextEncoder().encode(text), (b) => String.fromCharCode(b)).join(''));
}

const errorMessage = (e: unknown): string => (e instanceof Error ? e.message : String(e));
/** transport failures (offline), as opposed to answers from the platform. */
export const isNetworkError = (e: unknown): boolean => {
  const kind = (e as { kind?: string } | null)?.kind;
  return kind === 'network' || kind === 'timeout';
};
/** the platform refused a login on its captcha field. */
const refusedCaptcha = (e: unknown): boolean => (e as { field?: string } | null)?.field === 'code';
const isUnauthorized = (e: unknown): boolean => (e as { kind?: string } | null)?.kind === 'unauthorized';

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    input: {} as SessionInput,
  },
  actors: {
    loadCaptcha: fromPromise<Captcha, void>(async () => {
      throw new Error('session actor loadCaptcha not provided');
    }),
    login: fromPromise<LoginResponse, { username: string; password: string; code: string; redomStr: string }>(
      async () => {
        throw new Error('session actor login not provided');
      },
    ),
    loginBySms: fromPromise<LoginResponse, SmsLogin>(async () => {
      throw new Error('session actor loginBySms not provided');
    }),
    register: fromPromise<unknown, Registration>(async () => {
      throw new Error('session actor register not provided');
    }),
    sendSmsCode: fromPromise<{ resendAfterS: number }, SmsCodeRequest>(async () => {
      throw new Error('session actor sendSmsCode not provided');
    }),
    fetchUserInfo: fromPromise<UserInfo, { token: string }>(async () => {
      throw new Error('session actor fetchUserInfo not provided');
    }),
    /** the login answered the user: what the console needs besides it (its code) is here. */
    openConsole: fromPromise<void, void>(async () => {
      throw new Error('session actor openConsole not provided');
    }),
    refreshToken: fromPromise<TokenResponse, void>(async () => {
      throw new Error('session actor refreshToken not provided');
    }),
    logout: fromPromise<unknown, void>(async () => {
      throw new Error('session actor logout not provided');
    }),
  },
  actions: {
    /** keep the token and its datetime (the Authorization cookie). */
    storeToken: (_, _p: { token: string; datetime: number }) => {},
    /** cache the user for offline start. */
    storeUserInfo: (_, _p: UserInfo) => {},
    /** a login succeeded: a fresh session starts unlocked. */
    sessionStarted: () => {},
    /** the token is in hand and the user loads: start what the shell needs besides the user (its menus) alongside,
     * rather than after the user arrives; `loginName` is null for a session opened from a stored token, `opened` is
     * what the login answered (the user and the top menu) when it did. */
    prefetchShell: (_, _p: ShellPrefetch) => {},
    /** forget token, cached user, menus, tabs and lock state. */
    clearSession: () => {},
    acceptToken: assign((_, p: { token: string; datetime: number }) => ({ token: p.token, datetime: p.datetime })),
    acceptLogin: assign((_, p: LoginResponse) => ({ token: p.token, datetime: p.datetime, opened: p.session ?? null })),
    /** the user is known (answered with the login or asked for): held, and the session is online. */
    acceptUser: assign((_, u: UserInfo) => ({ userInfo: u, offline: false })),
    forget: assign({ token: null, datetime: 0, userInfo: null, offline: false, loginName: null, opened: null }),
    refreshCaptcha: raise({ type: 'session.captcha.refresh' }),
  },
  guards: {
    hasCachedUser: ({ context }) => !!context.token && !!context.userInfo?.roles.length,
    hasToken: ({ context }) => !!context.token,
    tokenAged: ({ context }) => context.now() - context.datetime >= context.tokenTimeMs,
    countingDown: ({ context }) => context.smsCountdown > 1,
    carriesCaptcha: ({ event }) => !!(event as Partial<SmsCodeRequest>).captcha,
  },
}).createMachine({
  id: 'session',
  type: 'parallel',
  context: ({ input }) => ({
    now: input.now,
    tokenTimeMs: input.tokenTimeMs ?? TOKEN_LIFETIME_S * 1000 - 60_000,
    token: input.token?.token ?? null,
    datetime: input.token?.datetime ?? 0,
    userInfo: input.userInfo ?? null,
    offline: false,
    error: null,
    registered: false,
    captcha: null,
    captchaAsked: false,
    smsCountdown: 0,
    smsError: null,
    loginName: null,
    opened: null,
  }),
  states: {
    session: {
      initial: 'boot',
      states: {
        boot: {
          always: [
            { guard: 'hasCachedUser', target: 'loggedIn.revalidating' },
            { guard: 'hasToken', target: 'loadingUser' },
            { target: 'loggedOut' },
          ],
        },
        loggedOut: {
          // a fresh captcha each time the login form shows (also after a refused login: captchas are single-use)
          entry: 'refreshCaptcha',
          on: {
            'session.login': 'loggingIn',
            'session.loginSms': 'loggingInBySms',
            'session.register': 'registering',
          },
        },
        loggingIn: {
          entry: assign({
            error: null,
            registered: false,
            loginName: ({ event }) => (event as Extract<SessionEvent, { type: 'session.login' }>).username,
          }),
          invoke: {
            src: 'login',
            input: ({ event }) => {
              const e = event as Extract<SessionEvent, { type: 'session.login' }>;
              return { username: e.username, password: toBase64(e.password), code: e.code, redomStr: e.redomStr };
            },
            onDone: {
              target: 'openingSession',
              actions: [
                { type: 'acceptLogin', params: ({ event }) => event.output },
                { type: 'storeToken', params: ({ event }) => event.output },
                'sessionStarted',
              ],
            },
            onError: {
              target: 'loggedOut',
              actions: assign({
                error: ({ event }) => errorMessage(event.error),
                captchaAsked: ({ event, context }) => context.captchaAsked || refusedCaptcha(event.error),
              }),
            },
          },
        },
        loggingInBySms: {
          entry: assign({
            error: null,
            registered: false,
            loginName: ({ event }) => (event as Extract<SessionEvent, { type: 'session.loginSms' }>).username,
          }),
          invoke: {
            src: 'loginBySms',
            input: ({ event }) => {
              const e = event as Extract<SessionEvent, { type: 'session.loginSms' }>;
              return { username: e.username, uuid: e.uuid, code: e.code };
            },
            onDone: {
              target: 'openingSession',
              actions: [
                { type: 'acceptLogin', params: ({ event }) => event.output },
                { type: 'storeToken', params: ({ event }) => event.output },
                'sessionStarted',
              ],
            },
            onError: { target: 'loggedOut', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
          },
        },
        registering: {
          entry: assign({ error: null, registered: false }),
          invoke: {
            src: 'register',
            input: ({ event }) => {
              const { type: _t, ...r } = event as Extract<SessionEvent, { type: 'session.register' }>;
              return { ...r, password: toBase64(r.password) };
            },
            onDone: { target: 'loggedOut', actions: assign({ registered: true }) },
            onError: { target: 'loggedOut', actions: assign({ error: ({ event }) => errorMessage(event.error) }) },
          },
        },
        /** a login's answer: the user it carried opens the console, else the user is asked for. */
        openingSession: {
          always: [{ guard: ({ context }) => !!context.opened, target: 'openingConsole' }, { target: 'loadingUser' }],
        },
        openingConsole: {
          entry: [
            {
              type: 'prefetchShell',
              params: ({ context }) => ({ loginName: context.loginName, opened: context.opened }),
            },
            { type: 'acceptUser', params: ({ context }) => context.opened!.userInfo },
            { type: 'storeUserInfo', params: ({ context }) => context.opened!.userInfo },
          ],
          // (failing, the console's code loads with its route); the login's answer is not kept past the opening
          invoke: {
            src: 'openConsole',
            onDone: { target: 'loggedIn', actions: assign({ opened: null }) },
            onError: { target: 'loggedIn', actions: assign({ opened: null }) },
          },
        },
        loadingUser: {
          entry: { type: 'prefetchShell', params: ({ context }) => ({ loginName: context.loginName, opened: null }) },
          invoke: {
            src: 'fetchUserInfo',
            input: ({ context }) => ({ token: context.token! }),
            onDone: {
              target: 'loggedIn',
              actions: [
                { type: 'acceptUser', params: ({ event }) => event.output },
                { type: 'storeUserInfo', params: ({ event }) => event.output },
              ],
            },
            // a failed user-info fetch logs the user out: a session without its user has no menus or roles
            onError: {
              target: 'loggedOut',
              actions: ['clearSession', 'forget', assign({ error: ({ event }) => errorMessage(event.error) })],
            },
          },
        },
        loggedIn: {
          initial: 'idle',
          on: {
            'session.logout': 'loggingOut',
            'session.unauthorized': { target: 'loggedOut', actions: ['clearSession', 'forget'] },
            'session.offline': { actions: assign({ offline: true }) },
            'session.online': { target: '.revalidating' },
            'session.reloadUser': { target: '.revalidating' },
            'session.refresh': { target: '.refreshing' },
          },
          states: {
            idle: {
              after: {
                [TOKEN_REFRESH_CHECK_MS]: [
                  { guard: 'tokenAged', target: 'refreshing' },
                  { target: 'idle', reenter: true },
                ],
              },
            },
            /** opened from the cached user: confirm it with the platform, or stay on the cache and say offline. */
            revalidating: {
              invoke: {
                src: 'fetchUserInfo',
                input: ({ context }) => ({ token: context.token! }),
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'acceptUser', params: ({ event }) => event.output },
                    { type: 'storeUserInfo', params: ({ event }) => event.output },
                  ],
                },
                onError: [
                  {
                    guard: ({ event }) => isUnauthorized(event.error),
                    target: '#session.session.loggedOut',
                    actions: ['clearSession', 'forget'],
                  },
                  {
                    guard: ({ event }) => isNetworkError(event.error),
                    target: 'idle',
                    actions: assign({ offline: true }),
                  },
                  { target: 'idle' },
                ],
              },
            },
            refreshing: {
              invoke: {
                src: 'refreshToken',
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'acceptToken', params: ({ event }) => event.output },
                    { type: 'storeToken', params: ({ event }) => event.output },
                    assign({ offline: false }),
                  ],
                },
                // a failed refresh is retried at the next check; a 401 arrives as session.unauthorized
                onError: {
                  target: 'idle',
                  actions: assign({ offline: ({ event, context }) => context.offline || isNetworkError(event.error) }),
                },
              },
            },
          },
        },
        loggingOut: {
          invoke: {
            src: 'logout',
            onDone: { target: 'loggedOut', actions: ['clearSession', 'forget'] },
            onError: { target: 'loggedOut', actions: ['clearSession', 'forget'] },
          },
        },
      },
    },
    captcha: {
      initial: 'idle',
      on: { 'session.captcha.refresh': '.loading' },
      states: {
        idle: {},
        loading: {
          invoke: {
            src: 'loadCaptcha',
            onDone: { target: 'ready', actions: assign({ captcha: ({ event }) => event.output }) },
            onError: { target: 'failed', actions: assign({ captcha: null }) },
          },
        },
        ready: {},
        failed: {},
      },
    },
    sms: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'session.sms.send': [
              // a request carrying the captcha uses it up, right or wrong: the form needs a new one at once
              { guard: 'carriesCaptcha', target: 'sending', actions: 'refreshCaptcha' },
              { target: 'sending' },
            ],
          },
        },
        sending: {
          entry: assign({ smsError: null }),
          invoke: {
            src: 'sendSmsCode',
            input: ({ event }) => {
              const { type: _t, ...r } = event as Extract<SessionEvent, { type: 'session.sms.send' }>;
              return r;
            },
            onDone: {
              target: 'countdown',
              actions: assign({ smsCountdown: ({ event }) => event.output.resendAfterS || SMS_CODE_RESEND_S }),
            },
            onError: { target: 'idle', actions: assign({ smsError: ({ event }) => errorMessage(event.error) }) },
          },
        },
        /** no resend until the countdown ends (the seconds the platform answered, else SMS_CODE_RESEND_S). */
        countdown: {
          after: {
            1000: [
              {
                guard: 'countingDown',
                target: 'countdown',
                reenter: true,
                actions: assign({ smsCountdown: ({ context }) => context.smsCountdown - 1 }),
              },
              { target: 'idle', actions: assign({ smsCountdown: 0 }) },
            ],
          },
        },
      },
    },
  },
});
