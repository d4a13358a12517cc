import { assign, enqueueActions, fromPromise, setup, type AnyEventObject } from 'xstate';
import type { SendResult } from '../contract/endpoints/send.endpoints';
import type { PriceRow, SendAccount } from '../contract/endpoints/price.endpoints';
import type { MessageParams } from '../contract/messages';
import { checkNumbers, cleanedList, withoutCountries, type NumberCheck, type NumberMode } from '../contract/validation/send-numbers.rules';
import type { EventDoc } from '../sync/local-db';
import {
  emptyDraft,
  problemParams,
  quoteSend,
  scheduleOf,
  SEND_KINDS,
  sendProblem,
  sendRequestOf,
  type SendDraft,
  type SendKind,
  type SendKindConfig,
  type SendQuote,
  withoutNumbers,
  type BlacklistInput,
  type BlacklistReading,
} from './send-kinds';

// The send workflow (issue 10): editing → checking → confirming → submitting | queued (offline) → sent | rejected.
// Every send kind is a configuration (send-kinds.ts) of this one machine. A confirmed send is recorded in the event log
// (Idempotency-Key = event id) and the displayed balance drops by the quoted cost at once (spec §4); the outbox pushes
// it now or when the network returns, and a rejection restores the balance and shows the platform's message.
// Effects are named actors (checkNumbers runs in a Web Worker in the console), replaced in tests with provide().
// While editing, the numbers are counted as they change (countNumbers, in the same worker): typed numbers once typing
// pauses for COUNT_DELAY_MS, numbers read from a file or groups at once; a newer list stops the count of an older one
// (the actor's signal cancels it in the worker). The check step takes that count when it is of the numbers as they
// are, so a 100,000-number list is not counted twice.

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

export interface SendContext {
  cfg: SendKindConfig;
  draft: SendDraft;
  prices: PriceRow[];
  account: SendAccount | null;
  online: boolean;
  linkBase: string;
  now: () => number;
  timeZone: string;
  /** the count of `checkedMobiles`: live while editing, then the check step's. */
  check: NumberCheck | null;
  /** the numbers `check` counted; differs from draft.mobiles while a newer list waits to be counted. */
  checkedMobiles: string | null;
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
  | { type: 'send.account'; account: SendAccount | null; cus_id: string }
  | { type: 'send.prices'; prices: PriceRow[] }
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
}

/** How long typing must pause before the numbers are counted: a count per keystroke of a 100,000-number list would
 * keep the worker busy with lists already replaced. */
export const COUNT_DELAY_MS = 250;

/** The check step's figures for a counted list: the blacklisted numbers are neither sent nor charged, so the quote
 * and the problems are of the rest. */
function evaluation(context: SendContext, check: NumberCheck, blacklisted: string[] | null): Partial<SendContext> {
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

/** The count is of the numbers as they are now. */
const counted = (context: SendContext) => context.check !== null && context.checkedMobiles === context.draft.mobiles;
type UpdateArgs = { context: SendContext; event: SendEvent };
const newMobiles = ({ context, event }: UpdateArgs): string | null =>
  event.type === 'send.update' && event.patch.mobiles !== undefined && event.patch.mobiles !== context.draft.mobiles ? event.patch.mobiles : null;

const deduct = (ctx: SendContext, amount: number): SendAccount | null =>
  ctx.account ? { ...ctx.account, balance: Math.round((ctx.account.balance - amount) * 10_000) / 10_000 } : null;

export const sendMachine = setup({
  types: {} as { context: SendContext; events: SendEvent; input: SendMachineInput },
  actors: {
    /** valid / invalid / repeat counts by the contract's rules; the console runs it in a Web Worker with progress. */
    checkNumbers: fromPromise<NumberCheck, CheckInput>(async ({ input }) => checkNumbers(input.mode, input.text)),
    /** the same counts while the operator edits; the console's is cancelled in the worker through `signal` when the
     * actor stops (a newer list, or the check step starting). */
    countNumbers: fromPromise<NumberCheck, CheckInput>(async ({ input }) => checkNumbers(input.mode, input.text)),
    /** appends the send to the event log; answers the event id. */
    recordSend: fromPromise<string, SendCommand>(async () => {
      throw new Error('recordSend not provided');
    }),
    /** waits until the outbox acknowledges or rejects the event. */
    awaitOutcome: fromPromise<Pick<EventDoc, 'status' | 'last_error' | 'result'>, string>(async () => {
      throw new Error('awaitOutcome not provided');
    }),
    /** which of the valid numbers the account's enterprise blacklist holds: the blacklist is the platform's. */
    checkBlacklist: fromPromise<string[], BlacklistInput>(async () => {
      throw new Error('checkBlacklist not provided');
    }),
  },
  actions: {
    /** tells the app the displayed balance changed (spec §4). */
    balanceChanged: (_, _balance: number) => {},
    /** shows a message (catalogue key or the platform's text). */
    report: (_, _r: { severity: 'success' | 'info' | 'error'; summary: string; detail?: string; params?: MessageParams }) => {},
    applyPatch: assign(({ context, event }) => ({ draft: { ...context.draft, ...(event as Extract<SendEvent, { type: 'send.update' }>).patch }, problem: null })),
    /** a new send on the same account. */
    reset: assign(({ context }) => ({ draft: emptyDraft(context.draft.cus_id), check: null, checkedMobiles: null, quote: null, problem: null, problemParams: {}, timing: null, eventId: null, deducted: 0, result: null, error: null, blacklist: null })),
  },
  delays: { countDelay: COUNT_DELAY_MS },
  guards: {
    online: ({ context }) => context.online,
    counted: ({ context }) => counted(context),
    hasProblem: ({ context }) => context.problem !== null,
  },
}).createMachine({
  id: 'send',
  context: ({ input }) => ({
    cfg: SEND_KINDS[input.kind],
    draft: emptyDraft(input.account?.cus_id ?? ''),
    prices: input.prices ?? [],
    account: input.account ?? null,
    online: input.online ?? true,
    linkBase: input.linkBase ?? '',
    now: input.now ?? Date.now,
    timeZone: input.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
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
  }),
  on: {
    'send.online': { actions: assign({ online: true }) },
    'send.offline': { actions: assign({ online: false }) },
    'send.prices': { actions: assign({ prices: ({ event }) => event.prices }) },
  },
  initial: 'editing',
  states: {
    editing: {
      initial: 'counted',
      states: {
        /** `check` is of the numbers as they are (or there are none). */
        counted: {},
        /** typed numbers wait for a pause in the typing. */
        waiting: { after: { countDelay: 'counting' } },
        counting: {
          invoke: {
            src: 'countNumbers',
            input: ({ context }) => ({ mode: context.cfg.numbers, text: context.draft.mobiles }),
            onDone: { target: 'counted', actions: assign(({ context, event }) => ({ check: event.output, checkedMobiles: context.draft.mobiles })) },
            // the check step counts again and says why it cannot
            onError: 'counted',
          },
        },
      },
      on: {
        'send.update': [
          // back to the list already counted, or to none: nothing to count
          {
            guard: (a) => {
              const next = newMobiles(a);
              return next !== null && (next.trim() === '' || next === a.context.checkedMobiles);
            },
            target: '.counted',
            actions: assign(({ context, event }) => {
              const draft = { ...context.draft, ...(event as Extract<SendEvent, { type: 'send.update' }>).patch };
              return draft.mobiles.trim() === '' ? { draft, problem: null, check: null, checkedMobiles: null } : { draft, problem: null };
            }),
          },
          // a state's own target is re-entered: a newer list restarts the pause, and stops a count under way
          { guard: (a) => newMobiles(a) !== null && a.event.type === 'send.update' && a.event.immediate === true, target: '.counting', reenter: true, actions: 'applyPatch' },
          { guard: (a) => newMobiles(a) !== null, target: '.waiting', reenter: true, actions: 'applyPatch' },
          { actions: 'applyPatch' },
        ],
        'send.account': { actions: assign({ account: ({ event }) => event.account, draft: ({ context, event }) => ({ ...context.draft, cus_id: event.cus_id }), problem: null }) },
        // only a count of the numbers as they are: a stale one would drop what was typed since
        'send.removeInvalid': {
          guard: 'counted',
          target: '.counted',
          actions: assign(({ context }) => {
            const mobiles = cleanedList(context.check!);
            return { draft: { ...context.draft, mobiles }, check: { ...context.check!, invalid: [], repeatCount: 0 }, checkedMobiles: mobiles };
          }),
        },
        // the operator goes on without the numbers whose countries the account has no price for
        'send.removeUnpriced': {
          guard: ({ context }) => context.check !== null && (context.quote?.unpriced.length ?? 0) > 0,
          target: '.counted',
          actions: assign(({ context }) => {
            const check = withoutCountries(context.check!, new Set(context.quote!.unpriced.map((u) => u.country)));
            const mobiles = cleanedList(check);
            return { draft: { ...context.draft, mobiles }, check: { ...check, invalid: [], repeatCount: 0 }, checkedMobiles: mobiles, quote: null, problem: null, problemParams: {} };
          }),
        },
        'send.check': [
          // the live count is of these very numbers: the check step need not count them again
          { guard: 'counted', target: 'screening' },
          { target: 'checking' },
        ],
      },
    },
    checking: {
      entry: assign({ problem: null, error: null }),
      invoke: {
        src: 'checkNumbers',
        input: ({ context }) => ({ mode: context.cfg.numbers, text: context.draft.mobiles }),
        onDone: { target: 'screening', actions: assign(({ context, event }) => ({ check: event.output, checkedMobiles: context.draft.mobiles })) },
        onError: { target: 'editing', actions: assign({ problem: 'send.checkFailed' }) },
      },
    },
    /** asks the platform which valid numbers are blacklisted; offline (or without an account or numbers) it cannot,
     * and the counts stay as checked. */
    screening: {
      always: [
        {
          guard: ({ context }) => !context.online || !context.draft.cus_id || context.check!.valid.length === 0,
          target: 'evaluating',
          actions: assign(({ context }) => evaluation(context, context.check!, context.check!.valid.length === 0 && context.online ? [] : null)),
        },
        { target: 'askingBlacklist' },
      ],
    },
    askingBlacklist: {
      invoke: {
        src: 'checkBlacklist',
        input: ({ context }) => ({ cus_id: context.draft.cus_id, mobiles: context.check!.valid }),
        onDone: { target: 'evaluating', actions: assign(({ context, event }) => evaluation(context, context.check!, event.output)) },
        // the send itself still leaves them out; the confirm dialog says the blacklist could not be checked
        onError: { target: 'evaluating', actions: assign(({ context }) => evaluation(context, context.check!, null)) },
      },
    },
    evaluating: {
      always: [
        { guard: 'hasProblem', target: 'editing', actions: { type: 'report', params: ({ context }) => ({ severity: 'error' as const, summary: context.problem!, params: context.problemParams }) } },
        { target: 'confirming' },
      ],
    },
    confirming: {
      on: { 'send.confirm': 'recording', 'send.cancel': 'editing' },
    },
    recording: {
      invoke: {
        src: 'recordSend',
        input: ({ context }) => ({
          type: context.cfg.command,
          body: sendRequestOf(context.cfg, context.draft, context.timing),
          summary: { kind: context.cfg.kind, count: context.quote?.count ?? 0, cost: context.quote?.cost ?? 0, timing: context.timing },
        }),
        onDone: [
          {
            guard: 'online',
            target: 'submitting',
            actions: [
              assign(({ context, event }) => ({ eventId: event.output, deducted: context.quote?.cost ?? 0, account: deduct(context, context.quote?.cost ?? 0) })),
              { type: 'balanceChanged', params: ({ context }) => context.account?.balance ?? 0 },
            ],
          },
          {
            target: 'queued',
            actions: [
              assign(({ context, event }) => ({ eventId: event.output, deducted: context.quote?.cost ?? 0, account: deduct(context, context.quote?.cost ?? 0) })),
              { type: 'balanceChanged', params: ({ context }) => context.account?.balance ?? 0 },
              { type: 'report', params: { severity: 'info' as const, summary: 'send.queued' } },
            ],
          },
        ],
        onError: { target: 'rejected', actions: assign({ error: ({ event }) => String((event.error as Error)?.message ?? event.error) }) },
      },
    },
    /** recorded; the outbox is pushing it. */
    submitting: {
      on: { 'send.offline': { target: 'queued', actions: assign({ online: false }) } },
      invoke: { src: 'awaitOutcome', input: ({ context }) => context.eventId!, onDone: outcome(), onError: 'queued' },
    },
    /** recorded offline: shown as queued, pushed exactly once when the network returns. */
    queued: {
      on: { 'send.online': { target: 'submitting', actions: assign({ online: true }) } },
      invoke: { src: 'awaitOutcome', input: ({ context }) => context.eventId!, onDone: outcome() },
    },
    sent: {
      on: { 'send.new': { target: 'editing', actions: 'reset' } },
    },
    rejected: {
      on: { 'send.edit': 'editing', 'send.new': { target: 'editing', actions: 'reset' } },
    },
  },
});

type Outcome = Pick<EventDoc, 'status' | 'last_error' | 'result'>;
type Args = { context: SendContext; event: AnyEventObject };
const outputOf = (event: AnyEventObject) => event.output as Outcome;

/** An acknowledged send settles the balance on what was charged; a rejection gives the deduction back. */
function outcome() {
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
        { type: 'report', params: ({ context }: Args) => ({ severity: 'success' as const, summary: context.result?.time_batch ? 'send.scheduled' : 'send.success' }) },
        // the platform's answer is the last word: the check before confirming could not ask it (offline), or a number
        // was blacklisted since, so say how many were left out (and not charged)
        enqueueActions(({ context, enqueue }: { context: SendContext; enqueue: (action: never) => void }) => {
          const n = context.result?.blacklistCount ?? 0;
          if (n > 0) enqueue({ type: 'report', params: { severity: 'info', summary: 'send.blacklistSkipped', params: { n } } } as never);
        }),
      ],
    },
    {
      target: 'rejected',
      actions: [
        assign(({ context, event }: Args) => ({ error: outputOf(event).last_error ?? null, account: deduct(context, -context.deducted), deducted: 0 })),
        { type: 'balanceChanged', params: ({ context }: Args) => context.account?.balance ?? 0 },
        { type: 'report', params: ({ context }: Args) => ({ severity: 'error' as const, summary: 'send.rejected', detail: context.error ?? undefined }) },
      ],
    },
  ] as never;
}
