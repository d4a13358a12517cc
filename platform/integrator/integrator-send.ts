import type { IntegratorSendAnswer, NumberResult } from '../../contract/endpoints/integrator.endpoints';
import type { ContentCategory, PolicyReason } from '../../contract/endpoints/send-policy.endpoints';
import type { AppContext } from '../core/context';
import { ApiError } from '../http/api-error';
import { classifyNumber, destinationOn, productFor } from '../../contract/validation/number.rules';
import { checkSender } from '../../contract/validation/sender.rules';
import { blockedNumbers } from '../messaging/blacklist';
import { submitSend } from '../messaging/send';
import { AllLimitedError } from '../messaging/send-policy-count';
import { bindCaller } from '../smpp/smpp-submit';
import type { CallerAccount } from './caller-store';
import { IntegratorError, invalidRequest } from './integrator-error';
import { insertHttpMessages, recordsOfBatch, storedSendAnswer, storeSendAnswer } from './message-store';

// A signed send goes through the console's send (priced, checked, charged and recorded in one transaction, source
// http). The send itself drops invalid, repeated and blacklisted numbers; each number's fate is worked out here with
// the same parsers first, so the answer can say per number why it was not sent while the rest still are. A request
// goes on one product (contract/validation/number.rules.ts, productFor): the international one when any of its
// numbers is international and the account has it, else the domestic one, where international numbers are refused.

export interface IntegratorSend {
  /** one text for every number, or a text per number (personalised). */
  items: Array<{ number: string; text: string }>;
  personalised: boolean;
  sender: string | null;
  clientRef: string | null;
  category?: ContentCategory;
  idempotency: { key: string; requestHash: string } | null;
}

const refused = (number: string, code: NumberResult['code']): NumberResult => ({
  number,
  messageId: null,
  accepted: false,
  code,
  segments: 0,
  fee: 0,
});
/** A number the send policy held back: a cap (which one in `limit`) or a duplicate. */
const limitedResult = (number: string, limit: PolicyReason): NumberResult => ({
  ...refused(number, limit === 'duplicate' ? 'DUPLICATE' : 'FREQUENCY_LIMITED'),
  limit,
});
/** What the one send counts in the metrics itself: the numbers the policy held back. */
const COUNTED_BY_SEND = new Set<NumberResult['code']>(['FREQUENCY_LIMITED', 'DUPLICATE']);

/** Why a send the platform refused as a whole is refused, in the integrator's codes. */
function refusalOf(err: ApiError): IntegratorError {
  if (err.key === 'send.insufficientBalance')
    return new IntegratorError('INSUFFICIENT_BALANCE', 'integrator.insufficientBalance');
  if (err.key === 'send.accountClosed') return new IntegratorError('ACCOUNT_CLOSED', 'integrator.accountClosed');
  if (err.key === 'policy.dailyCapReached') return new IntegratorError('DAILY_CAP_REACHED', err.key, err.params);
  if (err.key === 'policy.quietHours') return new IntegratorError('QUIET_HOURS', err.key, err.params);
  const field =
    err.key === 'send.emptyContent' || err.key === 'policy.optOutMissing'
      ? 'text'
      : err.field === 'mobiles'
        ? 'numbers'
        : err.field;
  return invalidRequest(err.key, err.params, field);
}

/** A signed send; what it refuses itself is counted in the metrics under the http door (what the one send refuses is
 * counted there). */
export async function sendForCaller(
  ctx: AppContext,
  account: CallerAccount,
  s: IntegratorSend,
): Promise<IntegratorSendAnswer> {
  const refuse = (err: IntegratorError) => {
    ctx.metrics.refused('http', err.code);
    return err;
  };
  const cusId = account.cus_id;
  const classes = s.items.map((it) => classifyNumber(it.number));
  // a personalised send is one-to-one, which the send pipeline takes for domestic numbers only
  const prodType = productFor(classes, s.personalised ? account.products.filter((p) => p === 0) : account.products);
  if (prodType === undefined)
    throw refuse(invalidRequest('integrator.noSmsProduct', {}, s.personalised ? 'items' : undefined));
  const sender = checkSender(s.sender ?? '', prodType, { srcId: account.options.srcId, ext: account.ext_number });
  if (!sender.ok)
    throw refuse(
      new IntegratorError('SENDER_NOT_ALLOWED', 'integrator.senderNotAllowed', { allowed: sender.allowed.join(' / ') }),
    );

  if (s.idempotency) {
    const earlier = await storedSendAnswer(ctx.db, cusId, s.idempotency.key);
    if (earlier && earlier.requestHash !== s.idempotency.requestHash)
      throw refuse(new IntegratorError('IDEMPOTENCY_CONFLICT', 'integrator.idempotencyConflict'));
    if (earlier) return earlier.answer;
  }

  const destinations = classes.map((n) => destinationOn(prodType, n));
  const forms = destinations.map((d) => (d.refused ? null : d.mobile));
  const unique = [...new Set(forms.filter((f): f is string => f !== null))];
  const blocked = await blockedNumbers(ctx.db, account, unique);
  const sendable = unique.filter((m) => !blocked.has(m));
  const textOf = new Map<string, string>();
  s.items.forEach((it, i) => {
    const f = forms[i];
    if (f !== null && !textOf.has(f)) textOf.set(f, it.text);
  });

  const made: { answer: IntegratorSendAnswer | null } = { answer: null };
  const answerFor = (
    records: Map<string, { sn: string; segments: number; fee: number }>,
    limited = new Map<string, PolicyReason>(),
  ): IntegratorSendAnswer => {
    const seen = new Set<string>();
    const results = s.items.map((it, i): NumberResult => {
      const d = destinations[i];
      if (d.refused) return refused(it.number, d.refused);
      if (seen.has(d.mobile)) return refused(it.number, 'DUPLICATE_NUMBER');
      seen.add(d.mobile);
      const r = records.get(d.mobile);
      const limit = limited.get(d.mobile);
      if (!r && limit) return limitedResult(it.number, limit);
      if (!r) return refused(it.number, 'BLACKLISTED');
      return { number: it.number, messageId: r.sn, accepted: true, code: null, segments: r.segments, fee: r.fee };
    });
    return { results, clientRef: s.clientRef };
  };
  // numbers the send took are counted by the send; those dropped here are counted here, once the answer is final
  // (answerFor runs in the send's transaction, which may be run again)
  const counted = (answer: IntegratorSendAnswer) => {
    for (const r of answer.results) if (r.code && !COUNTED_BY_SEND.has(r.code)) ctx.metrics.refused('http', r.code);
    return answer;
  };
  if (sendable.length === 0) return counted(answerFor(new Map()));

  const at = ctx.now();
  try {
    await submitSend(
      ctx,
      bindCaller(cusId, account.ep_id),
      {
        cus_id: cusId,
        prod_type: prodType,
        content: s.personalised ? '' : s.items[0].text,
        mobiles: sendable.join('\n'),
        contents: s.personalised ? sendable.map((m) => ({ mobile: m, content: textOf.get(m) ?? '' })) : undefined,
        source: 'http',
        // none of the numbers sent is blacklisted: those that are were left out above, each answered BLACKLISTED
        blacklisted: new Map(),
        category: s.category,
        holdable: false,
        sender_id: sender.senderId,
        onStored: async (q, batchId, limited) => {
          const records = await recordsOfBatch(q, batchId);
          await insertHttpMessages(q, {
            cusId,
            batchId,
            sns: records.map((r) => r.sn),
            clientRef: s.clientRef,
            sender: s.sender,
            at,
          });
          made.answer = answerFor(new Map(records.map((r) => [r.mobile, r])), limited);
          if (s.idempotency) await storeSendAnswer(q, cusId, s.idempotency.key, s.idempotency.requestHash, made.answer);
        },
      },
      s.idempotency ? `http:${cusId}:${s.idempotency.key}` : null,
    );
  } catch (err) {
    // every sendable number held back by the policy: still an answer per number, as when all are blacklisted
    if (err instanceof AllLimitedError) return counted(answerFor(new Map(), err.limited));
    if (err instanceof ApiError) throw refusalOf(err);
    throw err;
  }
  if (made.answer) return counted(made.answer);
  // the key's first run committed while this one was checking: answer what it stored
  const stored = s.idempotency ? await storedSendAnswer(ctx.db, cusId, s.idempotency.key) : null;
  if (stored) return stored.answer;
  throw new IntegratorError('IDEMPOTENCY_CONFLICT', 'integrator.idempotencyConflict');
}
