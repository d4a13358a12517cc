import { z } from 'zod';
import { isStorableText } from '../bounds';
import { richCardSchema, videoFrameSchema } from '../entities.schema';
import { parseLowType } from '../states';
import { checkPlaceholders } from './template-placeholders';

// Template submissions (content, video, CSP). The spec leaves these rules "not shown"; these are the limits a
// carrier review accepts: a title or name, at least one frame or card, and the fallback content low_type promises.

const accountId = z
  .string({ error: 'v.template.accountRequired' })
  .trim()
  .min(1, { error: 'v.template.accountRequired' })
  .max(200)
  .refine(isStorableText, 'v.badText');
/** free text of a template part: bounded, storable. */
const part = (max: number) => z.string().trim().max(max).refine(isStorableText, 'v.badText');

export const contentTemplateFormSchema = z.object({
  cus_id: accountId,
  template_content: z
    .string({ error: 'v.template.contentRequired' })
    .trim()
    .min(1, { error: 'v.template.contentRequired' })
    .max(1000, { error: 'v.template.contentTooLong' })
    .refine(isStorableText, 'v.badText')
    .superRefine(checkPlaceholders),
  keyword: z
    .string()
    .trim()
    .max(30, { error: 'v.template.keywordTooLong' })
    .refine(isStorableText, 'v.badText')
    .default(''),
});
export type ContentTemplateForm = z.infer<typeof contentTemplateFormSchema>;

/** A content template changed: its text and keyword; the account stays the template's own. */
export const contentTemplateModSchema = contentTemplateFormSchema.omit({ cus_id: true }).extend({
  template_id: z
    .string({ error: 'v.template.idRequired' })
    .trim()
    .min(1, { error: 'v.template.idRequired' })
    .max(200)
    .refine(isStorableText, 'v.badText'),
});
export type ContentTemplateMod = z.infer<typeof contentTemplateModSchema>;

/** The frames of a video message: each frame but a text one carries its uploaded material. The issue sits on the
 * frame's mediaUrl, so the form shows it at that frame and the platform's refusal names it ({n}: its number). */
const videoFrames = z.array(videoFrameSchema).superRefine((frames, ctx) => {
  frames.forEach((f, i) => {
    if (f.mediaType !== 'text' && !f.mediaUrl.trim())
      ctx.addIssue({ code: 'custom', path: [i, 'mediaUrl'], message: 'v.template.frameMaterialRequired' });
  });
});

export const videoTemplateFormSchema = z.object({
  cus_id: accountId,
  title: z
    .string({ error: 'v.template.titleRequired' })
    .trim()
    .min(1, { error: 'v.template.titleRequired' })
    .max(100, { error: 'v.template.titleTooLong' })
    .refine(isStorableText, 'v.badText'),
  template_sign: z
    .string()
    .trim()
    .max(20, { error: 'v.template.signTooLong' })
    .refine(isStorableText, 'v.badText')
    .default(''),
  remark: part(200).default(''),
  frames: videoFrames.min(1, { error: 'v.template.framesRequired' }).max(20, { error: 'v.template.tooManyFrames' }),
});
export type VideoTemplateForm = z.infer<typeof videoTemplateFormSchema>;

export const cspTemplateFormSchema = z
  .object({
    cus_id: accountId,
    chatbot_id: z
      .string({ error: 'v.template.chatbotRequired' })
      .trim()
      .min(1, { error: 'v.template.chatbotRequired' })
      .max(200)
      .refine(isStorableText, 'v.badText'),
    template_name: z
      .string({ error: 'v.template.nameRequired' })
      .trim()
      .min(1, { error: 'v.template.nameRequired' })
      .max(100, { error: 'v.template.titleTooLong' })
      .refine(isStorableText, 'v.badText'),
    autograph: z
      .string()
      .trim()
      .max(20, { error: 'v.template.signTooLong' })
      .refine(isStorableText, 'v.badText')
      .default(''),
    /** fallback codes, e.g. "1,2"; '' for none. */
    low_type: z
      .string()
      .trim()
      .max(10)
      .regex(/^([123](,[123])*)?$/, { error: 'v.template.lowTypeInvalid' })
      .default(''),
    cards: z
      .array(richCardSchema)
      .min(1, { error: 'v.template.cardsRequired' })
      .max(15, { error: 'v.template.tooManyCards' }),
    smsContent: part(1000).default(''),
    videoTitle: part(100).default(''),
    videoFrames: videoFrames.max(20, { error: 'v.template.tooManyFrames' }).default([]),
    readContent: part(1000).default(''),
  })
  .superRefine((v, ctx) => {
    const fallbacks = parseLowType(v.low_type);
    if (fallbacks.includes(1) && !v.smsContent)
      ctx.addIssue({ code: 'custom', path: ['smsContent'], message: 'v.template.smsFallbackRequired' });
    if (fallbacks.includes(2) && (!v.videoTitle || v.videoFrames.length === 0))
      ctx.addIssue({ code: 'custom', path: ['videoFrames'], message: 'v.template.videoFallbackRequired' });
    if (fallbacks.includes(3) && !v.readContent)
      ctx.addIssue({ code: 'custom', path: ['readContent'], message: 'v.template.readFallbackRequired' });
  });
export type CspTemplateForm = z.infer<typeof cspTemplateFormSchema>;
