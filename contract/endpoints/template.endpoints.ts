import { z } from 'zod';
import { isStorableText, text } from '../bounds';
import { defineEndpoint, emptyResponse, LONG_TIMEOUT_MS, pageOf, pageRequest } from '../endpoint';
import {
  contentTemplateSchema,
  cspContentSchema,
  cspTemplateDetailSchema,
  cspTemplateSchema,
  optionSchema,
  videoFrameSchema,
  videoTemplateDetailSchema,
  videoTemplateSchema,
} from '../entities.schema';
import {
  contentTemplateFormSchema,
  contentTemplateModSchema,
  cspTemplateFormSchema,
} from '../validation/template.rules';
import { optInt, optText, timeRange } from './records.endpoints';

// Templates: video (/videoTemplate/*), CSP (/cspTemplate/*) and content (/contentTemplate/*) templates.
// The group sends that use them are in send.endpoints.ts. Lists are scoped like records: a sub-account sees its own.

const templateId = () =>
  z
    .string({ error: 'v.template.idRequired' })
    .max(200)
    .refine(isStorableText, 'v.badText')
    .trim()
    .min(1, { error: 'v.template.idRequired' });

/** A template's send content: what the send form fills in when a template is chosen. */
const videoSendContentSchema = z.object({
  title: z.string(),
  frames: z.array(videoFrameSchema),
  maxPlaceholder: z.number().int(),
});

// --- Video templates ---

export const videoTemplateListEndpoint = defineEndpoint({
  path: '/videoTemplate/list',
  doc: 'status filter: 5 pending (also matches 0), 1 in review, 2 approved, 3 rejected; title is a substring.',
  request: pageRequest.extend({ cus_id: optText, title: optText, status: optInt, ...timeRange }),
  response: pageOf(videoTemplateSchema),
});

export const videoTemplateDelEndpoint = defineEndpoint({
  path: '/videoTemplate/templateDel',
  doc: 'Marks the template deleted (status 4); it stays in lists with that status.',
  request: z.object({ cus_template_id: templateId() }),
  response: emptyResponse,
});

export const getVideoTemplateEndpoint = defineEndpoint({
  path: '/videoTemplate/getVideoTemplate',
  doc: "Approved video templates of an account, for the send form's template selector (value is cus_template_id).",
  request: z.object({ cus_id: text(200).trim().min(1) }),
  response: z.array(optionSchema),
});

export const getVideoTemplateByGateTemplateIdEndpoint = defineEndpoint({
  path: '/videoTemplate/getVideoTemplateByGateTemplateId',
  doc: "Looks a template up by the carrier gateway's id, e.g. from a report; 400 when no visible template has that id.",
  request: z.object({ gate_template_id: templateId() }),
  response: videoTemplateDetailSchema,
});

export const getVideoSendContentEndpoint = defineEndpoint({
  path: '/videoTemplate/getSendContentByCusTemplateId',
  doc: 'Title and frames of a template, and the highest ${pN} placeholder (0: same content for every number).',
  request: z.object({ cus_template_id: templateId() }),
  response: videoSendContentSchema,
});

export const videoTemplateDownloadEndpoint = defineEndpoint({
  path: '/videoTemplate/downloadTemplate',
  kind: 'file',
  timeoutMs: LONG_TIMEOUT_MS,
  doc: 'The xlsx import sheet for a personalised send with this template: columns mobile, p1..pN.',
  request: z.object({ cus_template_id: templateId() }),
  response: z.unknown(),
});

// --- CSP (rich card) templates ---

export const cspTemplateListEndpoint = defineEndpoint({
  path: '/cspTemplate/list',
  doc: 'template_status filter: 0 pending, 1 in review (matches 1-3), 4 approved, 5 rejected.',
  request: pageRequest.extend({
    cus_id: optText,
    chatbot_id: optText,
    template_name: optText,
    template_status: optInt,
    ...timeRange,
  }),
  response: pageOf(cspTemplateSchema),
});

export const cspTemplateAddEndpoint = defineEndpoint({
  path: '/cspTemplate/add',
  timeoutMs: LONG_TIMEOUT_MS,
  doc: "Creates a rich card template for one of the account's chatbots and submits it for review (status 0).",
  request: cspTemplateFormSchema,
  response: z.object({ template_id: z.string() }),
});

export const cspTemplateDelEndpoint = defineEndpoint({
  path: '/cspTemplate/templateDel',
  request: z.object({ template_id: templateId() }),
  response: emptyResponse,
});

export const getCspTemplateEndpoint = defineEndpoint({
  path: '/cspTemplate/getCspTemplate',
  doc: "Approved CSP templates of a chatbot, for the send form's selector (value is template_id).",
  request: z.object({ cus_id: text(200).trim().min(1), chatbot_id: text(200).trim().min(1) }),
  response: z.array(optionSchema),
});

export const getCspTemplateByGateTemplateIdEndpoint = defineEndpoint({
  path: '/cspTemplate/getCspTemplateByGateTemplateId',
  request: z.object({ gate_template_id: templateId() }),
  response: cspTemplateDetailSchema,
});

export const getCspSendContentEndpoint = defineEndpoint({
  path: '/cspTemplate/getSendContentByCusTemplateId',
  doc: 'Cards and fallbacks of a template, for the rich message preview panel and the send form.',
  request: z.object({ template_id: templateId() }),
  response: cspContentSchema.extend({ low_type: z.string(), maxPlaceholder: z.number().int() }),
});

export const cspTemplateDownloadEndpoint = defineEndpoint({
  path: '/cspTemplate/downloadTemplate',
  kind: 'file',
  timeoutMs: LONG_TIMEOUT_MS,
  doc: 'The xlsx import sheet for a personalised send with this template: columns mobile, p1..pN.',
  request: z.object({ template_id: templateId() }),
  response: z.unknown(),
});

// --- Content templates ---

export const contentTemplateListEndpoint = defineEndpoint({
  path: '/contentTemplate/list',
  doc: 'check_status filter offers 0, 2, 3; keyword matches the keyword or the content.',
  request: pageRequest.extend({ cus_id: optText, keyword: optText, check_status: optInt, ...timeRange }),
  response: pageOf(contentTemplateSchema),
});

export const contentTemplateAddEndpoint = defineEndpoint({
  path: '/contentTemplate/contentTemplateAdd',
  doc: 'Submits a content template for review (check_status 0). Variables are written ${p1}, ${p2}…; content with any other ${…} is refused (400 naming it).',
  request: contentTemplateFormSchema,
  response: z.object({ template_id: z.string() }),
});

export const contentTemplateModEndpoint = defineEndpoint({
  path: '/contentTemplate/contentTemplateMod',
  doc: "Changes a template's content and keyword (not in the spec: a rejected template is fixed and sent again). Any state may be changed; the change goes back to review (check_status 0). Content with a ${…} that is not ${p1}, ${p2}… is refused (400 naming it), as on add.",
  request: contentTemplateModSchema,
  response: emptyResponse,
});

export const contentTemplateDeleteEndpoint = defineEndpoint({
  path: '/contentTemplate/contentTemplateDelete',
  request: z.object({ template_id: templateId() }),
  response: emptyResponse,
});
