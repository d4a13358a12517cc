import { ulid } from 'ulid';
import { countSegments } from '../../contract/segments';
import type { CurrentUser } from '../core/current-user';
import type { AppContext } from '../core/context';
import { groupWriter, type GroupWriter } from '../db/group-commit';
import { withRetry } from '../db/retry';
import { spendableUnits } from '../accounts/ledger';
import { INSERT_CHUNK, insertBatch, recordSn } from '../messaging/batch-insert';
import { chargeLocked } from '../messaging/charge';
import { notifyAll } from '../feed/change-notices';
import {
  classifySmppAddress,
  destinationOn,
  productFor,
  type SmsProduct,
} from '../../contract/validation/number.rules';
import { checkSender } from '../../contract/validation/sender.rules';
import { blockedNumbers } from '../messaging/blacklist';
import { decideSend, recordSend, type PolicySend, type Refusal } from '../messaging/send-policy-count';
import { DEFAULT_CATEGORY } from '../../contract/endpoints/send-policy.endpoints';
import { pricesFor } from '../messaging/pricing';
import { loadAccount, reviewRule, type Account } from '../messaging/send-account';
import { SMPP_PRODUCTS, type SmppAccountOptions } from './bind-auth';
import { STATUS } from '../smpp-wire/command-status';
import { newMessageId } from '../smpp-wire/message-id';
import { expiryOf } from '../smpp-wire/smpp-time';
import type { SessionInfo, SubmitOutcome, SubmittedMessage } from './server-types';

// A submit_sm is sent as the console sends: priced, checked against the account's rules, charged and written to
// mt_records, with the ids the client is answered with kept beside the record, before submit_sm_resp. Submits are
// group-committed: those that arrive (over any bind) while a group is in the database are written together, one
// transaction per account, so a burst costs a handful of statements per group instead of ~20 per message. A group's
// messages of one account become one batch per product (domestic, international; those held for review in batches
// of their own), one record each.

/** The caller a send runs as: the bound (or signing) account itself, reaching nothing else. */
export function bindCaller(cusId: string, epId: string): CurrentUser {
  return {
    id: 0,
    username: cusId,
    name: cusId,
    cus_id: cusId,
    ep_id: epId,
    userType: 3,
    showClientStatus: 1,
    clientForbidUnknown: 0,
    showContentFilterWhere: 1,
    moreType: 0,
    roles: ['user'],
    permissions: [],
    visibleCusIds: [cusId],
    tokenHash: '',
    expiresAt: new Date(8.64e15),
  };
}

/** The earliest validity over a message's parts (each part's relative validity was fixed at its arrival). */
function earliestExpiry(message: SubmittedMessage, now: number): Date | null {
  const times = message.pdus.flatMap((p) => expiryOf(p.validityPeriod, now) ?? []);
  return times.length === 0 ? null : new Date(Math.min(...times.map((t) => t.getTime())));
}

interface Submit {
  cusId: string;
  message: SubmittedMessage;
}

/** A message that passed every check but the balance: what its record holds. */
interface Priced {
  at: number;
  /** the address the client sent from, or the account's own source for a NULL source_addr. */
  source: string;
  prodType: SmsProduct;
  mobile: string;
  text: string;
  country: string | null;
  countryName: string | null;
  segments: number;
  units: number;
  review: boolean;
  /** the earliest validity_period of its parts; null when none gave one. */
  expiresAt: Date | null;
}

const writers = new WeakMap<AppContext, GroupWriter<Submit, SubmitOutcome>>();

export function submitFromSmpp(
  ctx: AppContext,
  session: SessionInfo,
  message: SubmittedMessage,
): Promise<SubmitOutcome> {
  if (!session.accountId) return Promise.resolve({ status: STATUS.RINVBNDSTS });
  let write = writers.get(ctx);
  if (!write) {
    write = groupWriter((items: Submit[]) => writeGroup(ctx, items), INSERT_CHUNK);
    writers.set(ctx, write);
  }
  return write({ cusId: session.accountId, message });
}

/** One group: each account's messages in their own transaction, so one account's failure is not another's. */
async function writeGroup(ctx: AppContext, items: Submit[]): Promise<SubmitOutcome[]> {
  const out = new Array<SubmitOutcome>(items.length);
  const byAccount = new Map<string, number[]>();
  items.forEach((it, i) => {
    const at = byAccount.get(it.cusId);
    if (at) at.push(i);
    else byAccount.set(it.cusId, [i]);
  });
  for (const [cusId, at] of byAccount) {
    try {
      const outcomes = await writeAccountGroup(
        ctx,
        cusId,
        at.map((i) => items[i].message),
      );
      at.forEach((i, k) => (out[i] = outcomes[k]));
    } catch (err) {
      ctx.log.warn(
        { cusId, messages: at.length, code: (err as { code?: string }).code, err: (err as Error).message },
        'smpp submits not stored',
      );
      for (const i of at) out[i] = { status: STATUS.RSYSERR };
    }
  }
  return out;
}

async function writeAccountGroup(
  ctx: AppContext,
  cusId: string,
  messages: SubmittedMessage[],
): Promise<SubmitOutcome[]> {
  const out = new Array<SubmitOutcome>(messages.length);
  const refuseAll = (reason: string) => {
    ctx.log.warn({ cusId, messages: messages.length, reason }, 'smpp submit refused');
    return out.fill({ status: STATUS.RSUBMITFAIL });
  };
  const account = await loadAccount(ctx.db, cusId);
  if (!account) return refuseAll('no account');
  if (account.status !== 1) return refuseAll('account closed');
  const granted = await ctx.db.query<{ prod_type: number }>(
    'select prod_type::int as prod_type from account_products where cus_id = $1',
    [cusId],
  );
  const products = SMPP_PRODUCTS.filter((p) => granted.some((g) => Number(g.prod_type) === p));
  if (products.length === 0) return refuseAll('no SMS product');
  // each message goes on its own product: an international destination on the international one when the account
  // has it, else refused, never sent as a mainland mobile (contract/validation/number.rules.ts); the prices read are
  // those of the products the group's messages go on
  const destinations = messages.map((m) => classifySmppAddress(m.pdu.destAddrTon, m.pdu.destinationAddr));
  const productOf = destinations.map((n) => productFor([n], products)!);
  const prices = new Map<SmsProduct, Awaited<ReturnType<typeof pricesFor>>>();
  for (const p of new Set(productOf)) prices.set(p, await pricesFor(ctx.db, cusId, p));
  const needsReview = await reviewRule(ctx.db, account);
  const options = (account.options ?? {}) as SmppAccountOptions;
  const source = `${options.srcId ?? ''}${account.ext_number ?? ''}`;

  const priced: Priced[] = [];
  messages.forEach((message, at) => {
    const refuse = (status: number, reason: string, detail: object = {}) => {
      ctx.log.warn({ cusId, reason, ...detail }, 'smpp submit refused');
      out[at] = { status };
    };
    const n = destinations[at];
    const prodType = productOf[at];
    // a NULL source_addr means the client does not know its address: the message goes from the account's own source
    const from = message.pdu.sourceAddr === '' ? source : message.pdu.sourceAddr;
    const sender = checkSender(message.pdu.sourceAddr, prodType, { srcId: options.srcId, ext: account.ext_number });
    if (!sender.ok) return refuse(STATUS.RINVSRCADR, 'source address', { sourceAddr: from, allowed: sender.allowed });
    if (message.text === null) return refuse(STATUS.RSUBMITFAIL, 'binary content', { dataCoding: message.dataCoding });
    if (message.text.trim() === '') return refuse(STATUS.RSUBMITFAIL, 'send.emptyContent');
    const number = destinationOn(prodType, n);
    if (number.refused)
      return refuse(
        STATUS.RINVDSTADR,
        number.refused === 'INVALID_NUMBER' ? 'send.noValidMobile' : 'send.internationalNotAllowed',
        {
          destination: message.pdu.destinationAddr,
          ton: message.pdu.destAddrTon,
        },
      );
    const price = prices.get(prodType)!.get(number.country ?? '');
    if (!price)
      return refuse(STATUS.RSUBMITFAIL, prodType === 1 ? 'send.noCountryPrice' : 'send.noPrice', {
        country: number.country,
      });
    const segments = Math.max(1, countSegments(message.text).segments);
    priced.push({
      at,
      source: from,
      prodType,
      mobile: number.mobile,
      text: message.text,
      country: number.country,
      countryName: number.country === null ? null : price.country_name,
      segments,
      units: price.units * segments,
      review: needsReview(message.text),
      expiresAt: earliestExpiry(message, ctx.now().getTime()),
    });
  });
  const blocked = await blockedNumbers(
    ctx.db,
    account,
    priced.map((p) => p.mobile),
  );
  const clean = priced.filter((p) => {
    const block = blocked.get(p.mobile);
    if (!block) return true;
    // the log names the entry's source and scope, never the number
    ctx.log.warn({ cusId, reason: 'blacklisted', source: block.source, scope: block.scope }, 'smpp submit refused');
    out[p.at] = { status: STATUS.RSUBMITFAIL };
    return false;
  });
  if (clean.length === 0) return out;

  const ids = clean.map(() => newMessageId());
  const { sns: stored, limited } = await withRetry(() => storeGroup(ctx, account, clean, messages, ids));
  clean.forEach((p, k) => {
    const sn = stored.get(k);
    const limit = limited.get(k);
    if (limit !== undefined) {
      // a cap (per number or the account's day) is a throttle the client may retry later; a duplicate is refused
      ctx.log.warn(
        { cusId, reason: limit === 'daily' ? 'policy.dailyCapReached' : `policy.${limit}` },
        'smpp submit refused',
      );
      out[p.at] = { status: limit === 'duplicate' ? STATUS.RSUBMITFAIL : STATUS.RTHROTTLED };
    } else if (sn !== undefined) {
      out[p.at] = { messageId: ids[k] };
      ctx.log.debug({ msgId: sn, smppMessageId: ids[k], door: 'smpp', cusId }, 'message accepted');
    } else {
      ctx.log.warn({ cusId, reason: 'send.insufficientBalance' }, 'smpp submit refused');
      out[p.at] = { status: STATUS.RSUBMITFAIL };
    }
  });
  if (stored.size > 0) await notifyAll(ctx.db, ['batch', 'mtRecord', 'statistics'], [cusId]);
  return out;
}

/** Charges and writes the group's messages the send policy lets through, in order while the balance lasts (a prepaid
 * account); answers which of `clean` were stored, with the sn of each one's record, and which the policy refused. SMPP
 * has no category field and its texts come from no template, so its messages count as notifications. */
async function storeGroup(
  ctx: AppContext,
  account: Account,
  clean: Priced[],
  messages: SubmittedMessage[],
  ids: string[],
): Promise<{ sns: Map<number, string>; limited: Map<number, Refusal> }> {
  return ctx.db.explicitTx(async (q) => {
    const now = ctx.now();
    // the policy's enterprise lock comes before the account row's, in the order the console's send takes them
    const policySend: PolicySend = {
      epId: account.ep_id,
      cusId: account.cus_id,
      timeZone: account.time_zone,
      category: DEFAULT_CATEGORY,
      now,
      mobiles: clean.map((p) => p.mobile),
      texts: clean.map((p) => p.text),
    };
    const decision = await decideSend(q, policySend, false);
    const limited = new Map<number, Refusal>();
    decision.refused.forEach((r, k) => r !== null && limited.set(k, r));
    // the row is locked and read once: what it lets through is charged under that lock without reading it again
    const [a] = await q.query<{ balance: string; pay_type: number }>(
      'select balance, pay_type from accounts where cus_id = $1 for no key update',
      [account.cus_id],
    );
    let balance = Number(a.balance);
    let left = spendableUnits(a);
    const taken: number[] = [];
    clean.forEach((p, k) => {
      if (limited.has(k) || p.units > left) return;
      left -= p.units;
      taken.push(k);
    });
    await recordSend(q, policySend, decision, taken);
    const sns = new Map<number, string>();
    for (const [prodType, review] of [
      [0, false],
      [0, true],
      [1, false],
      [1, true],
    ] as const) {
      const part = taken.filter((k) => clean[k].review === review && clean[k].prodType === prodType);
      if (part.length === 0) continue;
      const batchId = ulid();
      part.forEach((k, i) => sns.set(k, recordSn(batchId, i + 1)));
      const rows = part.map((k) => clean[k]);
      const costUnits = rows.reduce((sum, p) => sum + p.units, 0);
      balance = await chargeLocked(q, account.cus_id, balance, costUnits, 'send', batchId);
      await insertBatch(
        q,
        ctx,
        {
          batch_id: batchId,
          prod_type: prodType,
          batch_type: review ? 0 : rows.length === 1 ? 1 : 2,
          cus_id: account.cus_id,
          content: rows[0].text,
          title: null,
          review,
          costUnits,
          source: 'smpp',
          items: {
            mobiles: rows.map((p) => p.mobile),
            contents: rows.length === 1 ? null : rows.map((p) => p.text),
            segments: rows.map((p) => p.segments),
            priceUnits: rows.map((p) => p.units),
            countryCodes: prodType === 1 ? rows.map((p) => p.country ?? '') : null,
            countryNames: prodType === 1 ? rows.map((p) => p.countryName ?? '') : null,
          },
        },
        account.time_zone,
        now,
      );
      const message = (k: number) => messages[clean[k].at];
      const expiring = part.flatMap((k, n) => (clean[k].expiresAt ? [{ n: n + 1, at: clean[k].expiresAt }] : []));
      if (expiring.length > 0)
        await q.query(
          `update carrier_queue c set expires_at = t.at from unnest($2::int[], $3::timestamptz[]) as t(n, at)
            where c.sn = $1 || lpad(t.n::text, 6, '0')`,
          [batchId, expiring.map((e) => e.n), expiring.map((e) => e.at)],
        );
      await q.query(
        `insert into smpp_messages (message_id, sn, cus_id, part_ids, registered_delivery, source_addr)
         select t.id, $1 || lpad(t.n::text, 6, '0'), $2, string_to_array(t.parts, ','), string_to_array(t.asked, ',')::smallint[], t.src
           from unnest($3::text[], $4::text[], $5::text[], $6::text[]) with ordinality as t(id, parts, asked, src, n)`,
        [
          batchId,
          account.cus_id,
          part.map((k) => ids[k]),
          part.map((k) =>
            message(k)
              .partIds.map((id) => id ?? ids[k])
              .join(','),
          ),
          part.map((k) =>
            message(k)
              .pdus.map((p) => p.registeredDelivery & 0x03)
              .join(','),
          ),
          part.map((k) => clean[k].source),
        ],
      );
    }
    return { sns, limited };
  });
}
