import { z } from 'zod';
import { defineEndpoint, emptyRequest, emptyResponse, LONG_TIMEOUT_MS } from '../endpoint';
import { text } from '../bounds';
import { optionSchema } from '../entities.schema';
import { PUSH_MODES, REPORT_BATCH_MAX, reportBatchSchema, userIpsSchema } from '../validation/sub-account.rules';
import {
  certificationFormSchema,
  sendMobileCodeFormSchema,
  modifyCusNameFormSchema,
  modifyMobileFormSchema,
  modifyPasswordFormSchema,
  pushUrlRequestSchema,
} from '../validation/personal-settings.rules';
import { videoTemplateFormSchema } from '../validation/template.rules';

// The personal-settings and account calls (login and menus are in user.endpoints.ts, sends in
// send.endpoints.ts). Requests are the forms' validation schemas themselves, so a bad field gets the rule's
// localized 400.
// Passwords here travel as typed (over TLS), unlike login's Base64, so the platform checks the same rules.

export const getBusCtyListEndpoint = defineEndpoint({
  path: '/user/getBusCtyList',
  doc: 'Business types (industry categories) a sub-account can be created with: label is an i18n-free display name.',
  request: emptyRequest,
  response: z.array(optionSchema),
});

export const modifyPasswordEndpoint = defineEndpoint({
  path: '/user/modifyPassword',
  doc: "Changes the caller's login password; a wrong oldPassword answers 400 v.settings.oldPasswordWrong. Every other session of the user ends.",
  request: modifyPasswordFormSchema,
  response: emptyResponse,
});

export const certificationEndpoint = defineEndpoint({
  path: '/user/certification',
  doc: 'Records the real-name certification of the caller (card name, resident ID, phone); answers the stored state.',
  request: certificationFormSchema,
  response: z.object({ certified: z.boolean(), certifyTime: z.number().int() }),
});

export const sendMobileCodeEndpoint = defineEndpoint({
  path: '/user/sendMobileCode',
  doc: 'Sends a 6-digit code to the new mobile (5 minutes valid, resend after 60 s); the record of that SMS masks the code.',
  request: sendMobileCodeFormSchema,
  response: z.object({ resendAfterS: z.number().int() }),
});

export const modifyMobileEndpoint = defineEndpoint({
  path: '/user/modifyMobile',
  doc: 'Changes the mobile on file (used for SMS-code login) once the code sent to it by /user/sendMobileCode matches.',
  request: modifyMobileFormSchema,
  response: emptyResponse,
});

export const modifyCusNameEndpoint = defineEndpoint({
  path: '/user/modifyCusName',
  request: modifyCusNameFormSchema,
  response: emptyResponse,
});

export const pushUrlModifyEndpoint = defineEndpoint({
  path: '/user/pushUrlModify',
  timeoutMs: LONG_TIMEOUT_MS,
  doc: 'Sets the report and uplink push addresses of the caller and switches it to proactive push (spec §9: 600 s).',
  request: pushUrlRequestSchema,
  response: emptyResponse,
});

export const templateAddEndpoint = defineEndpoint({
  path: '/user/templateAdd',
  timeoutMs: LONG_TIMEOUT_MS,
  doc:
    "Creates a video template from uploaded materials (frames' mediaUrl from /file/uploadVideoMaterial) and submits it " +
    'for review; it starts with status 5 (pending). Answers the new cus_template_id.',
  request: videoTemplateFormSchema,
  response: z.object({ cus_template_id: z.string() }),
});

/** Re-entered login password guarding the app secret (viewing it asks for the password again). */
const passwordAgain = z.object({
  password: z
    .string({ error: 'v.settings.oldPasswordRequired' })
    .min(1, { error: 'v.settings.oldPasswordRequired' })
    .max(64)
    .refine((s) => !s.includes('\u0000'), { error: 'v.badText' }),
});

export const getAppsecretEndpoint = defineEndpoint({
  path: '/user/getAppsecret',
  doc: "The caller's API credentials for the HTTP interface: appId (its account id) and appSecret. Needs the login password again; a wrong one answers 400 v.settings.passwordWrong.",
  request: passwordAgain,
  response: z.object({ appId: z.string(), appSecret: z.string() }),
});

export const resetAppsecretEndpoint = defineEndpoint({
  path: '/user/resetAppsecret',
  doc: 'Rotates the app secret (callbacks are signed with the new one from now on) and answers it. Needs the login password again.',
  request: passwordAgain,
  response: z.object({ appId: z.string(), appSecret: z.string() }),
});

export const apiInfoSchema = z.object({
  appId: z.string(),
  cus_name: z.string(),
  hasInterfacePassword: z.boolean(),
  /** comma-separated IPv4 allowlist, '' for any. */
  userIps: z.string(),
  /** 0 the customer pulls, 1 the platform pushes to reportUrl / moUrl. */
  pushMode: z.number().int(),
  reportUrl: z.string(),
  moUrl: z.string(),
  /** delivery reports per callback: 1 each on its own, more in groups (a JSON array) of up to this many. */
  reportBatch: z.number().int().min(1).max(REPORT_BATCH_MAX),
  secretRotatedAt: z.number().int().nullable(),
});
export type ApiInfo = z.infer<typeof apiInfoSchema>;

export const getApiInfoEndpoint = defineEndpoint({
  path: '/user/getApiInfo',
  doc: 'API information page: account id, whether an interface password is set, IP allowlist, push mode and addresses. Never the secrets.',
  request: emptyRequest,
  response: apiInfoSchema,
});

export const modifyApiInfoEndpoint = defineEndpoint({
  path: '/user/modifyApiInfo',
  doc:
    'Sets the IP allowlist, the push mode and how many delivery reports one callback carries (1, the default: each report ' +
    'on its own as an object; 2-100: a JSON array of up to that many). Proactive push (1) needs both push addresses set ' +
    'first (/user/pushUrlModify).',
  request: z.object({
    userIps: userIpsSchema.default(''),
    pushMode: z.union([z.literal(PUSH_MODES.pull), z.literal(PUSH_MODES.push)], {
      error: 'v.subAccount.pushModeRequired',
    }),
    reportBatch: reportBatchSchema.default(1),
  }),
  response: apiInfoSchema,
});

export const modifyInterfacePasswordEndpoint = defineEndpoint({
  path: '/user/modifyInterfacePassword',
  doc: 'Sets the interface password (6-10 characters, stored hashed). Needs the login password again.',
  request: passwordAgain.extend({
    interfacePassword: z
      .string({ error: 'v.subAccount.interfacePasswordRequired' })
      .min(6, { error: 'v.subAccount.passwordLength' })
      .max(10, { error: 'v.subAccount.passwordLength' })
      .refine((s) => !s.includes('\u0000'), { error: 'v.badText' }),
  }),
  response: emptyResponse,
});

export const personalInfoSchema = z.object({
  userName: z.string(),
  name: z.string(),
  mobile: z.string(),
  cus_id: z.string(),
  cus_name: z.string(),
  userType: z.number().int(),
  balance: z.number(),
  certified: z.boolean(),
  cardName: z.string(),
  /** first 3 and last 4 characters only. */
  cardNumberMasked: z.string(),
  certifyTime: z.number().int().nullable(),
});
export type PersonalInfo = z.infer<typeof personalInfoSchema>;

export const getPersonalInfoEndpoint = defineEndpoint({
  path: '/user/getPersonalInfo',
  doc: 'Personal info page (/info/index): the login, its account and certification state.',
  request: emptyRequest,
  response: personalInfoSchema,
});

export const callbackDeliverySchema = z.object({
  id: z.string(),
  cus_id: z.string(),
  /** report: a delivery report; mo: a reply. */
  kind: z.string(),
  ref: z.string(),
  url: z.string(),
  /** 0 pending (retrying), 1 delivered, 2 given up. */
  status: z.number().int(),
  attempts: z.number().int(),
  lastError: z.string(),
  lastStatus: z.number().int().nullable(),
  create_time: z.number().int(),
  deliveredTime: z.number().int().nullable(),
  nextTime: z.number().int().nullable(),
});
export type CallbackDelivery = z.infer<typeof callbackDeliverySchema>;

export const callbackListEndpoint = defineEndpoint({
  path: '/callback/list',
  doc: "Callback deliveries of the caller's accounts, newest first, with status and last error.",
  request: z.object({
    pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(1000).default(20),
    status: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.coerce.number().int().min(0).max(2).optional(),
    ),
    cus_id: z.preprocess((v) => (v === '' || v === null ? undefined : v), text(20).optional()),
  }),
  response: z.object({ total: z.number().int().min(0), data: z.array(callbackDeliverySchema) }),
});

export const integratorApiDocEndpoint = defineEndpoint({
  path: '/apiDoc/integrator',
  method: 'GET',
  auth: 'none',
  doc: "The integrator API's OpenAPI 3.1 document (also served raw at /sms-cloud/openapi/v1/openapi.json).",
  request: emptyRequest,
  response: z.record(z.string(), z.unknown()),
});

export const apiDocEndpoint = defineEndpoint({
  path: '/apiDoc/openapi',
  method: 'GET',
  auth: 'none',
  doc: "The platform's OpenAPI 3.1 document, generated from the contract (also served raw at /sms-service-api/openapi.json).",
  request: emptyRequest,
  response: z.record(z.string(), z.unknown()),
});

export const operatorPatternSchema = z.object({
  /** cmcc China Mobile, cucc China Unicom, ctcc China Telecom, cbn China Broadnet, mvno virtual operators. */
  operator: z.enum(['cmcc', 'cucc', 'ctcc', 'cbn', 'mvno']),
  label: z.string(),
  /** three- or four-digit number prefixes of the operator. */
  prefixes: z.array(z.string().regex(/^1\d{2,3}$/)),
});
export type OperatorPattern = z.infer<typeof operatorPatternSchema>;

export const getOperatorPatternsEndpoint = defineEndpoint({
  path: '/user/getOperatorPatterns',
  doc: "Mobile number prefixes per operator, used to show each number's carrier and operator counts before a send.",
  request: emptyRequest,
  response: z.array(operatorPatternSchema),
});
