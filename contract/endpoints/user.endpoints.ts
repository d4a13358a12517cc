import { z } from 'zod';
import { coercedInt16, text } from '../bounds';
import { defineEndpoint, emptyRequest, emptyResponse } from '../endpoint';

// The user: login, session, menus and account pickers.

export const captchaEndpoint = defineEndpoint({
  path: '/user/captcha',
  auth: 'none',
  silent: true,
  doc:
    'Issues a single-use 4-character captcha (SVG image) keyed by redomStr; it expires after 5 minutes. ' +
    'required tells whether a password login must carry one (CAPTCHA=off: no, though an account with repeated failures is still asked for one).',
  request: emptyRequest,
  response: z.object({ redomStr: z.string(), image: z.string(), expiresInS: z.number().int(), required: z.boolean() }),
});

export const authUserSchema = z.object({
  cus_id: z.string(),
  userName: z.string(),
  mobile: z.string(),
  /** 1 privileged (enterprise admin), 2 agent, 3 ordinary sub-account. */
  userType: z.number().int(),
  showClientStatus: z.number().int(),
  clientForbidUnknown: z.number().int(),
  showContentFilterWhere: z.number().int(),
  moreType: z.number().int(),
  /** in yuan, two decimals. */
  balance: z.number(),
  lastLoginTime: z.string().nullable(),
  /** IANA zone of the account: the console shows every time in it (absent: the platform's, Asia/Shanghai). */
  timeZone: z.string().max(64).optional(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

export const userInfoSchema = z.object({
  name: z.string(),
  avatar: z.string(),
  roles: z.array(z.string()),
  permission: z.array(z.string()),
  authUser: authUserSchema,
});
export type UserInfo = z.infer<typeof userInfoSchema>;

/** Top-level menu modules: the console's products. */
export const PERM_CODES = ['userCenter', 'homeSms', 'videoSms', 'internationalSms', 'cspSms'] as const;
export const permCodeSchema = z.enum(PERM_CODES);
export type PermCode = z.infer<typeof permCodeSchema>;

export const topMenuItemSchema = z.object({
  permCode: permCodeSchema,
  /** i18n key of the label. */
  label: z.string(),
  icon: z.string(),
  prodType: z.number().int().nullable(),
  prodAccess: z.boolean(),
});
export type TopMenuItem = z.infer<typeof topMenuItemSchema>;

export interface MenuItem {
  id: string;
  /** i18n key of the label, e.g. menu.mtRecordList. */
  label: string;
  path: string;
  icon: string;
  roles?: string[];
  children?: MenuItem[];
}
export const menuItemSchema: z.ZodType<MenuItem> = z
  .lazy(() =>
    z.object({
      id: z.string(),
      label: z.string(),
      path: z.string(),
      icon: z.string(),
      roles: z.array(z.string()).optional(),
      children: z.array(menuItemSchema).optional(),
    }),
  )
  .meta({ id: 'MenuItem', description: 'a menu entry; an entry with children is a folder' });

export const tokenResponse = z.object({
  token: z.string(),
  /** epoch ms when the token was issued; the console stores it beside the token. */
  datetime: z.number().int(),
  expiresInS: z.number().int(),
});
export type TokenResponse = z.infer<typeof tokenResponse>;

/** A login answers the token and what the console's shell opens on: the user, as /user/getUserInfo
 * answers it, the top menu, as /user/getTopMenu does, and the menu of the user centre (the product a new session
 * opens on), as /user/getMenu does. Without them the console asks all three after the login, one round trip later,
 * while the platform also serves the first list. Optional: a session opened from a stored token (and an older
 * platform) still asks. */
export const loginResponse = tokenResponse.extend({
  session: z
    .object({ userInfo: userInfoSchema, topMenu: z.array(topMenuItemSchema), menu: z.array(menuItemSchema) })
    .optional(),
});
export type LoginResponse = z.infer<typeof loginResponse>;

export const loginEndpoint = defineEndpoint({
  path: '/user/login',
  auth: 'none',
  silent: true,
  request: z.object({
    username: text(64, 1).trim(),
    /** Base64 of the UTF-8 password. */
    password: text(256, 1),
    code: text(16).trim(),
    redomStr: text(64),
  }),
  response: loginResponse,
});

export const loginBySmsCodeEndpoint = defineEndpoint({
  path: '/user/loginBySmsCode',
  auth: 'none',
  silent: true,
  request: z.object({
    username: text(64, 1).trim(),
    uuid: text(64, 1),
    code: text(16).trim(),
    redomStr: text(64).optional(),
  }),
  response: loginResponse,
});

export const sendLoginAuthCodeEndpoint = defineEndpoint({
  path: '/user/sendLoginAuthCode',
  auth: 'none',
  silent: true,
  doc: 'Sends a 6-digit login code to the mobile on file for userId; phone must match it. Resend after 60 s.',
  request: z.object({ userId: text(64, 1).trim(), phone: text(32).trim(), uuid: text(64, 1) }),
  response: z.object({ resendAfterS: z.number().int() }),
});

export const sendAuthCodeEndpoint = defineEndpoint({
  path: '/user/sendAuthCode',
  auth: 'none',
  silent: true,
  doc:
    'Sends a 6-digit registration code to phone for a new enterprise epId, once a captcha (redomStr from /user/captcha, code its answer) is solved; ' +
    'the captcha is used up either way. Answers alike whether epId is taken (epRegist tells, after the code). ' +
    'Limited per client address (5 an hour), per phone (1 a minute, 5 a day) and in all (429).',
  request: z.object({
    epId: text(32, 1).trim(),
    phone: text(32).trim(),
    uuid: text(64, 1),
    code: text(16).trim(),
    redomStr: text(64),
  }),
  response: z.object({ resendAfterS: z.number().int() }),
});

export const epRegistEndpoint = defineEndpoint({
  path: '/user/epRegist',
  auth: 'none',
  silent: true,
  request: z.object({
    epId: text(32).trim(),
    epName: text(100, 1).trim(),
    password: text(256, 1),
    phone: text(32).trim(),
    code: text(16).trim(),
    uuid: text(64, 1),
  }),
  response: z.object({ cus_id: z.string() }),
});

export const getUserInfoEndpoint = defineEndpoint({
  path: '/user/getUserInfo',
  request: emptyRequest,
  response: userInfoSchema,
});

export const refreshEndpoint = defineEndpoint({
  path: '/user/refesh',
  doc: 'Extends the current token by the token lifetime and answers it with its new datetime.',
  request: emptyRequest,
  response: tokenResponse,
});

export const logoutEndpoint = defineEndpoint({ path: '/user/logout', request: emptyRequest, response: emptyResponse });

export const getTopMenuEndpoint = defineEndpoint({
  path: '/user/getTopMenu',
  request: emptyRequest,
  response: z.array(topMenuItemSchema),
});

export const getMenuEndpoint = defineEndpoint({
  path: '/user/getMenu',
  request: z.object({ permCode: permCodeSchema.default('userCenter') }),
  response: z.array(menuItemSchema),
});

export const labelValueSchema = z.object({ label: z.string(), value: z.string() });
export type LabelValue = z.infer<typeof labelValueSchema>;

export const getListEndpoint = defineEndpoint({
  path: '/user/getList',
  doc: 'Accounts the caller may send from for a product line (0 home, 1 international, 2 video, 6 CSP).',
  request: z.object({ prodType: coercedInt16() }),
  response: z.array(labelValueSchema),
});

export const getChatbotListEndpoint = defineEndpoint({
  path: '/user/getChatbotList',
  request: z.object({ cus_id: text(64, 1) }),
  response: z.array(labelValueSchema),
});
