import type { FastifyInstance } from 'fastify';
import { wallClockIn } from '../../contract/time-zone';
import { TOKEN_LIFETIME_S } from '../../contract/constants';
import {
  captchaEndpoint,
  epRegistEndpoint,
  getChatbotListEndpoint,
  getListEndpoint,
  getMenuEndpoint,
  getTopMenuEndpoint,
  getUserInfoEndpoint,
  loginBySmsCodeEndpoint,
  loginEndpoint,
  logoutEndpoint,
  refreshEndpoint,
  sendAuthCodeEndpoint,
  sendLoginAuthCodeEndpoint,
  type LoginResponse,
  type UserInfo,
} from '../../contract/endpoints/user.endpoints';
import { consumeCaptcha, issueCaptcha } from './captcha';
import type { CurrentUser } from '../core/current-user';
import { userForToken } from './current-user';
import { canSee, readableCusIds } from './scope';
import { captchaRequired, clearAccountFailures, recordFailure, reserveAttempt } from './login-throttle';
import { hasArea, menuFor, MENUS, topMenuFor } from './menu-tree';
import { decodeBase64Password, DUMMY_HASH, hashPassword, isStrongPassword, verifyPassword } from './password';
import {
  checkCode,
  loginCodeLimits,
  registerCodeLimits,
  sendCode,
  SYSTEM_CUS_ID,
  type SendSystemSms,
} from './sms-code';
import { takeHits } from './request-limits';
import { revokeSession } from './session-revoke';
import { bearerOf, issueToken } from './tokens';
import type { AppContext } from '../core/context';
import type { Queryable } from '../db/db';
import {
  accountsWithProduct,
  chatbotsOf,
  createEnterprise,
  dropDeadSessions,
  epIdTaken,
  extendSession,
  findLogin,
  grantedProducts,
  recordLogin,
  userInfoRow,
  type LoginRow,
} from './logins';
import { ApiError, badRequest, forbidden } from '../http/api-error';
import { route } from '../http/route';

// User: login (password + captcha, or SMS code), enterprise registration, the session, menus and pickers.

const EP_ID = /^[A-Za-z0-9]{6,10}$/;
const PHONE = /^1\d{10}$/;

const decodePassword = (b64: string) => {
  const pw = decodeBase64Password(b64);
  if (pw === null) throw badRequest('login.badPasswordEncoding', {}, 'password');
  return pw;
};

/** Closed accounts may not log in; removed ones look like unknown users. */
function assertOpen(login: LoginRow | undefined): asserts login is LoginRow {
  if (!login || login.status === 2) throw badRequest('login.badCredentials');
  if (login.status === 0) throw forbidden('login.accountClosed');
}

/** A new session's token, with the user and the menus the console's shell opens on (contract loginResponse). */
async function startSession(ctx: AppContext, userId: number): Promise<LoginResponse> {
  const now = ctx.now();
  await recordLogin(ctx.db, userId, now);
  // dead sessions are dropped as logins come in
  await dropDeadSessions(ctx.db, now);
  const issued = await issueToken(ctx.db, userId, now);
  // the caller exactly as its first request with the token will see it (scope, roles, a closed account)
  const user = await userForToken(ctx.db, issued.token, now);
  if (!user) return issued;
  const topMenu = topMenuFor(await grantedProducts(ctx.db, user.cus_id));
  return {
    ...issued,
    session: { userInfo: await userInfoOf(ctx.db, user), topMenu, menu: menuFor(MENUS.userCenter, user.roles) },
  };
}

/** What /user/getUserInfo answers for the caller. */
async function userInfoOf(q: Queryable, user: CurrentUser): Promise<UserInfo> {
  const r = await userInfoRow(q, user.id);
  return {
    name: user.name,
    avatar: r.avatar,
    roles: user.roles,
    permission: user.permissions,
    authUser: {
      cus_id: user.cus_id,
      userName: user.username,
      mobile: r.mobile,
      userType: user.userType,
      showClientStatus: user.showClientStatus,
      clientForbidUnknown: user.clientForbidUnknown,
      showContentFilterWhere: user.showContentFilterWhere,
      moreType: user.moreType,
      balance: Math.round(Number(r.balance) * 100) / 100,
      // the login before this session's: this one the user knows of, an earlier one tells whether someone else came in
      lastLoginTime: r.previous_login_at ? wallClockIn(r.time_zone, new Date(r.previous_login_at).getTime()) : null,
      timeZone: r.time_zone,
    },
  };
}

export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext, sendSystemSms: SendSystemSms): void {
  const { db } = ctx;

  // `required` is the platform-wide setting; an account that failed often is asked anyway (its login is refused on the
  // captcha's field, and the form then shows it).
  route(app, ctx, captchaEndpoint, async ({ req }) => ({
    ...(await issueCaptcha(db, req.ip, ctx.config.captchasPerAddress, ctx.now())),
    required: ctx.config.captcha,
  }));

  route(app, ctx, loginEndpoint, async ({ body, req, message }) => {
    const password = decodePassword(body.password);
    // The attempt is counted first: a locked pair or address hears so before anything else is checked.
    await reserveAttempt(db, body.username, req.ip, ctx.now());
    const needsCaptcha = ctx.config.captcha || (await captchaRequired(db, body.username, ctx.now()));
    if (needsCaptcha && !body.code.trim()) throw badRequest('login.captchaNeeded', {}, 'code');
    if (needsCaptcha && !(await consumeCaptcha(db, body.redomStr, body.code, ctx.now())))
      throw badRequest('login.badCaptcha', {}, 'code');
    const login = await findLogin(db, body.username);
    // Unknown accounts cost the same hash check as known ones, and get the same answer.
    const ok = await verifyPassword(password, login?.password_hash ?? DUMMY_HASH);
    if (!login || !ok) {
      await recordFailure(db, body.username, req.ip, ctx.now());
      throw badRequest('login.badCredentials');
    }
    assertOpen(login);
    await clearAccountFailures(db, body.username, req.ip);
    message('login.success');
    return startSession(ctx, login.id);
  });

  route(app, ctx, sendLoginAuthCodeEndpoint, async ({ body, lang, req, message }) => {
    const login = await findLogin(db, body.userId);
    // The same answer whether the account is unknown or the phone differs: no hint which accounts exist.
    if (!login || login.status === 2 || !login.mobile || login.mobile !== body.phone)
      throw badRequest('login.phoneMismatch', {}, 'phone');
    await takeHits(db, loginCodeLimits(req.ip, login.mobile), ctx.now());
    message('login.codeSent');
    return sendCode(ctx, sendSystemSms, {
      purpose: 'login',
      subject: login.username,
      phone: login.mobile,
      uuid: body.uuid,
      cusId: login.cus_id,
      lang,
    });
  });

  route(app, ctx, loginBySmsCodeEndpoint, async ({ body, message }) => {
    const login = await findLogin(db, body.username);
    if (!login) throw badRequest('login.badSmsCode', {}, 'code');
    await checkCode(ctx, { purpose: 'login', subject: login.username, uuid: body.uuid, code: body.code });
    assertOpen(login);
    message('login.success');
    return startSession(ctx, login.id);
  });

  // Each code is a real SMS to a number nobody has proven, asked without a login: a solved captcha first (even with
  // CAPTCHA=off), then the budgets of the address, the phone and all clients, counted before anything is sent.
  // Whether epId is taken is not looked at here: the code goes out either way, and epRegist tells only whoever holds it.
  route(app, ctx, sendAuthCodeEndpoint, async ({ body, lang, req, message }) => {
    if (!EP_ID.test(body.epId)) throw badRequest('register.badEpId', {}, 'epId');
    if (!PHONE.test(body.phone)) throw badRequest('login.badPhone', {}, 'phone');
    if (!(await consumeCaptcha(db, body.redomStr, body.code, ctx.now())))
      throw badRequest('login.badCaptcha', {}, 'code');
    await takeHits(db, registerCodeLimits(req.ip, body.phone, ctx.config.registerCodesPerMinute), ctx.now());
    message('login.codeSent');
    return sendCode(ctx, sendSystemSms, {
      purpose: 'register',
      subject: body.epId,
      phone: body.phone,
      uuid: body.uuid,
      cusId: SYSTEM_CUS_ID,
      lang,
    });
  });

  route(app, ctx, epRegistEndpoint, async ({ body, message }) => {
    if (!EP_ID.test(body.epId)) throw badRequest('register.badEpId', {}, 'epId');
    const password = decodePassword(body.password);
    if (!isStrongPassword(password)) throw badRequest('register.weakPassword', {}, 'password');
    if (!PHONE.test(body.phone)) throw badRequest('login.badPhone', {}, 'phone');
    // the code first: only whoever received it learns that the id is taken
    await checkCode(ctx, {
      purpose: 'register',
      subject: body.epId,
      uuid: body.uuid,
      code: body.code,
      phone: body.phone,
    });
    if (await epIdTaken(db, body.epId)) throw badRequest('register.exists', {}, 'epId');
    const hash = await hashPassword(password);
    await createEnterprise(db, { epId: body.epId, epName: body.epName, passwordHash: hash, phone: body.phone });
    message('register.success');
    return { cus_id: body.epId };
  });

  route(app, ctx, getUserInfoEndpoint, async ({ user }) => userInfoOf(db, user));

  route(app, ctx, refreshEndpoint, async ({ user, req, message }) => {
    const now = ctx.now();
    const extended = await extendSession(db, user.tokenHash, new Date(now.getTime() + TOKEN_LIFETIME_S * 1000));
    if (!extended) throw new ApiError(401, 'error.unauthorized');
    message('login.refreshed');
    return { token: bearerOf(req.headers.authorization) ?? '', datetime: now.getTime(), expiresInS: TOKEN_LIFETIME_S };
  });

  route(app, ctx, logoutEndpoint, async ({ user, message }) => {
    await revokeSession(ctx, user.tokenHash);
    message('logout.success');
  });

  route(app, ctx, getTopMenuEndpoint, async ({ user }) => topMenuFor(await grantedProducts(db, user.cus_id)));

  route(app, ctx, getMenuEndpoint, async ({ user, body }) => {
    const granted = await grantedProducts(db, user.cus_id);
    if (!hasArea(body.permCode, granted)) throw forbidden('product.notEnabled');
    return menuFor(MENUS[body.permCode], user.roles, granted);
  });

  route(app, ctx, getListEndpoint, async ({ user, body }) => {
    const rows = await accountsWithProduct(db, readableCusIds(user, 'data'), body.prodType, user.cus_id);
    return rows.map((r) => ({ label: `${r.cus_name} (${r.cus_id})`, value: r.cus_id }));
  });

  route(app, ctx, getChatbotListEndpoint, async ({ user, body }) => {
    if (!visible(user, body.cus_id)) return [];
    const rows = await chatbotsOf(db, body.cus_id);
    return rows.map((r) => ({ label: r.name, value: r.chatbot_id }));
  });
}

const visible = (user: CurrentUser, cusId: string) => canSee(user, cusId, 'data');
