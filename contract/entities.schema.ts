import { z } from 'zod';
import { feedFields } from './records.schema';
import { text } from './bounds';
// Entities beyond the replicated records (records.schema.ts) and the user (user.endpoints.ts).
// Times are epoch ms; money is yuan as a number with a preformatted *Str where the spec names one.
// Defined beside their rules or endpoints instead: number-status batch (endpoints/number-check.endpoints.ts), logged
// error (endpoints/log.endpoints.ts), timed message edit (validation/timed-edit.rules.ts).

/** A selector option whose value may be a number (product codes); user.endpoints' labelValueSchema is the string-only one. */
export const optionSchema = z.object({ label: z.string(), value: z.union([z.string(), z.number()]) });
export type Option = z.infer<typeof optionSchema>;

// --- Sub-account (customer) -------------------------------------------------------------------------------------

/** List row. cus_status: 0 closed, 1 open, 2 removed; pay_type: 0 prepaid, 1 postpaid (states.ts). */
export const subAccountSchema = z.object({
  cus_id: z.string(),
  cus_name: z.string(),
  cus_status: z.number().int(),
  pay_type: z.number().int(),
  balance: z.number(),
  /** balance formatted with two decimals, as the list shows it. */
  balanceStr2: z.string(),
  ext_number: z.string(),
  create_time: z.number().int(),
});
export type SubAccount = z.infer<typeof subAccountSchema>;

/** Detail dialog: the creation fields without the passwords. pushMode 0 pull, 1 proactive push. */
export const subAccountDetailSchema = subAccountSchema.extend({
  userIps: z.string(),
  pushMode: z.number().int(),
  reportUrl: z.string(),
  moUrl: z.string(),
  maxConnections: z.number().int(),
  maxSpeed: z.number().int(),
  srcId: z.string(),
  busCty: z.string(),
  /** product lines granted: 0 home, 1 international, 2 video, 6 CSP. */
  prodTypes: z.array(z.number().int()),
});
export type SubAccountDetail = z.infer<typeof subAccountDetailSchema>;

// --- Address book -----------------------------------------------------------------------------------------------

export const addressBookGroupSchema = z.object({
  groupId: z.string(),
  groupName: z.string(),
  remark: z.string(),
  memberCount: z.number().int(),
  create_time: z.number().int(),
  cus_id: z.string(),
});
export type AddressBookGroup = z.infer<typeof addressBookGroupSchema>;

export const addressBookEntrySchema = z.object({
  id: z.string(),
  name: z.string(),
  mobile: z.string(),
  email: z.string(),
  groupId: z.string(),
  groupName: z.string(),
  /** import file extras. */
  jobNumber: z.string(),
  gender: z.enum(['', 'male', 'female']),
  /** YYYY-MM-DD or ''. */
  birthday: z.string(),
  remark: z.string(),
  create_time: z.number().int(),
  cus_id: z.string(),
});
export type AddressBookEntry = z.infer<typeof addressBookEntrySchema>;

// --- Templates --------------------------------------------------------------------------------------------------

/** check_status: 0 pending, 1 non-reviewed template, 2 approved, 3 rejected. */
export const contentTemplateSchema = z.object({
  template_id: z.string(),
  cus_id: z.string(),
  template_content: z.string(),
  check_status: z.number().int(),
  /** the reviewer's reason, mainly for rejections. */
  result_desc: z.string().nullable(),
  check_time: z.number().int().nullable(),
  create_time: z.number().int(),
  /** a short name the customer gives the template; the list searches it. */
  keyword: z.string(),
});
export type ContentTemplate = z.infer<typeof contentTemplateSchema>;

/** A frame of a video message. */
export const videoFrameSchema = z.object({
  mediaType: z.enum(['image', 'video', 'audio', 'text']),
  /** from /file/uploadVideoMaterial; '' for a text-only frame. */
  mediaUrl: text(500),
  textContent: text(1000),
});
export type VideoFrame = z.infer<typeof videoFrameSchema>;

/** status: 5 or 0 pending, 1 in review, 2 approved, 3 rejected, 4 deleted. size in bytes (shown in KB, rounded up). */
export const videoTemplateSchema = z.object({
  cus_template_id: z.string(),
  /** the carrier gateway's id once submitted; null before. */
  gate_template_id: z.string().nullable(),
  templateTypeStr: z.string(),
  title: z.string(),
  template_sign: z.string(),
  remark: z.string(),
  size: z.number().int(),
  status: z.number().int(),
  create_time: z.number().int(),
  update_time: z.number().int(),
  cus_id: z.string(),
});
export type VideoTemplate = z.infer<typeof videoTemplateSchema>;

export const videoTemplateDetailSchema = videoTemplateSchema.extend({ frames: z.array(videoFrameSchema) });
export type VideoTemplateDetail = z.infer<typeof videoTemplateDetailSchema>;

/** A button of a rich card; `url` is opened when it is tapped (none: a reply button). */
export const cardButtonSchema = z.object({ buttonName: text(30), url: text(500).optional() });

/** A card of a 5G rich message carousel. */
export const richCardSchema = z.object({
  cardSeq: z.number().int().min(0).max(100),
  mediaType: z.enum(['image', 'video', 'audio']),
  mediaUrl: text(500),
  cardTitle: text(100),
  textContent: text(1000),
  buttons: z.array(cardButtonSchema).max(4),
});
export type RichCard = z.infer<typeof richCardSchema>;

/** template_status: 0 pending, 1-3 in review, 4 approved, 5 rejected. low_type: comma list of fallbacks (1 SMS, 2 video, 3 read). */
export const cspTemplateSchema = z.object({
  template_id: z.string(),
  gate_template_id: z.string().nullable(),
  template_name: z.string(),
  chatbot_id: z.string(),
  /** the signature shown with the fallback SMS. */
  autograph: z.string(),
  low_type: z.string(),
  template_status: z.number().int(),
  create_time: z.number().int(),
  cus_id: z.string(),
});
export type CspTemplate = z.infer<typeof cspTemplateSchema>;

/** The rich message and its fallbacks, as the preview panel shows them. */
export const cspContentSchema = z.object({
  cards: z.array(richCardSchema),
  /** fallback SMS text (low_type contains 1). */
  smsContent: z.string(),
  /** fallback video message (low_type contains 2): a video template id or its title and frames. */
  videoTitle: z.string(),
  videoFrames: z.array(videoFrameSchema),
  /** fallback reading-message text (low_type contains 3). */
  readContent: z.string(),
});
export type CspContent = z.infer<typeof cspContentSchema>;

export const cspTemplateDetailSchema = cspTemplateSchema.extend(cspContentSchema.shape);
export type CspTemplateDetail = z.infer<typeof cspTemplateDetailSchema>;

// --- Recharge ---------------------------------------------------------------------------------------------------

/** Sub-account recharge row. recharge_type: 0 recharge, 1 automatic refund, 2 price adjustment, 3 other. */
export const rechargeSchema = z.object({
  id: z.string(),
  cus_id: z.string(),
  cus_name: z.string(),
  create_time: z.number().int(),
  recharge_money: z.number(),
  preBalanceStr: z.string(),
  postBalanceStr: z.string(),
  recharge_type: z.number().int(),
  remark: z.string(),
});
export type Recharge = z.infer<typeof rechargeSchema>;

/** Enterprise recharge row: the enterprise's own balance movements. */
export const epRechargeSchema = z.object({
  id: z.string(),
  create_time: z.number().int(),
  recharge_amount: z.number(),
  pre_balance: z.number(),
  post_balance: z.number(),
  recharge_type: z.number().int(),
  remark: z.string(),
});
export type EpRecharge = z.infer<typeof epRechargeSchema>;

// --- Short links, interaction, warnings -------------------------------------------------------------------------

/** click_status: 1 clicked, 2 not clicked; click_time, osystem and browser are null until the first click.
 * decodeMobile and batch_id are '' for a link made with the conversion tool. Replicated (feedFields). */
export const shortLinkRecordSchema = z.object({
  sn: z.string(),
  cus_id: z.string(),
  cus_name: z.string(),
  batch_id: z.string(),
  decodeMobile: z.string(),
  decodeContent: z.string(),
  mtLonglink: z.string(),
  shortLink: z.string(),
  create_time: z.number().int(),
  expire_time: z.number().int().nullable(),
  click_time: z.number().int().nullable(),
  osystem: z.string().nullable(),
  browser: z.string().nullable(),
  click_status: z.number().int(),
  click_count: z.number().int(),
  ...feedFields,
});
export type ShortLinkRecord = z.infer<typeof shortLinkRecordSchema>;

/** One conversation of the interaction screen: the messages exchanged with one mobile. */
export const interactSessionSchema = z.object({
  cus_id: z.string(),
  cus_name: z.string(),
  decodeMobile: z.string(),
  lastContent: z.string(),
  lastTime: z.number().int(),
  /** uplinks newer than the caller's last reply. */
  unreadCount: z.number().int(),
  messageCount: z.number().int(),
  /** the mobile is on the enterprise's blacklist (it replied TD/退订/STOP): a reply would not be sent. */
  unsubscribed: z.boolean(),
});
export type InteractSession = z.infer<typeof interactSessionSchema>;

/** A message of a conversation: mt sent by the account, mo received from the mobile. */
export const interactMessageSchema = z.object({
  sn: z.string(),
  direction: z.enum(['mt', 'mo']),
  content: z.string(),
  time: z.number().int(),
  /** mo only: the sent message this reply answers (decodeWholeContent). */
  replyTo: z.string().nullable(),
  /** mo only: the tag a reply rule gave it ('' when none). */
  tag: z.string(),
});
export type InteractMessage = z.infer<typeof interactMessageSchema>;

/** Balance warning: when the balance falls below warnBalance, an SMS goes to warnMobiles (once per crossing). */
export const balanceWarningSchema = z.object({
  cus_id: z.string(),
  enabled: z.boolean(),
  warnBalance: z.number().min(0),
  /** up to 5 mobiles. */
  warnMobiles: z.array(z.string()),
  lastWarnTime: z.number().int().nullable(),
});
export type BalanceWarning = z.infer<typeof balanceWarningSchema>;

/** An uploaded file, as the upload endpoints answer. */
export const uploadedFileSchema = z.object({
  fileId: z.string(),
  fileName: z.string(),
  size: z.number().int(),
  /** where media can be fetched (material uploads); '' for spreadsheets. */
  url: z.string(),
  /** data rows read from a spreadsheet (header excluded); null for media. */
  rowCount: z.number().int().nullable(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;
