import { ulid } from 'ulid';
import { countSegments } from '../../contract/segments';
import { classifyNumber } from '../../contract/validation/number.rules';
import type { AppContext } from '../core/context';
import type { Queryable } from '../db/db';
import { INSERT_CHUNK, insertBatch } from './batch-insert';
import { blockedSends } from './blacklist';
import { chargeInOrder } from './charge';
import { priceKey, pricesOf } from './pricing';

// The automatic answers of one round of replies (reply-rule-actions.ts), inside the transaction that stores them: a
// carrier delivering a burst of matching replies must not hold that transaction for a handful of statements per reply,
// so every check is one statement over the round (own answers, the blacklist, prices, the balance) and the answers of
// one account and product go out as one batch, charged under one ledger row, as SMPP's group-committed submits are.

/** A reply a rule answers, with what the answer needs of its account (from the statement that found the rule). */
export interface AnswerDue {
  /** the reply's MO sn: one answer per reply, ever. */
  sn: string;
  cus_id: string;
  ep_id: string;
  /** the account's status (1 open) and time zone. */
  status: number;
  time_zone: string;
  mobile: string;
  /** the batch of the message the reply answers ('' when unknown): one of our answers' is never answered. */
  batch_id: string;
  rule_id: string;
  answer: string;
}

interface Priced {
  d: AnswerDue;
  prodType: 0 | 1;
  country: string | null;
  countryName: string | null;
  segments: number;
  units: number;
  batchId: string;
}

/** Sends the answers of `due` the account may send and pay for, in reply order while a prepaid balance lasts; answers
 * the accounts that sent one. Not answered, the reply itself is kept: a reply to an answer, one answered already, a
 * blacklisted or invalid number, a closed account, no price for the number (logged), no balance left (logged). */
export async function sendAnswers(ctx: AppContext, q: Queryable, now: Date, due: AnswerDue[]): Promise<string[]> {
  const asked = [...new Set(due.map((d) => d.batch_id).filter((b) => b !== ''))];
  const own =
    asked.length === 0
      ? new Set<string>()
      : new Set(
          (
            await q.query<{ batch_id: string }>(
              'select distinct batch_id from reply_rule_answers where batch_id = any($1::text[])',
              [asked],
            )
          ).map((r) => r.batch_id),
        );
  const open = due.flatMap((d) => {
    const number = classifyNumber(d.mobile);
    return own.has(d.batch_id) || d.status !== 1 || number.kind === 'invalid' ? [] : [{ d, number }];
  });
  const blocked = await blockedSends(
    q,
    open.map(({ d }) => d),
  );
  const allowed = open.filter((_, i) => !blocked.has(i));
  if (allowed.length === 0) return [];
  const prodOf = (n: (typeof allowed)[number]['number']) => (n.kind === 'international' ? 1 : 0);
  const prices = await pricesOf(
    q,
    [...new Set(allowed.map(({ d }) => d.cus_id))],
    [...new Set(allowed.map(({ number }) => prodOf(number)))],
  );
  const priced: Priced[] = [];
  const batchOf = new Map<string, { id: string; n: number }>();
  for (const { d, number } of allowed) {
    const prodType = prodOf(number);
    const country = number.kind === 'international' ? number.country : null;
    const price = prices.get(priceKey(d.cus_id, prodType))?.get(country ?? '');
    if (!price) {
      ctx.log.info(
        {
          cus_id: d.cus_id,
          moId: d.sn,
          rule: d.rule_id,
          reason: prodType === 1 ? 'send.noCountryPrice' : 'send.noPrice',
        },
        'reply rule answer not sent',
      );
      continue;
    }
    // one batch per account and product, a new one past a chunk, so every record is written in this transaction
    const key = `${d.cus_id}\n${prodType}`;
    let batch = batchOf.get(key);
    if (!batch || batch.n === INSERT_CHUNK) batchOf.set(key, (batch = { id: ulid(), n: 0 }));
    batch.n += 1;
    const segments = Math.max(1, countSegments(d.answer).segments);
    priced.push({
      d,
      prodType,
      country,
      countryName: country === null ? null : price.country_name,
      segments,
      units: price.units * segments,
      batchId: batch.id,
    });
  }
  if (priced.length === 0) return [];
  const first = new Set(
    (
      await q.query<{ mo_sn: string }>(
        `insert into reply_rule_answers (mo_sn, batch_id, rule_id)
         select * from unnest($1::text[], $2::text[], $3::text[]) on conflict do nothing returning mo_sn`,
        [priced.map((p) => p.d.sn), priced.map((p) => p.batchId), priced.map((p) => p.d.rule_id)],
      )
    ).map((r) => r.mo_sn),
  );
  const fresh = priced.filter((p) => first.has(p.d.sn));
  const charged = await chargeInOrder(
    q,
    fresh.map((p) => ({ cus_id: p.d.cus_id, units: p.units, ref: p.batchId })),
  );
  const unpaid = fresh.filter((_, i) => !charged[i]);
  if (unpaid.length > 0) {
    await q.query('delete from reply_rule_answers where mo_sn = any($1::text[])', [unpaid.map((p) => p.d.sn)]);
    for (const p of unpaid)
      ctx.log.info(
        { cus_id: p.d.cus_id, moId: p.d.sn, rule: p.d.rule_id, reason: 'send.insufficientBalance' },
        'reply rule answer not sent',
      );
  }
  const sent = fresh.filter((_, i) => charged[i]);
  await writeBatches(ctx, q, now, sent);
  return [...new Set(sent.map((p) => p.d.cus_id))];
}

/** The answers' batches and records, each batch's answers in reply order. */
async function writeBatches(ctx: AppContext, q: Queryable, now: Date, sent: Priced[]): Promise<void> {
  const batches = new Map<string, Priced[]>();
  for (const p of sent) {
    const rows = batches.get(p.batchId);
    if (rows) rows.push(p);
    else batches.set(p.batchId, [p]);
  }
  for (const [batchId, rows] of batches) {
    const { d, prodType } = rows[0];
    const same = rows.every((p) => p.d.answer === d.answer);
    const intl = prodType === 1;
    await insertBatch(
      q,
      ctx,
      {
        batch_id: batchId,
        prod_type: prodType,
        batch_type: same ? 1 : 2,
        cus_id: d.cus_id,
        content: d.answer,
        title: null,
        review: false,
        costUnits: rows.reduce((sum, p) => sum + p.units, 0),
        items: {
          mobiles: rows.map((p) => p.d.mobile),
          contents: same ? null : rows.map((p) => p.d.answer),
          segments: rows.map((p) => p.segments),
          priceUnits: rows.map((p) => p.units),
          countryCodes: intl ? rows.map((p) => p.country ?? '') : null,
          countryNames: intl ? rows.map((p) => p.countryName ?? '') : null,
        },
      },
      d.time_zone,
      now,
    );
  }
}
