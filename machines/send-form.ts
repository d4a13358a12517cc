import type { SendResult } from '../contract/endpoints/send.endpoints';
import type { PriceRow, SendAccount } from '../contract/endpoints/price.endpoints';
import type { LabelValue } from '../contract/endpoints/user.endpoints';
import type { z } from 'zod';
import type { getCspSendContentEndpoint } from '../contract/endpoints/template.endpoints';
import type { MessageParams } from '../contract/messages';
import {
  cleanedList,
  withoutCountries,
  type NumberCheck,
  type NumberMode,
} from '../contract/validation/send-numbers.rules';
import type { SendReference } from '../sync/store/send-reference';
import {
  emptyDraft,
  SEND_KINDS,
  sendableAccounts,
  type BlacklistReading,
  type SendDraft,
  type SendKind,
  type SendKindConfig,
  type SendQuote,
} from './send-kinds';
import type { PersonalContents, SheetInfo } from './send-personalize';
import { mergeSources, NO_SOURCES, withPasted, type NumberSources } from './send-sources';

// The send form's context and events: the draft and where its numbers come from, the accounts and choices it offers,
// the one-to-one sheet and mapping, and the pure steps the editing state takes on them.

/** A card template's cards and fallbacks, as the send form reads them. */
export type SendCard = z.infer<typeof getCspSendContentEndpoint.response>;

export interface SendMachineInput {
  kind: SendKind;
  prices?: PriceRow[];
  account?: SendAccount | null;
  online?: boolean;
  /** where the platform's short links live (link sends are priced with one). */
  linkBase?: string;
  now?: () => number;
  /** where a scheduled time is read while no account (with its own zone) is chosen: the browser's. */
  timeZone?: string;
}

/** Lists the form offers to choose from, read for the chosen account. */
export interface SendChoices {
  /** approved content templates, to start a message from. */
  contentTemplates: LabelValue[];
  /** the chatbot's card templates. */
  cardTemplates: LabelValue[];
  /** the chosen card template's content, previewed and filling the fallback. */
  card: SendCard | null;
  /** why a template list could not be read: said instead of an empty list. */
  error: string | null;
}
export const NO_CHOICES: SendChoices = { contentTemplates: [], cardTemplates: [], card: null, error: null };

export interface SendContext {
  cfg: SendKindConfig;
  draft: SendDraft;
  /** where draft.mobiles came from; draft.mobiles is their merged list. */
  sources: NumberSources;
  prices: PriceRow[];
  account: SendAccount | null;
  /** the price list and the accounts' zones and balances; null until read (or when never kept). */
  reference: SendReference | null;
  /** the product line's accounts. */
  listed: LabelValue[];
  choices: SendChoices;
  /** one-to-one: the uploaded sheet, its number column and the ${pN} → column choices over the default mapping. */
  sheet: SheetInfo | null;
  mobileColumn: number;
  mapping: Record<string, number>;
  /** the messages are being filled from the sheet; the send waits for them. */
  personalizing: boolean;
  online: boolean;
  linkBase: string;
  now: () => number;
  timeZone: string;
  /** the count of `checkedMobiles`: live while editing, then the check step's. */
  check: NumberCheck | null;
  /** the numbers `check` counted; differs from draft.mobiles while a newer list waits to be counted. */
  checkedMobiles: string | null;
  /** how far the count under way is. */
  progress: { done: number; total: number } | null;
  quote: SendQuote | null;
  /** message key of why the send may not go, shown by the form. */
  problem: string | null;
  /** what that message names (minutes, placeholders, countries). */
  problemParams: MessageParams;
  /** the checked send's scheduled instant; null sends now. */
  timing: number | null;
  eventId: string | null;
  /** yuan taken off the displayed balance for the send in flight. */
  deducted: number;
  result: SendResult | null;
  /** the platform's message on a rejection. */
  error: string | null;
  /** what the check step learnt of the account's blacklist, for the numbers and account it was asked about. */
  blacklist: BlacklistReading | null;
}

export type SendEvent =
  /** `immediate`: the numbers were read whole (file, groups, sheet) rather than typed, so they are counted at once. */
  | { type: 'send.update'; patch: Partial<SendDraft>; immediate?: boolean }
  /** the number sources changed: a file's column or the groups' members are counted at once, typing after a pause. */
  | { type: 'send.sources'; sources: NumberSources }
  | { type: 'send.account'; account: SendAccount | null; cus_id: string }
  | { type: 'send.prices'; prices: PriceRow[] }
  | { type: 'send.reference'; reference: SendReference | null }
  | { type: 'send.accounts'; options: LabelValue[] }
  | { type: 'send.contentTemplates'; options: LabelValue[] }
  | { type: 'send.cardTemplates'; options: LabelValue[] }
  | { type: 'send.card'; card: SendCard | null }
  | { type: 'send.choiceError'; message: string }
  | { type: 'send.sheet'; sheet: SheetInfo }
  | { type: 'send.mobileColumn'; column: number }
  | { type: 'send.mapping'; placeholder: string; column: number }
  /** the pause after a sheet, mapping or content change is over: fill the messages. */
  | { type: 'send.personalize' }
  | { type: 'xstate.done.actor.personalizer'; output: PersonalContents }
  | { type: 'xstate.error.actor.personalizer'; error: unknown }
  | { type: 'send.progress'; done: number; total: number }
  | { type: 'send.online' }
  | { type: 'send.offline' }
  | { type: 'send.check' }
  | { type: 'send.removeInvalid' }
  | { type: 'send.removeUnpriced' }
  | { type: 'send.confirm' }
  | { type: 'send.cancel' }
  | { type: 'send.edit' }
  | { type: 'send.new' };

export interface SendCommand {
  /** event log type, e.g. 'send.group'. */
  type: string;
  /** the endpoint's request body. */
  body: Record<string, unknown>;
  /** shown in Activity and counted by the records list while queued. */
  summary: { kind: SendKind; count: number; cost: number; timing: number | null };
}

export interface CheckInput {
  mode: NumberMode;
  text: string;
  /** told how far the count is, for the progress shown under the numbers. */
  onProgress?: (done: number, total: number) => void;
}

/** How long typing must pause before the numbers are counted: a count per keystroke of a 100,000-number list would
 * keep the worker busy with lists already replaced. */
export const COUNT_DELAY_MS = 250;

export function initialContext(input: SendMachineInput): SendContext {
  return {
    cfg: SEND_KINDS[input.kind],
    draft: emptyDraft(input.account?.cus_id ?? ''),
    sources: NO_SOURCES,
    prices: input.prices ?? [],
    account: input.account ?? null,
    reference: null,
    listed: [],
    choices: NO_CHOICES,
    sheet: null,
    mobileColumn: 0,
    mapping: {},
    personalizing: false,
    online: input.online ?? true,
    linkBase: input.linkBase ?? '',
    now: input.now ?? Date.now,
    timeZone: input.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    check: null,
    checkedMobiles: null,
    progress: null,
    quote: null,
    problem: null,
    problemParams: {},
    timing: null,
    eventId: null,
    deducted: 0,
    result: null,
    error: null,
    blacklist: null,
  };
}

/** A new send on the same account: the form's lists and sources stay. */
export const resetSend = (context: SendContext): Partial<SendContext> => ({
  draft: emptyDraft(context.draft.cus_id),
  check: null,
  checkedMobiles: null,
  quote: null,
  problem: null,
  problemParams: {},
  timing: null,
  eventId: null,
  deducted: 0,
  result: null,
  error: null,
  blacklist: null,
});

/** The accounts a send may be made from. */
export const accountOptions = (context: Pick<SendContext, 'listed' | 'reference'>) =>
  sendableAccounts(context.listed, context.reference?.accounts ?? []);

/** The account shown as chosen: the draft's, else the first offered. */
export const chosenAccountId = (context: Pick<SendContext, 'draft' | 'listed' | 'reference'>) =>
  context.draft.cus_id || accountOptions(context)[0]?.value || '';

/** Once the reference is read, the shown account becomes the draft's, with its zone and balance. */
export function settledAccount(context: SendContext): Partial<SendContext> {
  const cusId = chosenAccountId(context);
  if (!cusId || !context.reference) return {};
  if (context.draft.cus_id === cusId && context.account?.cus_id === cusId) return {};
  return {
    account: context.reference.accounts.find((a) => a.cus_id === cusId) ?? null,
    draft: { ...context.draft, cus_id: cusId },
    problem: null,
  };
}

/** The count is of the numbers as they are now. */
export const counted = (context: SendContext) =>
  context.check !== null && context.checkedMobiles === context.draft.mobiles;

/** The numbers a `send.update` changes the list to, or null when it leaves them as they are. */
export const newMobiles = ({ context, event }: { context: SendContext; event: SendEvent }): string | null =>
  event.type === 'send.update' && event.patch.mobiles !== undefined && event.patch.mobiles !== context.draft.mobiles
    ? event.patch.mobiles
    : null;

/** The `send.update` of changed sources: typed numbers wait for a pause, a file's column or groups' members do not. */
export const sourcesUpdate = (
  context: SendContext,
  sources: NumberSources,
): Extract<SendEvent, { type: 'send.update' }> => ({
  type: 'send.update',
  patch: { mobiles: mergeSources(sources) },
  immediate: sources.file !== context.sources.file || sources.groups !== context.sources.groups,
});

/** The list without the invalid and repeated numbers of its count; the sources become that list, pasted. */
export function removeInvalid(context: SendContext): Partial<SendContext> {
  const mobiles = cleanedList(context.check!);
  return {
    draft: { ...context.draft, mobiles },
    check: { ...context.check!, invalid: [], repeatCount: 0 },
    checkedMobiles: mobiles,
    sources: mobiles !== context.draft.mobiles ? withPasted(NO_SOURCES, mobiles) : context.sources,
  };
}

/** The list without the numbers whose countries the account has no price for. */
export function removeUnpriced(context: SendContext): Partial<SendContext> {
  const check = withoutCountries(context.check!, new Set(context.quote!.unpriced.map((u) => u.country)));
  const mobiles = cleanedList(check);
  return {
    draft: { ...context.draft, mobiles },
    sources: withPasted(NO_SOURCES, mobiles),
    check: { ...check, invalid: [], repeatCount: 0 },
    checkedMobiles: mobiles,
    quote: null,
    problem: null,
    problemParams: {},
  };
}

/** A chosen card template fills the fallback type, and the fallback text unless one is written. */
export const cardPatch = (context: SendContext, card: SendCard): Partial<SendDraft> => ({
  low_type: card.low_type,
  ...(context.draft.content ? {} : { content: card.smsContent }),
});
