import { ulid } from 'ulid';
import {
  DEFAULT_CATEGORY,
  type ContentCategory,
  type PolicyReason,
} from '../../contract/endpoints/send-policy.endpoints';
import { LIMITED_LIST_MAX } from '../../contract/endpoints/send.endpoints';
import { SCHEDULE_MIN_AHEAD_MS } from '../../contract/constants';
import { countSegments } from '../../contract/segments';
import type { CurrentUser } from '../core/current-user';
import type { AppContext } from '../core/context';
import type { Queryable } from '../db/db';
import { withRetry } from '../db/retry';
import { ApiError, badRequest } from '../http/api-error';
import { finishBatch } from './batch-finish';
import { insertBatch, recordSn, startTimedMessages } from './batch-insert';
import { charge } from './charge';
import { notifyAll } from '../feed/change-notices';
import { blockedNumbers, type Block } from './blacklist';
import { parseDomesticSliced, parseInternationalSliced, type ParsedNumbers } from './numbers';
import { perSegment, toYuan, unitPrices } from './pricing';
import { needsReview, sendingAccount } from './send-account';
import { claimSendKey, updateSendKey } from './send-key';
import { loadSendPolicy, quietTiming, withOptOut } from './send-policy';
import { AllLimitedError, decideSend, recordSend, type PolicySend } from './send-policy-count';
import type { TimedRequest } from './timed-request';
import { parseTimingTime } from './timing';
import { tracingMessages } from '../metrics/message-trail';

// The sending pipeline: numbers parsed and checked in slices, priced, then charged with the batch and its first
// chunk of records in one transaction (set-based, INSERT … SELECT FROM unnest); the rest are written a chunk per
// transaction (batch-insert.ts), and the feed told as they land.

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
  /** what the send is for: the send policy's per-number caps are per category (default notification). */
  category?: ContentCategory;
  /** false on a door that answers message ids at once (HTTP): the quiet hours refuse its marketing rather than hold it. */
  holdable?: boolean;
  /** where the send came from, kept on its records (default 'console'). */
  source?: 'console' | 'smpp' | 'http';
  /** tell the account when the batch is done (a notice): the send workspace's sends, not per-message traffic. */
  noticeWhenDone?: boolean;
  /** what blockedNumbers answers for the send's numbers, when the door asked it already (the HTTP API, which answers
   * each blacklisted number itself): the send does not ask again. */
  blacklisted?: ReadonlyMap<string, Block>;
  /** runs in the charging transaction once the records are written (the HTTP API keeps the ids it answers with), with
   * the numbers the send policy held back and why. */
  onStored?: (q: Queryable, batchId: string, limited: Map<string, PolicyReason>) => Promise<void>;
}

export interface SendAnswer {
  batch_id: string;
  time_batch: string | null;
  validCount: number;
  invalidCount: number;
  repeatCount: number;
  blacklistCount: number;
  limitedCount: number;
  limited: Array<{ mobile: string; reason: PolicyReason }>;
  segments: number;
  cost: number;
  batch_type: number;
  /** set when the enterprise's quiet hours held a marketing send: when it goes out. */
  held_until?: string;
}

/** A send; with the caller's Idempotency-Key, a rerun of the same request answers the first run and charges once.
 * Counted in the metrics under its door: the numbers taken and those dropped, or the refusal of the whole send. */
export async function submitSend(
  ctx: AppContext,
  user: CurrentUser,
  input: SendInput,
  idemKey: string | null = null,
): Promise<SendAnswer> {
  const door = input.source ?? 'console';
  try {
    const { answer, fresh, limited } = await send(ctx, user, input, idemKey);
    if (fresh) {
      for (const [reason, n] of tally(limited.values())) ctx.metrics.refused(door, policyMetric(reason), n);
      ctx.metrics.accepted(door, answer.validCount);
      ctx.metrics.refused(door, 'invalid_number', answer.invalidCount);
      ctx.metrics.refused(door, 'duplicate_number', answer.repeatCount);
      ctx.metrics.refused(door, 'blacklisted', answer.blacklistCount);
    }
    return answer;
  } catch (err) {
    if (err instanceof AllLimitedError)
      for (const [reason, n] of tally(err.limited.values())) ctx.metrics.refused(door, policyMetric(reason), n);
    else if (err instanceof ApiError) ctx.metrics.refused(door, err.key);
    throw err;
  }
}

/** A refusal of the send policy as the metrics name it, beside the other numbers dropped (duplicate_number). */
const policyMetric = (r: PolicyReason) => (r === 'duplicate' ? 'duplicate_content' : r.replace('.', '_'));
function tally<T>(items: Iterable<T>): Map<T, number> {
  const out = new Map<T, number>();
  for (const i of items) out.set(i, (out.get(i) ?? 0) + 1);
  return out;
}

interface SendRun {
  answer: SendAnswer;
  /** false when an earlier run of the same Idempotency-Key answered. */
  fresh: boolean;
  /** the numbers the send policy held back, with why. */
  limited: Map<string, PolicyReason>;
}

/** The send itself. */
async function send(ctx: AppContext, user: CurrentUser, input: SendInput, idemKey: string | null): Promise<SendRun> {
  const account = await sendingAccount(ctx, user, input.cus_id, input.prod_type);
  // marketing content gets (or must carry) the enterprise's opt-out text before it is counted and priced
  const marketing = input.category === 'marketing' ? await loadSendPolicy(ctx.db, account.ep_id) : null;
  if (marketing) {
    const policy = marketing;
    const fix = (text: string) => withOptOut(policy, 'marketing', text);
    input = {
      ...input,
      content: fix(input.content),
      contents: input.contents?.map((c) => ({ ...c, content: fix(c.content) })),
    };
  }
  const oneToOne = input.contents !== undefined && input.contents.length > 0;
  const parsed: ParsedNumbers = oneToOne
    ? await parseDomesticSliced(input.contents!.map((c) => c.mobile).join('\n'))
    : input.prod_type === 1
      ? await parseInternationalSliced(input.mobiles)
      : await parseDomesticSliced(input.mobiles);
  const byMobile = oneToOne ? new Map(input.contents!.map((c) => [c.mobile.trim(), c.content])) : null;
  if (!oneToOne && input.content.trim() === '') throw badRequest('send.emptyContent', {}, 'content');
  if (byMobile && [...byMobile.values()].some((c) => c.trim() === ''))
    throw badRequest('send.emptyContent', {}, 'contents');

  const asked = input.timing_time ? parseTimingTime(input.timing_time, account.time_zone) : null;
  const now = ctx.now();
  if (asked && asked.getTime() < now.getTime() + SCHEDULE_MIN_AHEAD_MS)
    throw badRequest('send.timingTooSoon', { minutes: SCHEDULE_MIN_AHEAD_MS / 60_000 }, 'timing_time');
  // marketing inside the enterprise's quiet hours waits for their end as a timed send (listed, cancellable), or is refused
  const { timing, held } = marketing
    ? quietTiming(marketing, account.time_zone, asked, now, input.holdable !== false)
    : { timing: asked, held: false };

  const blocked = input.blacklisted ?? (await blockedNumbers(ctx.db, account, parsed.valid));
  const keep = parsed.valid.map((m) => !blocked.has(m));
  let mobiles = parsed.valid.filter((_, i) => keep[i]);
  let countries = parsed.countries?.filter((_, i) => keep[i]);
  // every valid number blacklisted (a reply to a number that unsubscribed): say so rather than "no valid number"
  if (mobiles.length === 0 && parsed.valid.length > 0)
    throw badRequest('send.allBlacklisted', { n: parsed.valid.length }, 'mobiles');
  if (mobiles.length === 0) throw badRequest('send.noValidMobile', {}, 'mobiles');

  let contents = byMobile ? mobiles.map((m) => byMobile.get(m) ?? '') : null;
  const segOf = (text: string) => (perSegment(input.prod_type) ? Math.max(1, countSegments(text).segments) : 1);
  let segments = contents ? contents.map(segOf) : segOf(input.content);
  const prices = await unitPrices(ctx.db, account, input.prod_type, countries, mobiles.length);
  let recordUnits = prices.units.map((u, i) => u * (Array.isArray(segments) ? segments[i] : segments));
  let costUnits = recordUnits.reduce((a, b) => a + b, 0);
  const review = input.review === true || (await needsReview(ctx.db, account, contents ?? [input.content]));
  let batchContent = contents ? contents[0] : input.content;
  const batchType = review ? 0 : oneToOne ? 2 : 1;
  const maxSegments = Array.isArray(segments) ? Math.max(...segments) : segments;
  const answer = {
    validCount: mobiles.length,
    invalidCount: parsed.invalidCount,
    repeatCount: parsed.repeatCount,
    blacklistCount: blocked.size,
    limitedCount: 0,
    limited: [] as SendAnswer['limited'],
    segments: maxSegments,
    cost: toYuan(costUnits),
    batch_type: batchType,
  };

  // the send policy decides in the charging transaction (after the key's claim: a rerun answers the first run, whatever
  // that run's counts now say); what it holds back leaves the send as a blacklisted number does, and the claim's answer
  // is rewritten with the counts that hold
  const policySend: PolicySend = {
    epId: account.ep_id,
    cusId: account.cus_id,
    timeZone: account.time_zone,
    category: input.category ?? DEFAULT_CATEGORY,
    now,
    mobiles,
    texts: contents ?? input.content,
  };
  const limitedBy = new Map<string, PolicyReason>();
  /** whether this run claimed the send (set in the transaction, which a retry runs again) */
  let fresh = false;
  // what the policy picks from: a transaction run again picks afresh from the whole send
  const all = { mobiles, countries, contents, segments, recordUnits, units: prices.units, names: prices.names };
  const applyPolicy = async <T extends SendAnswer>(q: Queryable, out: T, claimed: boolean): Promise<T> => {
    limitedBy.clear();
    // marketing read the policy already (its opt-out text, its quiet hours): the decision uses that one
    const decision = await decideSend(q, policySend, true, marketing ?? undefined);
    const kept: number[] = [];
    decision.refused.forEach((r, i) => (r === null ? kept.push(i) : limitedBy.set(all.mobiles[i], r as PolicyReason)));
    if (kept.length === 0) throw new AllLimitedError(limitedBy);
    await recordSend(q, policySend, decision, kept);
    if (limitedBy.size === 0) return out;
    const pick = <V>(a: V[]) => kept.map((i) => a[i]);
    mobiles = pick(all.mobiles);
    countries = all.countries && pick(all.countries);
    contents = all.contents && pick(all.contents);
    segments = Array.isArray(all.segments) ? pick(all.segments) : all.segments;
    recordUnits = pick(all.recordUnits);
    prices.units = pick(all.units);
    prices.names = all.names && pick(all.names);
    costUnits = recordUnits.reduce((a, b) => a + b, 0);
    batchContent = contents ? contents[0] : input.content;
    const limited = [...limitedBy].slice(0, LIMITED_LIST_MAX).map(([mobile, reason]) => ({ mobile, reason }));
    const changed = {
      ...out,
      validCount: mobiles.length,
      cost: toYuan(costUnits),
      limitedCount: limitedBy.size,
      limited,
    };
    if (claimed) await updateSendKey(q, user.id, idemKey!, changed);
    return changed;
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
    const out: SendAnswer = {
      batch_id: timeBatch,
      time_batch: timeBatch,
      ...answer,
      ...(held ? { held_until: timing.toISOString() } : {}),
    };
    const first = await withRetry(() =>
      ctx.db.explicitTx(async (q) => {
        fresh = false;
        const earlier = idemKey ? await claimSendKey(q, user.id, idemKey, out) : null;
        if (earlier) return earlier;
        fresh = true;
        const taken = await applyPolicy(q, out, idemKey !== null);
        request.unitSum = prices.units.reduce((a, b) => a + b, 0);
        await q.query(
          `insert into time_batches (time_batch, cus_id, prod_type, batch_type, send_status, timing_time, create_time, content, batch_count, charged, request)
           values ($1, $2, $3, $4, 0, $5, $6, $7, $8, $9, $10)`,
          [
            timeBatch,
            account.cus_id,
            input.prod_type,
            oneToOne ? 1 : 0,
            timing,
            now,
            batchContent,
            mobiles.length,
            toYuan(costUnits),
            JSON.stringify(request),
          ],
        );
        const fixed = {
          kind: 'timed' as const,
          batch_id: timeBatch,
          cus_id: account.cus_id,
          timing_time: timing.toISOString(),
          create_time: now.toISOString(),
        };
        await startTimedMessages(q, fixed, {
          mobiles,
          contents,
          segments,
          priceUnits: recordUnits,
          countryCodes: null,
          countryNames: null,
        });
        // charged last, as an immediate send is: the account row is locked only until the commit
        await charge(q, account, costUnits, 'send', timeBatch);
        return taken;
      }),
    );
    await notifyAll(ctx.db, ['timeBatch', 'timeMtMessage'], [account.cus_id]);
    await finishBatch(ctx, first.batch_id, account.cus_id).catch((err) =>
      ctx.log.warn(
        { code: err.code, message: err.message, batchId: first.batch_id },
        'timed numbers left to the background round',
      ),
    );
    return { answer: first, fresh, limited: limitedBy };
  }

  const batchId = input.batch_id ?? ulid();
  const out: SendAnswer = { batch_id: batchId, time_batch: null, ...answer };
  const first = await withRetry(() =>
    ctx.db.explicitTx(async (q) => {
      fresh = false;
      const earlier = idemKey ? await claimSendKey(q, user.id, idemKey, out) : null;
      if (earlier) return earlier;
      fresh = true;
      const taken = await applyPolicy(q, out, idemKey !== null);
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
          source: input.source,
          notice: input.noticeWhenDone === true,
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
      await input.onStored?.(q, batchId, limitedBy);
      // charged last: the account row stays locked from here to the commit only, so sends of one account store their
      // records side by side rather than one after another; a refusal rolls the records back with it
      await charge(q, account, costUnits, 'send', batchId);
      return taken;
    }),
  );
  await notifyAll(ctx.db, ['batch', 'mtRecord', 'statistics'], [account.cus_id]);
  // a message's trail starts here (debug: one line per message costs nothing while the level is off)
  if (fresh && tracingMessages(ctx.log))
    for (let n = 1; n <= out.validCount; n++)
      ctx.log.debug(
        { msgId: recordSn(batchId, n), door: input.source ?? 'console', cusId: account.cus_id },
        'message accepted',
      );
  // the rest of the records, a chunk per transaction; a failure here is finished by the background round
  await finishBatch(ctx, first.batch_id, account.cus_id).catch((err) =>
    ctx.log.warn(
      { code: err.code, message: err.message, batchId: first.batch_id },
      'send chunks left to the background round',
    ),
  );
  return { answer: first, fresh, limited: limitedBy };
}
