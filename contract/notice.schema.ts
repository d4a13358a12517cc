import { z } from 'zod';
import { isStorableText } from './bounds';
import { feedFields } from './records.schema';

// Notices: what happened on an account that its users should hear of. The platform stores a kind and bounded
// parameters, never a worded text or markup; the console words each kind in the reader's language and shows the
// parameters as plain text.

export const NOTICE_KINDS = [
  'templateApproved',
  'templateRejected',
  'balanceLow',
  'batchFinished',
  'batchFailed',
  'timedReleased',
  'recharged',
  'subAccountCreated',
  'subAccountModified',
  'subAccountClosed',
  'subAccountOpened',
  'carrierOut',
  'carrierBack',
  /** an account's messages today reached 80 % of its daily cap (params cap, used, left). */
  'dailyCapNear',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** At most this many parameters, each value at most NOTICE_PARAM_MAX characters. */
export const NOTICE_PARAMS_MAX = 8;
export const NOTICE_PARAM_MAX = 200;
export const NOTICE_LINK_MAX = 200;
/** A notice id is a ULID. */
export const NOTICE_ID = /^[0-9A-HJKMNP-TV-Z]{26}$/;

export const noticeParamsSchema = z
  .record(
    z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,31}$/),
    z.union([z.string().max(NOTICE_PARAM_MAX).refine(isStorableText), z.number().finite()]),
  )
  .refine((p) => Object.keys(p).length <= NOTICE_PARAMS_MAX);
export type NoticeParams = z.infer<typeof noticeParamsSchema>;

/** A path of the console (under its base path), optionally with a query of plain parameters: never another site
 * and never a script URL, whatever a parameter holds. */
export const noticeLinkSchema = z
  .string()
  .max(NOTICE_LINK_MAX)
  .regex(/^\/(?!\/)[A-Za-z0-9/_-]*(\?[A-Za-z0-9_.=&-]*)?$/);

/** A notice as lists and the change feed carry it; times in epoch ms. */
export const noticeSchema = z.object({
  id: z.string().regex(NOTICE_ID),
  cus_id: z.string(),
  kind: z.enum(NOTICE_KINDS),
  params: noticeParamsSchema,
  link: noticeLinkSchema,
  created_at: z.number().int(),
  read_at: z.number().int().nullable(),
});
export type Notice = z.infer<typeof noticeSchema>;

/** The replicated document: `unread` (1 or 0) lets the local database count unread notices from an index. */
export const noticeDocSchema = noticeSchema.extend({ unread: z.number().int().min(0).max(1), ...feedFields });
export type NoticeDoc = z.infer<typeof noticeDocSchema>;
