import { SCHEDULE_MIN_AHEAD_MS } from '../contract/constants';
import type { ContentCategory } from '../contract/endpoints/send-policy.endpoints';
import type { LabelValue } from '../contract/endpoints/user.endpoints';
import type { MessageParams } from '../contract/messages';
import type { PriceRow, SendAccount } from '../contract/endpoints/price.endpoints';
import { countSegments, type SegmentCount } from '../contract/segments';
import { isSenderId } from '../contract/validation/sender.rules';
import type { NumberCheck, NumberMode } from '../contract/validation/send-numbers.rules';
import {
  invalidPlaceholders,
  namedPlaceholders,
  PLACEHOLDER_INVALID,
  unfilledPlaceholders,
} from '../contract/validation/template-placeholders';
import { webLinkProblem } from '../contract/web-link';
import { epochOfWallClock } from '../contract/time-zone';

// The send kinds as data: each is a configuration of the one send machine (which command it records,
// which numbers it takes, how it is priced and what it needs before it may go). Pure functions, no I/O.

export type SendKind = 'domestic' | 'oneToOne' | 'link' | 'taoke' | 'international' | 'video' | 'card';

export interface SendKindConfig {
  kind: SendKind;
  /** product line (0 domestic, 1 international, 2 video, 6 card) for the account selector and the price list. */
  prodType: 0 | 1 | 2 | 6;
  /** event log command (sync/commands/outbox.ts COMMANDS). */
  command: string;
  numbers: NumberMode;
  /** billed per segment (domestic, international) or per message (video, CSP). */
  perSegment: boolean;
}

export const SEND_KINDS: Record<SendKind, SendKindConfig> = {
  domestic: { kind: 'domestic', prodType: 0, command: 'send.group', numbers: 'domestic', perSegment: true },
  oneToOne: { kind: 'oneToOne', prodType: 0, command: 'send.group', numbers: 'domestic', perSegment: true },
  link: { kind: 'link', prodType: 0, command: 'send.link', numbers: 'domestic', perSegment: true },
  taoke: { kind: 'taoke', prodType: 0, command: 'send.taoke', numbers: 'domestic', perSegment: true },
  international: {
    kind: 'international',
    prodType: 1,
    command: 'send.international',
    numbers: 'international',
    perSegment: true,
  },
  video: { kind: 'video', prodType: 2, command: 'send.video', numbers: 'domestic', perSegment: false },
  card: { kind: 'card', prodType: 6, command: 'send.card', numbers: 'domestic', perSegment: false },
};

export interface VideoFrame {
  mediaType: 'image' | 'video' | 'audio' | 'text';
  mediaUrl: string;
  textContent: string;
}

/** The form as the user fills it. `mobiles` is the merged number list (pasted text, file column, address-book groups). */
export interface SendDraft {
  cus_id: string;
  content: string;
  mobiles: string;
  /** one-to-one: one message per number, from the sheet and the column mapping. */
  contents?: Array<{ mobile: string; content: string }>;
  long_link?: string;
  product_link?: string;
  sender_id?: string;
  title?: string;
  frames?: VideoFrame[];
  cus_template_id?: string;
  chatbot_id?: string;
  template_id?: string;
  template_name?: string;
  /** fallback type (low_type) of a card send: '1' SMS, '2' video, '3' reading message; '' none. */
  low_type?: string;
  /** what the send is for (the send policy's caps, opt-out text and quiet hours); absent: a notification. */
  category?: ContentCategory;
  /** 定时发送 ticked: the send waits for `timingText`, and may not go while that is empty or not a real time. */
  scheduled: boolean;
  /** the scheduled time as typed, 'YYYY-MM-DD HH:mm' in the account's time zone. */
  timingText: string;
}

export const emptyDraft = (cus_id = ''): SendDraft => ({
  cus_id,
  content: '',
  mobiles: '',
  scheduled: false,
  timingText: '',
});

/** When a draft goes: `at` null sends now; a ticked schedule without a real time has no instant and says why. */
export interface ScheduleReading {
  at: number | null;
  problem: 'send.timingRequired' | 'send.timingInvalid' | null;
}

export function scheduleOf(draft: Pick<SendDraft, 'scheduled' | 'timingText'>, timeZone: string): ScheduleReading {
  if (!draft.scheduled) return { at: null, problem: null };
  if (draft.timingText.trim() === '') return { at: null, problem: 'send.timingRequired' };
  const at = epochOfWallClock(draft.timingText, timeZone);
  return at === null ? { at: null, problem: 'send.timingInvalid' } : { at, problem: null };
}

/** What a send will cost, before it is made. */
export interface SendQuote {
  /** billing segments of one message (the largest, for one-to-one). */
  segments: number;
  count: number;
  /** yuan. */
  cost: number;
  /** per destination country (international) or one row ('' domestic). */
  breakdown: Array<{ country: string; country_name: string; count: number; price: number; cost: number }>;
  /** international: destination countries the account has no price for, and how many valid numbers go to each;
   * `count` and `cost` leave them out, as the send may only go once they are taken off the list. */
  unpriced: Array<{ country: string; count: number }>;
}

const UNITS = 10_000;
const units = (yuan: number) => Math.round(yuan * UNITS);

/** What the platform will send: link and taoke sends carry a short link of `linkBase` + 8 characters per number. */
export function outgoingContent(cfg: SendKindConfig, draft: SendDraft, linkBase: string): string {
  if (cfg.kind === 'link') {
    const link = `${linkBase}XXXXXXXX`;
    const c = draft.content;
    if (c.includes('{link}')) return c.split('{link}').join(link);
    if (draft.long_link && c.includes(draft.long_link)) return c.split(draft.long_link).join(link);
    return `${c} ${link}`;
  }
  if (cfg.kind === 'taoke') return `${draft.content.trim()} ${linkBase}XXXXXXXX 回T退订`;
  return draft.content;
}

/** Live content figures: characters, encoding, parts, capacity per part (contract/segments.ts). */
export function contentFigures(text: string): SegmentCount & { characters: number } {
  return { ...countSegments(text), characters: Array.from(text).length };
}

/** The 【signature】 at the start or end of a domestic message, if any. */
export function signatureOf(text: string): string | null {
  const m = /^\s*【([^】]{1,20})】/.exec(text) ?? /【([^】]{1,20})】\s*$/.exec(text);
  return m ? m[1] : null;
}

/** Prices per country ('' = the product's single price) of an account for a product. */
export function pricesOf(prices: PriceRow[], cusId: string, prodType: number): Map<string, PriceRow> {
  return new Map(prices.filter((p) => p.cus_id === cusId && p.prod_type === prodType).map((p) => [p.country_code, p]));
}

/** The cost: parts × valid numbers × price; international per destination country. null when a price is missing. */
export function quoteSend(
  cfg: SendKindConfig,
  draft: SendDraft,
  check: NumberCheck,
  prices: PriceRow[],
  linkBase = '',
): SendQuote | null {
  const table = pricesOf(prices, draft.cus_id, cfg.prodType);
  const segOf = (text: string) => (cfg.perSegment ? Math.max(1, countSegments(text).segments) : 1);
  if (cfg.kind === 'oneToOne') {
    const p = table.get('');
    if (!p) return null;
    const valid = new Set(check.valid);
    const byMobile = new Map((draft.contents ?? []).map((c) => [c.mobile.trim(), c.content]));
    let segs = 0;
    let largest = 0;
    for (const m of valid) {
      const s = segOf(byMobile.get(m) ?? '');
      segs += s;
      largest = Math.max(largest, s);
    }
    const cost = (units(p.price) * segs) / UNITS;
    return {
      segments: largest,
      count: valid.size,
      cost,
      breakdown: [{ country: '', country_name: '', count: valid.size, price: p.price, cost }],
      unpriced: [],
    };
  }
  const segments = segOf(outgoingContent(cfg, draft, linkBase));
  if (cfg.numbers === 'international') {
    // an account without any international price cannot send at all; one missing a few countries can send to the rest
    if (table.size === 0) return null;
    const breakdown: SendQuote['breakdown'] = [];
    const unpriced: SendQuote['unpriced'] = [];
    for (const [cc, count] of Object.entries(check.countries)) {
      const p = table.get(cc);
      if (!p) unpriced.push({ country: cc, count });
      else
        breakdown.push({
          country: cc,
          country_name: p.country_name,
          count,
          price: p.price,
          cost: (units(p.price) * segments * count) / UNITS,
        });
    }
    const byCount = (a: { count: number; country: string }, b: { count: number; country: string }) =>
      b.count - a.count || a.country.localeCompare(b.country);
    breakdown.sort(byCount);
    unpriced.sort(byCount);
    const total = breakdown.reduce((s, b) => s + units(b.price) * segments * b.count, 0);
    return { segments, count: breakdown.reduce((n, b) => n + b.count, 0), cost: total / UNITS, breakdown, unpriced };
  }
  const p = table.get('');
  if (!p) return null;
  const cost = (units(p.price) * segments * check.valid.length) / UNITS;
  return {
    segments,
    count: check.valid.length,
    cost,
    breakdown: [{ country: '', country_name: '', count: check.valid.length, price: p.price, cost }],
    unpriced: [],
  };
}

/** The blacklisted numbers among a checked list; `numbers` null: the platform could not be asked (offline, or the
 * request failed), so the send's own answer will tell. */
export interface BlacklistReading {
  cus_id: string;
  mobiles: string;
  numbers: string[] | null;
}

export interface BlacklistInput {
  cus_id: string;
  /** the check's valid numbers. */
  mobiles: string[];
}

/** The blacklisted numbers of the list and account as they are now; null: the platform could not be asked;
 * undefined: not asked about these numbers (a reading of an older list or another account says nothing of them). */
export function blacklistedNow(c: {
  blacklist: BlacklistReading | null;
  draft: Pick<SendDraft, 'cus_id' | 'mobiles'>;
  checkedMobiles: string | null;
}): string[] | null | undefined {
  const b = c.blacklist;
  return b && b.cus_id === c.draft.cus_id && b.mobiles === c.checkedMobiles && b.mobiles === c.draft.mobiles
    ? b.numbers
    : undefined;
}

/** The check without the numbers the platform will leave out (its blacklist): they are neither sent nor charged, so
 * the counts and the quote of the send are of the rest. */
export function withoutNumbers(check: NumberCheck, numbers: readonly string[]): NumberCheck {
  if (numbers.length === 0) return check;
  const out = new Set(numbers);
  const keep = check.valid.map((m) => !out.has(m));
  const of = check.validCountries;
  if (!of) return { ...check, valid: check.valid.filter((_, i) => keep[i]) };
  const validCountries = of.filter((_, i) => keep[i]);
  const countries: Record<string, number> = {};
  for (const cc of validCountries) countries[cc] = (countries[cc] ?? 0) + 1;
  return { ...check, valid: check.valid.filter((_, i) => keep[i]), validCountries, countries };
}

/** Kinds that send one content as written to every number: a ${pN} left in it would reach each recipient literally. */
const PLAIN_CONTENT: ReadonlySet<SendKind> = new Set(['domestic', 'link', 'taoke', 'international']);

/** The first reason (a message key of the catalogue) a checked send may not go, or null. `timeZone` reads the
 * scheduled time (the account's zone). */
export function sendProblem(
  cfg: SendKindConfig,
  draft: SendDraft,
  check: NumberCheck,
  quote: SendQuote | null,
  account: Pick<SendAccount, 'balance' | 'pay_type' | 'status'> | null,
  now: number,
  timeZone: string,
): string | null {
  if (!draft.cus_id) return 'send.accountRequired';
  if (account?.status === 0) return 'send.accountClosed';
  if (cfg.kind === 'video') {
    if (!draft.cus_template_id && !(draft.title?.trim() && (draft.frames?.length ?? 0) > 0))
      return 'send.videoContentRequired';
  } else if (cfg.kind === 'card') {
    if (!draft.chatbot_id) return 'send.chatbotRequired';
    if (!draft.template_id && !draft.template_name?.trim() && !draft.content.trim()) return 'send.emptyContent';
  } else if (cfg.kind === 'oneToOne') {
    if (!draft.contents?.length || draft.contents.some((c) => c.content.trim() === '')) return 'send.emptyContent';
  } else if (draft.content.trim() === '') return 'send.emptyContent';
  // a ${…} that is no placeholder is filled by neither send: told before anything else about the content's variables
  if ((PLAIN_CONTENT.has(cfg.kind) || cfg.kind === 'oneToOne') && invalidPlaceholders(draft.content).length > 0)
    return PLACEHOLDER_INVALID;
  if (PLAIN_CONTENT.has(cfg.kind) && unfilledPlaceholders(draft.content) !== '') return 'send.placeholdersUnfilled';
  if (cfg.kind === 'link' || cfg.kind === 'taoke') {
    // the platform's own rule: a short link redirects only to an http(s) address without credentials
    const linkProblem = webLinkProblem(((cfg.kind === 'link' ? draft.long_link : draft.product_link) ?? '').trim());
    if (linkProblem) return linkProblem === 'v.url.invalid' ? 'send.linkRequired' : linkProblem;
  }
  if (cfg.kind === 'international' && draft.sender_id && !isSenderId(draft.sender_id)) return 'send.badSenderId';
  if (check.valid.length === 0) return 'send.noValidMobile';
  const schedule = scheduleOf(draft, timeZone);
  if (schedule.problem) return schedule.problem;
  if (schedule.at !== null && schedule.at - now < SCHEDULE_MIN_AHEAD_MS) return 'send.timingTooSoon';
  if (!quote) return 'send.noPrice';
  if (quote.unpriced.length > 0) return 'send.unpricedCountries';
  if (account && account.pay_type === 0 && units(quote.cost) > units(account.balance))
    return 'send.insufficientBalance';
  return null;
}

/** What a problem's message names: the minimum lead of a schedule, the invalid or else the unfilled placeholders, the
 * unpriced countries and how many numbers go there. */
export function problemParams(draft: SendDraft, quote: SendQuote | null): MessageParams {
  const unpriced = quote?.unpriced ?? [];
  const invalid = invalidPlaceholders(draft.content);
  return {
    minutes: SCHEDULE_MIN_AHEAD_MS / 60_000,
    names: invalid.length > 0 ? namedPlaceholders(invalid) : unfilledPlaceholders(draft.content),
    countries: unpriced.map((u) => u.country).join(', '),
    count: unpriced.reduce((n, u) => n + u.count, 0),
  };
}

/** The accounts a send may be made from: the product line's list without the closed ones the reference knows of
 * (the platform refuses their sends). */
export function sendableAccounts(
  options: LabelValue[],
  accounts: ReadonlyArray<Pick<SendAccount, 'cus_id' | 'status'>>,
): LabelValue[] {
  const closed = new Set(accounts.filter((a) => a.status === 0).map((a) => a.cus_id));
  return options.filter((o) => !closed.has(o.value));
}

/** The kinds whose send says what it is for: a taoke send is marketing whatever it says, and the video and card sends
 * go as notifications. */
export const CATEGORY_KINDS: ReadonlySet<SendKind> = new Set(['domestic', 'oneToOne', 'link', 'international']);

/** The request body of a send kind's endpoint (contract/endpoints/send.endpoints.ts); `timing` the scheduled instant. */
export function sendRequestOf(
  cfg: SendKindConfig,
  draft: SendDraft,
  timing: number | null = null,
): Record<string, unknown> {
  const timing_time = timing !== null ? new Date(timing).toISOString() : undefined;
  const category = draft.category && CATEGORY_KINDS.has(cfg.kind) ? { category: draft.category } : {};
  const base = { cus_id: draft.cus_id, mobiles: draft.mobiles, ...(timing_time ? { timing_time } : {}), ...category };
  switch (cfg.kind) {
    case 'oneToOne':
      return {
        cus_id: draft.cus_id,
        contents: draft.contents ?? [],
        ...(timing_time ? { timing_time } : {}),
        ...category,
      };
    case 'link':
      return { ...base, content: draft.content, long_link: draft.long_link };
    case 'taoke':
      return { ...base, content: draft.content, product_link: draft.product_link };
    case 'international':
      return { ...base, content: draft.content, ...(draft.sender_id ? { sender_id: draft.sender_id } : {}) };
    case 'video':
      return draft.cus_template_id
        ? { ...base, cus_template_id: draft.cus_template_id }
        : { ...base, title: draft.title, frames: draft.frames ?? [] };
    case 'card':
      return {
        ...base,
        chatbot_id: draft.chatbot_id,
        content: draft.content,
        ...(draft.template_id ? { template_id: draft.template_id } : {}),
        ...(draft.template_name ? { template_name: draft.template_name } : {}),
      };
    default:
      return { ...base, content: draft.content };
  }
}
