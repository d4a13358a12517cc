import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { ulid } from 'ulid';
import { SCHEDULE_MIN_AHEAD_MS } from '../../contract/constants';
import { countSegments } from '../../contract/segments';
import type { CurrentUser } from '../auth/current-user';
import { canSee } from '../auth/scope';
import type { AppContext } from '../context';
import type { Queryable } from '../db/db';
import { badRequest, forbidden } from '../http/api-error';
import { claimSendKey, finishBatch, startRecords, startTimedMessages, type BatchItems, type RecordFixed } from './batch-insert';
import { notifyAll } from './notify';
import { blacklisted, parseDomesticSliced, parseInternationalSliced, type ParsedNumbers } from './numbers';
import { pricesFor, toYuan } from './pricing';

// The sending pipeline: numbers parsed and checked in slices, priced, then charged with the batch and its first
// chunk of records in one transaction (set-based, INSERT … SELECT FROM unnest); the rest are written a chunk per
// transaction (batch-insert.ts), and the feed told as they land.

export interface Account {
  cus_id: string;
  ep_id: string;
  status: number;
  pay_type: number;
  balance: number;
  time_zone: string;
  ext_number: string | null;
  options: { requireReview?: boolean; reviewKeywords?: string[] };
}

/** What a send asks for, after the route has mapped its product's request onto it. */
export interface SendInput {
  cus_id: string;
  prod_type: 0 | 1 | 2 | 6;
  content: string;
  mobiles: string;
  /** one-to-one form: batch_type 2. */
  contents?: Array<{ mobile: string; content: string }>;
  timing_time?: string;
  /** video subject / CSP template name. */
  title?: string | null;
  /** forces review (e.g. marketing sends). */
  review?: boolean;
  /** international sender id, kept on the batch. */
  sender_id?: string | null;
  /** a batch id chosen by the caller (a link send stores its short links under it first). */
  batch_id?: string;
}

export interface SendAnswer {
  batch_id: string;
  time_batch: string | null;
  validCount: number;
  invalidCount: number;
  repeatCount: number;
  blacklistCount: number;
  segments: number;
  cost: number;
  batch_type: number;
}

/** Per-segment products are billed per segment; video and CSP per message. */
const perSegment = (prod: number) => prod === 0 || prod === 1;

/** Third-party short links hide where a message leads: such content goes to review. */
const SHORT_URL = /\b(?:t\.cn|url\.cn|dwz\.cn|suo\.im|bit\.ly|tinyurl\.com|goo\.gl|is\.gd|ow\.ly|t\.co)\/\w+/i;
/** Built-in review keywords; more come from site_settings 'send.reviewKeywords' (comma separated) and the account. */
const REVIEW_KEYWORDS = ['贷款', '博彩', '代开发票', '刷单'];

export async function loadAccount(q: Queryable, cusId: string, lock = false): Promise<Account | null> {
  const [a] = await q.query<Account>(
    `select cus_id, ep_id, status, pay_type, balance, time_zone, ext_number, options from accounts where cus_id = $1${lock ? ' for update' : ''}`,
    [cusId],
  );
  return a ? { ...a, balance: Number(a.balance), options: a.options ?? {} } : null;
}

/** The account a caller may send for: visible to it (spec §6), open, and granted the product. */
export async function sendingAccount(ctx: AppContext, user: CurrentUser, cusId: string, prodType: number): Promise<Account> {
  if (!canSee(user, cusId, 'data')) throw forbidden('send.accountQueryFailed');
  const account = await loadAccount(ctx.db, cusId);
  if (!account) throw forbidden('send.accountQueryFailed');
  if (account.status !== 1) throw badRequest('send.accountClosed', {}, 'cus_id');
  const granted = await ctx.db.query('select 1 from account_products where cus_id = $1 and prod_type = $2', [cusId, prodType]);
  if (granted.length === 0) throw forbidden('product.notEnabled');
  return account;
}

export async function needsReview(q: Queryable, account: Account, contents: string[]): Promise<boolean> {
  if (account.options.requireReview) return true;
  const [setting] = await q.query<{ value: string }>("select value from site_settings where key = 'send.reviewKeywords'");
  const keywords = [...REVIEW_KEYWORDS, ...(setting?.value.split(',') ?? []), ...(account.options.reviewKeywords ?? [])].map((k) => k.trim()).filter(Boolean);
  return contents.some((c) => SHORT_URL.test(c) || keywords.some((k) => c.includes(k)));
}

/** UTC offset of a time zone at an instant, in ms. */
function zoneOffsetMs(timeZone: string, at: Date): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const m = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name);
  return m ? (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3] ?? 0)) * 60_000 : 0;
}

/** YYYYMM of an instant in a time zone (mt_records.month). */
export function monthIn(timeZone: string, at: Date): string {
  const local = new Date(at.getTime() + zoneOffsetMs(timeZone, at));
  return `${local.getUTCFullYear()}${String(local.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** ISO 8601 with an offset, or 'YYYY-MM-DD HH:mm[:ss]' in the account's time zone. */
export function parseTimingTime(text: string, timeZone: string): Date {
  const iso = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})$/;
  if (iso.test(text)) {
    const d = new Date(text);
    if (!Number.isNaN(d.getTime())) return d;
  }
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  if (!m) throw badRequest('send.badTimingTime', {}, 'timing_time');
  const [y, mo, d, h, mi, s] = m.slice(1).map((v) => Number(v ?? 0));
  const asUtc = Date.UTC(y, mo - 1, d, h, mi, s);
  const probe = new Date(asUtc);
  if (probe.getUTCMonth() !== mo - 1 || probe.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) throw badRequest('send.badTimingTime', {}, 'timing_time');
  return new Date(asUtc - zoneOffsetMs(timeZone, new Date(asUtc - zoneOffsetMs(timeZone, probe))));
}

export interface NewBatch {
  batch_id: string;
  prod_type: number;
  batch_type: number;
  cus_id: string;
  content: string;
  title: string | null;
  review: boolean;
  costUnits: number;
  items: BatchItems;
  sender_id?: string | null;
}

/** Inserts a batch and its MT records (100 review or 500 waiting), and counts them in the statistics. Past
 * INSERT_CHUNK records, the rest are written after this transaction, a chunk per transaction (batch-insert.ts). */
export async function insertBatch(q: Queryable, ctx: AppContext, b: NewBatch, timeZone: string, now: Date): Promise<void> {
  const n = b.items.mobiles.length;
  const nextAt = new Date(now.getTime() + (b.review ? ctx.config.simulator.reviewMs : ctx.config.simulator.reportMs));
  await q.query(
    `insert into batches (batch_id, prod_type, batch_type, cus_id, content, create_time, receive_count, sent_count, cost, sender_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [b.batch_id, b.prod_type, b.batch_type, b.cus_id, b.content, now, n, b.review ? 0 : n, toYuan(b.costUnits), b.sender_id ?? null],
  );
  const fixed: RecordFixed = {
    batch_id: b.batch_id,
    prod_type: b.prod_type,
    cus_id: b.cus_id,
    content: b.content,
    mt_status: b.review ? 100 : 500,
    table_name: b.review ? 'review' : 'mt',
    receive_time: now.toISOString(),
    month: monthIn(timeZone, now),
    title: b.title,
    receive_content: b.prod_type === 2 || b.prod_type === 6 ? b.content : null,
    next_at: nextAt.toISOString(),
  };
  await startRecords(q, fixed, b.items);
}

/** Charges (positive) or refunds (negative) an account, keeping the ledger; prepaid accounts cannot go below 0. */
export async function charge(q: Queryable, account: Account, costUnits: number, kind: 'send' | 'refund', ref: string): Promise<void> {
  if (costUnits === 0) return;
  const [a] = await q.query<{ balance: number; pay_type: number }>('select balance, pay_type from accounts where cus_id = $1 for update', [account.cus_id]);
  if (costUnits > 0 && Number(a.pay_type) === 0 && Math.round(Number(a.balance) * 10_000) < costUnits) throw badRequest('send.insufficientBalance');
  const [post] = await q.query<{ balance: string }>('update accounts set balance = balance - $2 where cus_id = $1 returning balance', [account.cus_id, toYuan(costUnits)]);
  // pre/post make refunds readable as recharge records (issue 12: every balance change writes a ledger row)
  await q.query('insert into balance_ledger (cus_id, amount, kind, ref, pre_balance, post_balance) values ($1, $2, $3, $4, $5, $6)', [
    account.cus_id,
    -toYuan(costUnits),
    kind,
    ref,
    Number(a.balance),
    Number(post.balance),
  ]);
}

/** Prices of a product for an account; international prices per destination country. */
async function unitPrices(q: Queryable, account: Account, prodType: number, countries: string[] | undefined, n: number) {
  const prices = await pricesFor(q, account.cus_id, prodType);
  if (prodType !== 1) {
    const p = prices.get('');
    if (!p) throw badRequest('send.noPrice', {}, 'cus_id');
    return { units: new Array<number>(n).fill(p.units), uniform: p.units, names: null as string[] | null, byCountry: { '': p.units }, countryNames: {} };
  }
  const names: string[] = [];
  const units = (countries ?? []).map((cc) => {
    const p = prices.get(cc);
    if (!p) throw badRequest('send.noCountryPrice', { country: cc }, 'mobiles');
    names.push(p.country_name);
    return p.units;
  });
  return {
    units,
    uniform: null as number | null,
    names,
    byCountry: Object.fromEntries([...prices].map(([k, v]) => [k, v.units])),
    countryNames: Object.fromEntries([...prices].map(([k, v]) => [k, v.country_name])),
  };
}

/** What a timed batch keeps to send (and re-price) later. */
export interface TimedRequest {
  prod_type: number;
  batch_type: number;
  review: boolean;
  title: string | null;
  /** sum over numbers of the per-segment (or per-message) price, 1/10000 yuan: cost = segments × unitSum. */
  unitSum: number;
  /** price per country code ('' domestic), for records created when due. */
  byCountry: Record<string, number>;
  countryNames?: Record<string, string>;
  sender_id?: string | null;
}

/** A timed batch's request with defaults for batches created elsewhere (seeded rows carry '{}'): prices are then
 * inferred from what was charged for the current content. */
export function timedRequestOf(t: { prod_type: number; content: string; charged: number; batch_count: number; request: Partial<TimedRequest> | null }): TimedRequest {
  const r = t.request ?? {};
  const segments = perSegment(t.prod_type) ? Math.max(1, countSegments(t.content).segments) : 1;
  const unitSum = r.unitSum ?? Math.round((Number(t.charged) * 10_000) / segments);
  return {
    prod_type: t.prod_type,
    batch_type: r.batch_type ?? 1,
    review: r.review ?? false,
    title: r.title ?? null,
    unitSum,
    byCountry: r.byCountry ?? { '': t.batch_count > 0 ? Math.round(unitSum / t.batch_count) : 0 },
    countryNames: r.countryNames ?? {},
    sender_id: r.sender_id ?? null,
  };
}

/** A send; with the caller's Idempotency-Key, a rerun of the same request answers the first run and charges once. */
export async function submitSend(ctx: AppContext, user: CurrentUser, input: SendInput, idemKey: string | null = null): Promise<SendAnswer> {
  const account = await sendingAccount(ctx, user, input.cus_id, input.prod_type);
  const oneToOne = input.contents !== undefined && input.contents.length > 0;
  const parsed: ParsedNumbers = oneToOne
    ? await parseDomesticSliced(input.contents!.map((c) => c.mobile).join('\n'))
    : input.prod_type === 1
      ? await parseInternationalSliced(input.mobiles)
      : await parseDomesticSliced(input.mobiles);
  const byMobile = oneToOne ? new Map(input.contents!.map((c) => [c.mobile.trim(), c.content])) : null;
  if (!oneToOne && input.content.trim() === '') throw badRequest('send.emptyContent', {}, 'content');
  if (byMobile && [...byMobile.values()].some((c) => c.trim() === '')) throw badRequest('send.emptyContent', {}, 'contents');

  const timing = input.timing_time ? parseTimingTime(input.timing_time, account.time_zone) : null;
  const now = ctx.now();
  if (timing && timing.getTime() < now.getTime() + SCHEDULE_MIN_AHEAD_MS) throw badRequest('send.timingTooSoon', { minutes: SCHEDULE_MIN_AHEAD_MS / 60_000 }, 'timing_time');

  const blocked = await blacklisted(ctx.db, account.ep_id, parsed.valid);
  const keep = parsed.valid.map((m) => !blocked.has(m));
  const mobiles = parsed.valid.filter((_, i) => keep[i]);
  const countries = parsed.countries?.filter((_, i) => keep[i]);
  // every valid number blacklisted (a reply to a number that unsubscribed): say so rather than "no valid number"
  if (mobiles.length === 0 && parsed.valid.length > 0) throw badRequest('send.allBlacklisted', { n: parsed.valid.length }, 'mobiles');
  if (mobiles.length === 0) throw badRequest('send.noValidMobile', {}, 'mobiles');

  const contents = byMobile ? mobiles.map((m) => byMobile.get(m) ?? '') : null;
  const segOf = (text: string) => (perSegment(input.prod_type) ? Math.max(1, countSegments(text).segments) : 1);
  const segments = contents ? contents.map(segOf) : segOf(input.content);
  const prices = await unitPrices(ctx.db, account, input.prod_type, countries, mobiles.length);
  const recordUnits = prices.units.map((u, i) => u * (Array.isArray(segments) ? segments[i] : segments));
  const costUnits = recordUnits.reduce((a, b) => a + b, 0);
  const review = input.review === true || (await needsReview(ctx.db, account, contents ?? [input.content]));
  const batchContent = contents ? contents[0] : input.content;
  const batchType = review ? 0 : oneToOne ? 2 : 1;
  const maxSegments = Array.isArray(segments) ? Math.max(...segments) : segments;
  const answer = {
    validCount: mobiles.length,
    invalidCount: parsed.invalidCount,
    repeatCount: parsed.repeatCount,
    blacklistCount: blocked.size,
    segments: maxSegments,
    cost: toYuan(costUnits),
    batch_type: batchType,
  };

  if (timing) {
    const timeBatch = input.batch_id ?? ulid();
    const request: TimedRequest = {
      prod_type: input.prod_type,
      batch_type: batchType,
      review,
      title: input.title ?? null,
      unitSum: prices.units.reduce((a, b) => a + b, 0),
      byCountry: prices.byCountry,
      countryNames: prices.countryNames,
      sender_id: input.sender_id || null,
    };
    const out: SendAnswer = { batch_id: timeBatch, time_batch: timeBatch, ...answer };
    const first = await withRetry(() =>
      ctx.db.tx(async (q) => {
        const earlier = idemKey ? await claimSendKey(q, user.id, idemKey, out) : null;
        if (earlier) return earlier;
        await charge(q, account, costUnits, 'send', timeBatch);
        await q.query(
          `insert into time_batches (time_batch, cus_id, prod_type, batch_type, send_status, timing_time, create_time, content, batch_count, charged, request)
           values ($1, $2, $3, $4, 0, $5, $6, $7, $8, $9, $10)`,
          [timeBatch, account.cus_id, input.prod_type, oneToOne ? 1 : 0, timing, now, batchContent, mobiles.length, toYuan(costUnits), JSON.stringify(request)],
        );
        const fixed = { kind: 'timed' as const, batch_id: timeBatch, cus_id: account.cus_id, timing_time: timing.toISOString(), create_time: now.toISOString() };
        await startTimedMessages(q, fixed, { mobiles, contents, segments, priceUnits: recordUnits, countryCodes: null, countryNames: null });
        return out;
      }),
    );
    await notifyAll(ctx.db, ['timeBatch', 'timeMtMessage'], [account.cus_id]);
    await finishBatch(ctx, first.batch_id, account.cus_id).catch((err) => ctx.log.warn({ code: err.code, message: err.message, batchId: first.batch_id }, 'timed numbers left to the background round'));
    return first;
  }

  const batchId = input.batch_id ?? ulid();
  const out: SendAnswer = { batch_id: batchId, time_batch: null, ...answer };
  const first = await withRetry(() =>
    ctx.db.tx(async (q) => {
      const earlier = idemKey ? await claimSendKey(q, user.id, idemKey, out) : null;
      if (earlier) return earlier;
      await charge(q, account, costUnits, 'send', batchId);
      await insertBatch(
        q,
        ctx,
        {
          batch_id: batchId,
          prod_type: input.prod_type,
          batch_type: batchType,
          cus_id: account.cus_id,
          content: batchContent,
          title: input.title ?? null,
          review,
          costUnits,
          sender_id: input.sender_id || null,
          items: {
            mobiles,
            contents,
            segments,
            priceUnits: prices.uniform !== null && !Array.isArray(segments) ? prices.uniform * segments : recordUnits,
            countryCodes: countries ?? null,
            countryNames: prices.names,
          },
        },
        account.time_zone,
        now,
      );
      return out;
    }),
  );
  await notifyAll(ctx.db, ['batch', 'mtRecord', 'statistics'], [account.cus_id]);
  // the rest of the records, a chunk per transaction; a failure here is finished by the background round
  await finishBatch(ctx, first.batch_id, account.cus_id).catch((err) => ctx.log.warn({ code: err.code, message: err.message, batchId: first.batch_id }, 'send chunks left to the background round'));
  return first;
}

/** Records for the numbers of a due timed batch, priced as when it was scheduled (and re-priced by edits). */
export function itemsForTimed(
  prodType: number,
  content: string,
  rows: Array<{ mobile: string; content: string | null }>,
  byCountry: Record<string, number>,
  countryNames: Record<string, string>,
): BatchItems {
  const segOf = (text: string) => (perSegment(prodType) ? Math.max(1, countSegments(text).segments) : 1);
  const contents = rows.some((r) => r.content !== null) ? rows.map((r) => r.content ?? content) : null;
  const segments = contents ? contents.map(segOf) : segOf(content);
  const countryCodes = prodType === 1 ? rows.map((r) => parsePhoneNumberFromString(r.mobile)?.country ?? '') : null;
  const units = countryCodes ? countryCodes.map((cc) => byCountry[cc] ?? 0) : null;
  const seg = (i: number) => (Array.isArray(segments) ? segments[i] : segments);
  return {
    mobiles: rows.map((r) => r.mobile),
    contents,
    segments,
    priceUnits: units ? units.map((u, i) => u * seg(i)) : contents ? rows.map((_, i) => (byCountry[''] ?? 0) * seg(i)) : (byCountry[''] ?? 0) * (segments as number),
    countryCodes,
    countryNames: countryCodes ? countryCodes.map((cc) => countryNames[cc] ?? cc) : null,
  };
}

/** PostgreSQL may pick one of two concurrent transactions as a deadlock victim; run it again. */
export async function withRetry<T>(fn: () => Promise<T>, attempts = 5): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (e) {
      const code = (e as { code?: string }).code;
      if (i >= attempts || (code !== '40P01' && code !== '40001')) throw e;
      await new Promise((r) => setTimeout(r, 10 * i));
    }
  }
}
