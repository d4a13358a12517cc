import { z } from 'zod';
import { defineEndpoint, emptyRequest, emptyResponse, LONG_TIMEOUT_MS } from '../endpoint';
import { optionSchema } from '../entities.schema';
import {
  certificationFormSchema,
  modifyCusNameFormSchema,
  modifyMobileFormSchema,
  modifyPasswordFormSchema,
  pushUrlFormSchema,
} from '../validation/personal-settings.rules';
import { videoTemplateFormSchema } from '../validation/template.rules';

// Spec §7 "User": the personal-settings and account calls (login and menus are in user.endpoints.ts, sends in
// send.endpoints.ts). Requests are the §5 form schemas themselves, so a bad field gets the rule's localized 400.
// Passwords here travel as typed (over TLS), unlike login's Base64, so the platform checks the same rules.

export const getBusCtyListEndpoint = defineEndpoint({
  path: '/user/getBusCtyList',
  doc: 'Business types (industry categories) a sub-account can be created with: label is an i18n-free display name.',
  request: emptyRequest,
  response: z.array(optionSchema),
});

export const modifyPasswordEndpoint = defineEndpoint({
  path: '/user/modifyPassword',
  doc: 'Changes the caller\'s login password; a wrong oldPassword answers 400 v.settings.oldPasswordWrong. Other sessions stay valid.',
  request: modifyPasswordFormSchema,
  response: emptyResponse,
});

export const certificationEndpoint = defineEndpoint({
  path: '/user/certification',
  doc: 'Records the real-name certification of the caller (card name, resident ID, phone); answers the stored state.',
  request: certificationFormSchema,
  response: z.object({ certified: z.boolean(), certifyTime: z.number().int() }),
});

export const modifyMobileEndpoint = defineEndpoint({
  path: '/user/modifyMobile',
  doc: 'Changes the mobile on file (used for SMS-code login and balance warnings).',
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
  request: pushUrlFormSchema,
  response: emptyResponse,
});

export const templateAddEndpoint = defineEndpoint({
  path: '/user/templateAdd',
  timeoutMs: LONG_TIMEOUT_MS,
  doc:
    'Creates a video template from uploaded materials (frames\' mediaUrl from /file/uploadVideoMaterial) and submits it ' +
    'for review; it starts with status 5 (pending). Answers the new cus_template_id.',
  request: videoTemplateFormSchema,
  response: z.object({ cus_template_id: z.string() }),
});

export const getAppsecretEndpoint = defineEndpoint({
  path: '/user/getAppsecret',
  doc: 'The caller\'s API credentials for the HTTP interface: appId (its account id) and appSecret.',
  request: emptyRequest,
  response: z.object({ appId: z.string(), appSecret: z.string() }),
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
  doc: 'Mobile number prefixes per operator, used to show each number\'s carrier and operator counts before a send.',
  request: emptyRequest,
  response: z.array(operatorPatternSchema),
});
