import { z } from 'zod';
import { INDEXED_TEXT_MAX, text } from '../bounds';
import { defineEndpoint, emptyRequest, LONG_TIMEOUT_MS, pageOf, pageRequest } from '../endpoint';
import { feedFields } from '../records.schema';
import { classifyNumber } from '../validation/number.rules';
import { OPT_WORD_MAX, OPT_WORDS_MAX } from '../validation/opt-keywords';

// The enterprise's blacklist as a list people manage: numbers that replied an opt-out keyword, were imported, added by
// hand or after a complaint. Every account of the enterprise shares it; an entry covers the whole enterprise
// (cus_id '') or one account's messages only. Every door (console, SMPP, HTTP) refuses a listed number.

export const BLACKLIST_SOURCES = ['reply', 'import', 'manual', 'complaint'] as const;
export type BlacklistSource = (typeof BLACKLIST_SOURCES)[number];
/** Sources a person may name when adding by hand (a reply is the recipient's own). */
export const MANUAL_SOURCES = ['manual', 'complaint'] as const;
export const BLACKLIST_NOTE_MAX = 200;
/** The change feed the console replicates the list from (FEED_RESOURCES.blacklist). */
export const FEED_BLACKLIST_PATH = '/mobileBlack/pull';
/** Numbers one add or delete takes. */
export const BLACKLIST_BATCH_MAX = 1000;
/** Rows of an import's report the answer carries; the report file holds every row. */
export const IMPORT_REPORT_SHOWN = 1000;
export const BLACKLIST_IMPORT_MAX_ROWS = 100_000;

export const blacklistEntrySchema = z.object({
  /** ep_id:cus_id:mobile, so a console names the row it adds before the platform answers. */
  id: z.string(),
  ep_id: z.string(),
  /** '' when the entry covers the whole enterprise, else the one account whose messages it stops. */
  cus_id: z.string(),
  /** 11 digits for a mainland mobile, else E.164. */
  mobile: z.string(),
  source: z.enum(BLACKLIST_SOURCES),
  created_at: z.number().int(),
  /** the user who added it; null for a keyword reply. */
  created_by: z.string().nullable(),
  note: z.string().nullable(),
});
export type BlacklistEntry = z.infer<typeof blacklistEntrySchema>;
export const blacklistDocSchema = blacklistEntrySchema.extend(feedFields);
export type BlacklistDoc = z.infer<typeof blacklistDocSchema>;

/** The entry id of a number: the same on the platform and in a console that adds it offline. */
export const blacklistId = (epId: string, cusId: string, mobile: string) => `${epId}:${cusId}:${mobile}`;

const number = text(40).trim().min(1, { error: 'v.mobile.required' });

/** A number as the blacklist stores it: 11 digits for a mainland mobile (however written), E.164 for one abroad;
 * null when it is no number. */
export function blacklistNumber(raw: string): string | null {
  const n = classifyNumber(raw);
  return n.kind === 'invalid' ? null : n.kind === 'domestic' ? n.mobile : n.e164;
}

/** The console's add form: one number, checked and stored as the platform stores it. */
export const blacklistFormSchema = z.object({
  mobile: number
    .overwrite((v) => blacklistNumber(v) ?? v)
    .refine((v) => blacklistNumber(v) !== null, { error: 'blacklist.invalidNumberShort' }),
  source: z.enum(['manual', 'complaint']).default('manual'),
  note: z.string().trim().max(200, { error: 'blacklist.noteTooLong' }).optional(),
});
const optNote = text(BLACKLIST_NOTE_MAX).trim().optional();
/** '' or absent: the whole enterprise. */
const entryScope = text(INDEXED_TEXT_MAX).trim().default('');

export const blacklistListEndpoint = defineEndpoint({
  path: '/mobileBlack/list',
  doc: "The enterprise's blacklist, newest first; `mobile` finds numbers starting with the digits typed.",
  request: pageRequest.extend({ mobile: text(40).trim().optional(), source: z.enum(BLACKLIST_SOURCES).optional() }),
  response: pageOf(blacklistEntrySchema),
});

export const blacklistAddEndpoint = defineEndpoint({
  path: '/mobileBlack/add',
  doc: 'Adds numbers to the blacklist; a number already listed for the same scope is counted as a duplicate and left as it is.',
  request: z.object({
    mobiles: z.array(number).min(1, { error: 'v.mobile.required' }).max(BLACKLIST_BATCH_MAX),
    cus_id: entryScope,
    source: z.enum(MANUAL_SOURCES).default('manual'),
    note: optNote,
  }),
  response: z.object({ added: z.array(z.string()), duplicates: z.array(z.string()) }),
});

export const blacklistDeleteEndpoint = defineEndpoint({
  path: '/mobileBlack/delete',
  doc: 'Removes entries by id: the numbers may be sent to again.',
  request: z.object({ ids: z.array(text(INDEXED_TEXT_MAX).trim().min(1)).min(1).max(BLACKLIST_BATCH_MAX) }),
  response: z.object({ deleted: z.number().int() }),
});

export const blacklistImportEndpoint = defineEndpoint({
  path: '/mobileBlack/import',
  timeoutMs: LONG_TIMEOUT_MS,
  doc: 'Adds the numbers of an uploaded xlsx/xls (first column, after a header row); answers each row: added, duplicate or invalid with why.',
  request: z.object({
    fileId: text(INDEXED_TEXT_MAX).trim().min(1, { error: 'v.upload.fileRequired' }),
    cus_id: entryScope,
    note: optNote,
  }),
  response: z.object({
    added: z.number().int(),
    duplicates: z.number().int(),
    invalid: z.number().int(),
    /** the first IMPORT_REPORT_SHOWN rows' outcomes. */
    rows: z.array(
      z.object({
        row: z.number().int(),
        mobile: z.string(),
        result: z.enum(['added', 'duplicate', 'invalid']),
        reason: z.string().nullable(),
      }),
    ),
    /** an xlsx with every row's outcome, read with /file/material. */
    reportFileId: z.string().nullable(),
  }),
});

export const blacklistExportEndpoint = defineEndpoint({
  path: '/mobileBlack/export',
  kind: 'file',
  timeoutMs: LONG_TIMEOUT_MS,
  doc: 'The blacklist as xlsx, with the list filters and no paging.',
  request: z.object({ mobile: text(40).trim().optional(), source: z.enum(BLACKLIST_SOURCES).optional() }),
  response: z.unknown(),
});

export const OPT_SCOPES = ['enterprise', 'account'] as const;
const words = z.array(text(OPT_WORD_MAX).trim().min(1)).max(OPT_WORDS_MAX);
const confirmText = text(500);
export const optOutSettingsSchema = z.object({
  optOutWords: words,
  optInWords: words,
  /** enterprise: an opt-out stops every account's messages; account: only those of the account answered. */
  scope: z.enum(OPT_SCOPES),
  /** send a confirmation (free) when a reply changes the number's state. */
  confirm: z.boolean(),
  confirmOutZh: confirmText,
  confirmOutEn: confirmText,
  confirmInZh: confirmText,
  confirmInEn: confirmText,
});
export type OptOutSettings = z.infer<typeof optOutSettingsSchema>;

/** A keyword list as typed in the settings form: one per line, commas also separate. */
const typedWords = z
  .union([z.string().max(1000, { error: 'blacklist.wordTooLong' }), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : v.split(/[,，、\n]/)).map((w) => w.trim()).filter((w) => w !== ''))
  .pipe(
    z
      .array(z.string().max(OPT_WORD_MAX, { error: 'blacklist.wordTooLong' }))
      .max(OPT_WORDS_MAX, { error: 'blacklist.tooManyWords' }),
  );

/** The console's settings form: the same settings, keyword lists typed as text. */
export const optOutSettingsFormSchema = optOutSettingsSchema
  .extend({ optOutWords: typedWords, optInWords: typedWords })
  .refine((v) => v.optOutWords.length > 0, { path: ['optOutWords'], error: 'blacklist.noOptOutWord' });

export const optOutSettingsGetEndpoint = defineEndpoint({
  path: '/mobileBlack/settings',
  doc: "The enterprise's opt-out and opt-in keywords, scope and confirmation texts (the defaults when never set).",
  request: emptyRequest,
  response: optOutSettingsSchema,
});

export const optOutSettingsModifyEndpoint = defineEndpoint({
  path: '/mobileBlack/settingsModify',
  doc: "Changes the enterprise's opt-out settings; enterprise admins only.",
  request: optOutSettingsSchema,
  response: optOutSettingsSchema,
});
