import { createActor, fromPromise } from 'xstate';
import { userInfoSchema, type UserInfo } from '../../contract/endpoints/user.endpoints';
import {
  captchaEndpoint,
  epRegistEndpoint,
  getUserInfoEndpoint,
  loginBySmsCodeEndpoint,
  loginEndpoint,
  logoutEndpoint,
  refreshEndpoint,
  sendAuthCodeEndpoint,
  sendLoginAuthCodeEndpoint,
} from '../../contract/endpoints/user.endpoints';
import { lockMachine } from '../../machines/lock.machine';
import { sessionMachine } from '../../machines/session.machine';
import { translate } from '../../contract/messages';
import { afterFirstScreen } from '../data/first-screen';
import { api, earlyApi, warmOffThreadApi } from '../session/api';
import { warmTimeFormats } from '../ui/format';
import { getLanguage } from '../ui/language';
import { loadConsole, prefetchFirstList } from './load-console';
import { notify } from '../ui/notify';
import { loadMenus, resetMenus } from './menu-store';
import { STORAGE } from './storage-keys';
import { tabsStore } from './tabs-store';
import { closeAllTabs } from './tabs';
import { onUnauthorized } from '../session/session-events';
import { readToken, writeToken } from '../session/token-store';
import { provideSessionActors } from '../session/session-ref';
import { forgetOnClose } from '../data/forget-flag';

// The console's session and lock actors, wired to the platform through the one HTTP client and to browser storage.

function readJson<T>(key: string): T | null {
  try {
    return JSON.parse(localStorage.getItem(key) ?? 'null') as T | null;
  } catch {
    return null;
  }
}

function cachedUserInfo(): UserInfo | null {
  const parsed = userInfoSchema.safeParse(readJson(STORAGE.userInfo));
  return parsed.success ? parsed.data : null;
}

/** Beside the login request: the console's chunk is fetched, the worker of the first list started, and the zone
 * formatters built once the request is out (the main thread idles until the answer; see warmTimeFormats). */
function whileLoggingIn(): void {
  void loadConsole().catch(() => {});
  warmOffThreadApi();
  setTimeout(() => warmTimeFormats(getLanguage()), 0);
}

export const lockActor = createActor(
  lockMachine.provide({
    actions: { persist: (_, p) => localStorage.setItem(STORAGE.lock, JSON.stringify(p)) },
  }),
  { input: { persisted: readJson<{ locked: boolean; hash: string | null }>(STORAGE.lock) } },
);

export const sessionActor = createActor(
  sessionMachine.provide({
    actors: {
      loadCaptcha: fromPromise(async () => {
        const c = await api.call(captchaEndpoint, {});
        return { redomStr: c.redomStr, image: c.image, required: c.required };
      }),
      // the console's chunk downloads while the login request is out, not after the user info, to shorten the cold start
      login: fromPromise(({ input }) => (whileLoggingIn(), api.call(loginEndpoint, input))),
      loginBySms: fromPromise(({ input }) => (whileLoggingIn(), api.call(loginBySmsCodeEndpoint, input))),
      register: fromPromise(({ input }) => api.call(epRegistEndpoint, input)),
      sendSmsCode: fromPromise(({ input }) =>
        input.kind === 'login'
          ? api.call(sendLoginAuthCodeEndpoint, { userId: input.account, phone: input.phone, uuid: input.uuid })
          : api.call(sendAuthCodeEndpoint, {
              epId: input.account,
              phone: input.phone,
              uuid: input.uuid,
              code: input.captcha?.code ?? '',
              redomStr: input.captcha?.redomStr ?? '',
            }),
      ),
      // the session counts as logged in once the console's chunk is here too (fetched beside the user info), so the
      // console renders at once, with no loading frame that would drop the first keystrokes
      // (and the records' first page is asked then, before the console renders: src/app/first-list.ts)
      fetchUserInfo: fromPromise(async () => {
        const [info] = await Promise.all([
          earlyApi().call(getUserInfoEndpoint, {}, { silent: true }),
          loadConsole().catch(() => {}),
        ]);
        prefetchFirstList({ userInfo: info });
        return info;
      }),
      openConsole: fromPromise(() => loadConsole().then(() => {})),
      refreshToken: fromPromise(() => api.call(refreshEndpoint, {}, { silent: true })),
      // the user's own logout also takes the account's local copy off this browser (src/data/forget-local.ts)
      logout: fromPromise(() => (forgetOnClose(), api.call(logoutEndpoint, {}, { silent: true }))),
    },
    actions: {
      storeToken: (_, p) => writeToken({ token: p.token, datetime: p.datetime }),
      storeUserInfo: (_, p) => localStorage.setItem(STORAGE.userInfo, JSON.stringify(p)),
      sessionStarted: () => {
        lockActor.send({ type: 'lock.clear' });
        // shown on the console once its first screen is there: shown with the login answer, the toast's enter
        // transition forced a layout of the login page about to go, on the way to the first page
        const summary = translate(getLanguage(), 'login.success');
        void afterFirstScreen().then(() => notify({ severity: 'success', summary }));
      },
      // (the first list by the user the login answered, else by the name typed at login; a session opened from a stored
      // token asks it with the user info)
      prefetchShell: (_, { loginName, opened }) => {
        void loadMenus(opened ?? undefined);
        if (opened) prefetchFirstList({ userInfo: opened.userInfo });
        else if (loginName) prefetchFirstList({ loginName });
      },
      clearSession: () => {
        writeToken(null);
        [STORAGE.userInfo, STORAGE.dashboard].forEach((k) => localStorage.removeItem(k));
        resetMenus();
        tabsStore.set(closeAllTabs());
        lockActor.send({ type: 'lock.clear' });
      },
    },
  }),
  { input: { now: () => Date.now(), token: readToken(), userInfo: cachedUserInfo() } },
);
provideSessionActors({ session: sessionActor, lock: lockActor });

export function startSession(): void {
  lockActor.start();
  sessionActor.start();
  onUnauthorized(() => sessionActor.send({ type: 'session.unauthorized' }));
  window.addEventListener('online', () => sessionActor.send({ type: 'session.online' }));
  window.addEventListener('offline', () => sessionActor.send({ type: 'session.offline' }));
}
