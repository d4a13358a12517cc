import type { LoginResponse, UserInfo } from '../contract/endpoints/user.endpoints';

// What the session machine is given, keeps and is sent: the login forms' values, the captcha, the session's context
// and its events.

export interface PasswordLogin {
  username: string;
  /** plain text; the machine sends it Base64-encoded, as the login endpoint expects. */
  password: string;
  code: string;
  redomStr: string;
}
export interface SmsLogin {
  username: string;
  uuid: string;
  code: string;
}
export interface Registration {
  epId: string;
  epName: string;
  password: string;
  phone: string;
  code: string;
  uuid: string;
}
export interface SmsCodeRequest {
  kind: 'login' | 'register';
  /** userId for login codes, epId for registration codes. */
  account: string;
  phone: string;
  uuid: string;
  /** registration codes: the captcha solved for this request (the platform uses it up, right or wrong). */
  captcha?: { code: string; redomStr: string };
}
export interface Captcha {
  redomStr: string;
  image: string;
  /** whether the platform asks every password login for one (CAPTCHA=off: no). */
  required: boolean;
}

export interface SessionInput {
  now: () => number;
  /** the stored token and the cached user, when a previous session left them. */
  token?: { token: string; datetime: number } | null;
  userInfo?: UserInfo | null;
  /** refresh when the token's age reaches this (default: a minute before the platform's lifetime ends). */
  tokenTimeMs?: number;
}

export interface SessionContext {
  now: () => number;
  tokenTimeMs: number;
  token: string | null;
  datetime: number;
  userInfo: UserInfo | null;
  /** opened from cache and the platform is unreachable. */
  offline: boolean;
  /** the last login / registration / code failure, as the platform worded it. */
  error: string | null;
  registered: boolean;
  captcha: Captcha | null;
  /** a login was refused for its captcha (an account that failed often is asked even where captchas are off). */
  captchaAsked: boolean;
  smsCountdown: number;
  smsError: string | null;
  /** the name typed at the login that opened this session (the first list is asked by it, before the user info). */
  loginName: string | null;
  /** the user and top menu the login answered with, until the console opens on them. */
  opened: LoginResponse['session'] | null;
}

/** What the shell is started with beside the user: see the prefetchShell action. */
export type ShellPrefetch = Pick<SessionContext, 'loginName' | 'opened'>;

export type SessionEvent =
  | ({ type: 'session.login' } & PasswordLogin)
  | ({ type: 'session.loginSms' } & SmsLogin)
  | ({ type: 'session.register' } & Registration)
  | ({ type: 'session.sms.send' } & SmsCodeRequest)
  | { type: 'session.captcha.refresh' }
  | { type: 'session.refresh' }
  /** the user info changed on the platform (a send or a charge moved the balance): ask it again. */
  | { type: 'session.reloadUser' }
  | { type: 'session.logout' }
  | { type: 'session.unauthorized' }
  | { type: 'session.online' }
  | { type: 'session.offline' };
