import type { FastifyInstance } from 'fastify';
import { createHash } from 'node:crypto';
import {
  callbackListEndpoint,
  certificationEndpoint,
  getApiInfoEndpoint,
  getAppsecretEndpoint,
  getOperatorPatternsEndpoint,
  getPersonalInfoEndpoint,
  modifyApiInfoEndpoint,
  modifyCusNameEndpoint,
  modifyInterfacePasswordEndpoint,
  modifyMobileEndpoint,
  modifyPasswordEndpoint,
  pushUrlModifyEndpoint,
  resetAppsecretEndpoint,
  sendMobileCodeEndpoint,
  type OperatorPattern,
} from '../../contract/endpoints/account.endpoints';
import { OLD_PASSWORD_WRONG } from '../../contract/validation/personal-settings.rules';
import { ms, pageQuery } from './list-page';
import { checkMobileCode, sendMobileCode } from './mobile-code';
import { assertCallbackUrls } from './callback-target';
import { reportBatchOf, shownDeliveryError } from './callbacks';
import { appSecretOf, rotateAppSecret } from './secrets';
import {
  apiInfoRow,
  mergeAccountOptions,
  personalInfoRow,
  saveCertification,
  setCusName,
  setInterfacePassword,
  setMobile,
  setPasswordHash,
} from './user-settings';
import type { CurrentUser } from '../core/current-user';
import { scopeCusIds } from '../auth/scope';
import { hashPassword } from '../auth/password';
import { interfacePasswordHashes } from './interface-password';
import { recheckPassword } from '../auth/password-recheck';
import { revokeUserSessions } from '../auth/session-revoke';
import type { AppContext } from '../core/context';
import type { AccountPorts } from './account-ports';
import { badRequest } from '../http/api-error';
import { route } from '../http/route';
import { Where } from '../lists/list-query';

// Personal settings and API access.

const OPERATOR_PATTERNS: OperatorPattern[] = [
  {
    operator: 'cmcc',
    label: '中国移动',
    prefixes: [
      '134',
      '135',
      '136',
      '137',
      '138',
      '139',
      '147',
      '150',
      '151',
      '152',
      '157',
      '158',
      '159',
      '172',
      '178',
      '182',
      '183',
      '184',
      '187',
      '188',
      '195',
      '197',
      '198',
    ],
  },
  {
    operator: 'cucc',
    label: '中国联通',
    prefixes: ['130', '131', '132', '145', '155', '156', '166', '175', '176', '185', '186', '196'],
  },
  {
    operator: 'ctcc',
    label: '中国电信',
    prefixes: ['133', '149', '153', '173', '177', '180', '181', '189', '190', '191', '193', '199'],
  },
  { operator: 'cbn', label: '中国广电', prefixes: ['192'] },
  { operator: 'mvno', label: '虚拟运营商', prefixes: ['162', '165', '167', '170', '171'] },
];

/** Viewing or changing API secrets asks for the login password again, counted as a login (password-recheck.ts). */
const assertPassword = (ctx: AppContext, user: CurrentUser, address: string, password: string) =>
  recheckPassword(ctx.db, user, address, password, ctx.now(), () =>
    badRequest('v.settings.passwordWrong', {}, 'password'),
  );

async function apiInfo(ctx: AppContext, cusId: string) {
  const a = await apiInfoRow(ctx.db, cusId);
  const o = a?.options ?? {};
  const str = (k: string) => (typeof o[k] === 'string' ? (o[k] as string) : '');
  return {
    appId: cusId,
    cus_name: a?.cus_name ?? '',
    hasInterfacePassword: a?.has_pw === true,
    userIps: str('userIps'),
    pushMode: o.pushMode === 1 ? 1 : 0,
    reportUrl: str('reportUrl'),
    moUrl: str('moUrl'),
    reportBatch: reportBatchOf(o),
    secretRotatedAt: ms(a?.rotated_at ?? null),
  };
}

export function registerUserSettingsRoutes(app: FastifyInstance, ctx: AppContext, ports: AccountPorts): void {
  route(
    app,
    ctx,
    modifyPasswordEndpoint,
    async ({ body, user, req, message }) => {
      await recheckPassword(ctx.db, user, req.ip, body.oldPassword, ctx.now(), () =>
        badRequest(OLD_PASSWORD_WRONG, {}, 'oldPassword'),
      );
      await setPasswordHash(ctx.db, user.id, await hashPassword(body.newPassword));
      // every other session of the user ends; the one that changed the password stays
      await revokeUserSessions(ctx, user.id, user.tokenHash);
      message('settings.passwordChanged');
    },
    { idempotent: true },
  );

  route(
    app,
    ctx,
    certificationEndpoint,
    async ({ body, user, message }) => {
      const now = ctx.now();
      const card = body.cardNumber.toUpperCase();
      const masked = `${card.slice(0, 3)}${'*'.repeat(card.length - 7)}${card.slice(-4)}`;
      // the full number is kept only as a hash: enough to recognise it again, useless if the table leaks
      await saveCertification(ctx.db, user.id, {
        cardName: body.cardName,
        cardNumberMasked: masked,
        cardNumberHash: createHash('sha256').update(card).digest('hex'),
        phone: body.phone,
        certifiedAt: now,
      });
      message('settings.certified');
      return { certified: true, certifyTime: now.getTime() };
    },
    { idempotent: true },
  );

  route(app, ctx, sendMobileCodeEndpoint, async ({ body, user, lang, message }) => {
    const out = await sendMobileCode(ctx, ports, user, body.mobile, body.uuid, lang);
    message('settings.codeSent');
    return out;
  });

  route(
    app,
    ctx,
    modifyMobileEndpoint,
    async ({ body, user, message }) => {
      await checkMobileCode(ctx, user.id, body.mobile, body.uuid, body.code);
      await setMobile(ctx.db, user.id, body.mobile);
      message('settings.mobileChanged');
    },
    { idempotent: true },
  );

  route(
    app,
    ctx,
    modifyCusNameEndpoint,
    async ({ body, user, message }) => {
      await setCusName(ctx.db, user.cus_id, body.cus_name);
      message('common.updated');
    },
    { idempotent: true },
  );

  route(
    app,
    ctx,
    pushUrlModifyEndpoint,
    async ({ body, user, message }) => {
      assertCallbackUrls(ctx.config.callbackAllowPrivate, body);
      await mergeAccountOptions(ctx.db, user.cus_id, { reportUrl: body.reportUrl, moUrl: body.moUrl, pushMode: 1 });
      message('common.updated');
    },
    { idempotent: true },
  );

  route(app, ctx, getAppsecretEndpoint, async ({ body, user, req }) => {
    await assertPassword(ctx, user, req.ip, body.password);
    return { appId: user.cus_id, appSecret: (await appSecretOf(ctx.db, user.cus_id)).secret };
  });

  route(app, ctx, resetAppsecretEndpoint, async ({ body, user, message, req }) => {
    await assertPassword(ctx, user, req.ip, body.password);
    const appSecret = await rotateAppSecret(ctx.db, user.cus_id, ctx.now());
    message('settings.secretRotated');
    return { appId: user.cus_id, appSecret };
  });

  route(app, ctx, getApiInfoEndpoint, async ({ user }) => apiInfo(ctx, user.cus_id));

  route(
    app,
    ctx,
    modifyApiInfoEndpoint,
    async ({ body, user, message }) => {
      const current = await apiInfo(ctx, user.cus_id);
      if (body.pushMode === 1 && (!current.reportUrl || !current.moUrl))
        throw badRequest('settings.pushNeedsUrls', {}, 'pushMode');
      // addresses saved before they were checked, or under a configuration that allowed private ones, are not switched on
      if (body.pushMode === 1) assertCallbackUrls(ctx.config.callbackAllowPrivate, current);
      await mergeAccountOptions(ctx.db, user.cus_id, {
        userIps: body.userIps,
        pushMode: body.pushMode,
        reportBatch: body.reportBatch,
      });
      message('common.updated');
      return apiInfo(ctx, user.cus_id);
    },
    { idempotent: true },
  );

  route(app, ctx, modifyInterfacePasswordEndpoint, async ({ body, user, message, req }) => {
    await assertPassword(ctx, user, req.ip, body.password);
    await appSecretOf(ctx.db, user.cus_id);
    const hashes = await interfacePasswordHashes(body.interfacePassword);
    await setInterfacePassword(ctx.db, user.cus_id, hashes);
    message('common.updated');
  });

  route(app, ctx, getOperatorPatternsEndpoint, async () => OPERATOR_PATTERNS);

  route(app, ctx, getPersonalInfoEndpoint, async ({ user }) => {
    const u = await personalInfoRow(ctx.db, user.id);
    return {
      userName: u.username,
      name: u.name,
      mobile: u.mobile,
      cus_id: user.cus_id,
      cus_name: u.cus_name,
      userType: user.userType,
      balance: Number(u.balance),
      certified: u.certified_at !== null,
      cardName: u.card_name ?? '',
      cardNumberMasked: u.card_number_masked ?? '',
      certifyTime: ms(u.certified_at),
    };
  });

  route(app, ctx, callbackListEndpoint, async ({ body, user, lang }) => {
    const w = new Where();
    const scope = scopeCusIds(user, body.cus_id);
    w.add(`d.cus_id = any(${w.bind(scope)}::text[])`);
    if (body.status !== undefined) w.add(`d.status = ${w.bind(body.status)}`);
    const page = await pageQuery<{
      id: string;
      cus_id: string;
      kind: string;
      ref: string;
      url: string;
      status: number;
      attempts: number;
      last_error: string | null;
      last_status: number | null;
      created_at: Date;
      delivered_at: Date | null;
      next_at: Date;
    }>(ctx.db, {
      from: 'callback_deliveries d',
      select:
        'd.id::text as id, d.cus_id, d.kind, d.ref, d.url, d.status, d.attempts, d.last_error, d.last_status, d.created_at, d.delivered_at, d.next_at',
      where: w,
      order: 'd.id desc',
      ...body,
    });
    return {
      total: page.total,
      data: page.rows.map((d) => ({
        id: d.id,
        cus_id: d.cus_id,
        kind: d.kind,
        ref: d.ref,
        url: d.url,
        status: Number(d.status),
        attempts: Number(d.attempts),
        lastError: shownDeliveryError(lang, d.last_error, d.last_status === null ? null : Number(d.last_status)),
        lastStatus: d.last_status === null ? null : Number(d.last_status),
        create_time: ms(d.created_at) ?? 0,
        deliveredTime: ms(d.delivered_at),
        nextTime: Number(d.status) === 0 ? ms(d.next_at) : null,
      })),
    };
  });
}
