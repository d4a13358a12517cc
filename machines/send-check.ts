import { assign, enqueueActions, type AnyEventObject } from 'xstate';
import type { SendResult } from '../contract/endpoints/send.endpoints';
import type { SendAccount } from '../contract/endpoints/price.endpoints';
import type { NumberCheck } from '../contract/validation/send-numbers.rules';
import type { EventDoc } from '../sync/store/local-db';
import { problemParams, quoteSend, scheduleOf, sendProblem, withoutNumbers } from './send-kinds';
import type { SendContext } from './send-form';

// The check step's figures and the send's outcome: what the counted list costs and why it may not go, and how the
// displayed balance follows the send from the deduction at confirming to the platform's answer.

/** The check step's figures for a counted list: the blacklisted numbers are neither sent nor charged, so the quote
 * and the problems are of the rest. `blacklisted` null: the blacklist could not be asked. */
export function evaluation(
  context: SendContext,
  check: NumberCheck,
  blacklisted: string[] | null,
): Partial<SendContext> {
  const sendable = withoutNumbers(check, blacklisted ?? []);
  const quote = quoteSend(context.cfg, context.draft, sendable, context.prices, context.linkBase);
  const zone = context.account?.time_zone ?? context.timeZone;
  const problem = sendProblem(context.cfg, context.draft, sendable, quote, context.account, context.now(), zone);
  return {
    check,
    checkedMobiles: context.draft.mobiles,
    quote,
    timing: scheduleOf(context.draft, zone).at,
    // every valid number blacklisted: say so rather than "no valid number", as the platform would
    problem: problem === 'send.noValidMobile' && check.valid.length > 0 ? 'send.allBlacklisted' : problem,
    problemParams: { ...problemParams(context.draft, quote), n: check.valid.length },
    error: null,
    blacklist: { cus_id: context.draft.cus_id, mobiles: context.draft.mobiles, numbers: blacklisted },
  };
}

/** Offline, without an account or without a valid number the blacklist is not asked. */
export const blacklistUnaskable = (context: SendContext) =>
  !context.online || !context.draft.cus_id || context.check!.valid.length === 0;

/** The figures when the blacklist is not asked: with no valid number there is nothing it could hold; otherwise it is
 * unknown, and the send's answer will tell. */
export const unaskedEvaluation = (context: SendContext) =>
  evaluation(context, context.check!, context.check!.valid.length === 0 && context.online ? [] : null);

export const deduct = (ctx: SendContext, amount: number): SendAccount | null =>
  ctx.account ? { ...ctx.account, balance: Math.round((ctx.account.balance - amount) * 10_000) / 10_000 } : null;

/** The recorded send's cost comes off the displayed balance at once. */
export const recorded = (context: SendContext, eventId: string): Partial<SendContext> => ({
  eventId,
  deducted: context.quote?.cost ?? 0,
  account: deduct(context, context.quote?.cost ?? 0),
});

type Outcome = Pick<EventDoc, 'status' | 'last_error' | 'result'>;
type Args = { context: SendContext; event: AnyEventObject };
const outputOf = (event: AnyEventObject) => event.output as Outcome;

/** An acknowledged send settles the balance on what was charged; a rejection gives the deduction back. */
export function outcome() {
  return [
    {
      guard: ({ event }: Args) => outputOf(event).status === 'acked',
      target: 'sent',
      actions: [
        assign(({ context, event }: Args) => {
          const result = outputOf(event).result as SendResult;
          const charged = typeof result?.cost === 'number' ? result.cost : context.deducted;
          return { result, account: deduct(context, charged - context.deducted), deducted: 0 };
        }),
        { type: 'balanceChanged', params: ({ context }: Args) => context.account?.balance ?? 0 },
        {
          type: 'report',
          params: ({ context }: Args) => ({
            severity: 'success' as const,
            summary: context.result?.time_batch ? 'send.scheduled' : 'send.success',
          }),
        },
        // the platform's answer is the last word: the check before confirming could not ask it (offline), or a number
        // was blacklisted since, so say how many were left out (and not charged)
        enqueueActions(({ context, enqueue }: { context: SendContext; enqueue: (action: never) => void }) => {
          const n = context.result?.blacklistCount ?? 0;
          if (n > 0)
            enqueue({
              type: 'report',
              params: { severity: 'info', summary: 'send.blacklistSkipped', params: { n } },
            } as never);
        }),
      ],
    },
    {
      target: 'rejected',
      actions: [
        assign(({ context, event }: Args) => ({
          error: outputOf(event).last_error ?? null,
          account: deduct(context, -context.deducted),
          deducted: 0,
        })),
        { type: 'balanceChanged', params: ({ context }: Args) => context.account?.balance ?? 0 },
        {
          type: 'report',
          params: ({ context }: Args) => ({
            severity: 'error' as const,
            summary: 'send.rejected',
            detail: context.error ?? undefined,
          }),
        },
      ],
    },
  ] as never;
}
