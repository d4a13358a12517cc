import { assign, enqueueActions, raise, setup } from 'xstate';
import type { MessageParams } from '../contract/messages';
import { SEND_ACTORS } from './send-actors';
import { blacklistUnaskable, evaluation, outcome, recorded, unaskedEvaluation } from './send-check';
import {
  cardPatch,
  COUNT_DELAY_MS,
  counted,
  initialContext,
  newMobiles,
  removeInvalid,
  removeUnpriced,
  resetSend,
  settledAccount,
  sourcesUpdate,
  type CheckInput,
  type SendContext,
  type SendEvent,
  type SendMachineInput,
} from './send-form';
import { sendRequestOf } from './send-kinds';
import { fullMapping, hasHeader, PERSONALIZE_DELAY_MS, type PersonalizeInput } from './send-personalize';

// The send workflow: editing → checking → confirming → submitting | queued (offline) → sent | rejected.
// Every send kind is a configuration (send-kinds.ts) of this one machine; the form's context and its pure steps are
// in send-form.ts, the check step's figures and the outcome in send-check.ts. A confirmed send is recorded in the
// event log (Idempotency-Key = event id) and the displayed balance drops by the quoted cost at once; the outbox pushes
// it now or when the network returns, and a rejection restores the balance and shows the platform's message.
// Effects are named actors (checkNumbers runs in a Web Worker in the console), replaced in tests with provide().
// While editing, the numbers are counted as they change (countNumbers, in the same worker): typed numbers once typing
// pauses for COUNT_DELAY_MS, numbers read from a file or groups at once; a newer list stops the count of an older one
// (the actor's signal cancels it in the worker). The check step takes that count when it is of the numbers as they
// are, so a 100,000-number list is not counted twice. One-to-one sends fill their messages from the sheet (the
// personalize actor, in the worker) once edits of the content or the mapping pause for PERSONALIZE_DELAY_MS.

type UpdateEvent = Extract<SendEvent, { type: 'send.update' }>;

/** One-to-one with a sheet: the messages come from the sheet. */
const personalized = (context: SendContext) => context.cfg.kind === 'oneToOne' && context.sheet !== null;

/** The count's input, telling the machine how far it is. */
const countInput = ({
  context,
  self,
}: {
  context: SendContext;
  self: { send: (e: SendEvent) => void };
}): CheckInput => ({
  mode: context.cfg.numbers,
  text: context.draft.mobiles,
  onProgress: (done, total) => self.send({ type: 'send.progress', done, total }),
});

export const sendMachine = setup({
  types: {} as { context: SendContext; events: SendEvent; input: SendMachineInput },
  actors: SEND_ACTORS,
  actions: {
    /** tells the app the displayed balance changed. */
    balanceChanged: (_, _balance: number) => {},
    /** shows a message (catalogue key or the platform's text). */
    report: (
      _,
      _r: { severity: 'success' | 'info' | 'error'; summary: string; detail?: string; params?: MessageParams },
    ) => {},
    applyPatch: assign(({ context, event }) => ({
      draft: { ...context.draft, ...(event as UpdateEvent).patch },
      problem: null,
    })),
    /** the draft's account, once the reference knows it. */
    settleAccount: assign(({ context }) => settledAccount(context)),
    /** a new send on the same account. */
    reset: assign(({ context }) => resetSend(context)),
    /** one-to-one with a sheet: the messages are filled again once the edits pause. */
    schedulePersonalize: enqueueActions(({ context, enqueue }) => {
      if (!personalized(context)) return;
      enqueue.assign({ personalizing: true });
      enqueue.cancel('personalize');
      enqueue.raise({ type: 'send.personalize' }, { id: 'personalize', delay: PERSONALIZE_DELAY_MS });
    }),
    /** a content edit fills the messages again. */
    contentEdited: enqueueActions(({ context, event, enqueue }) => {
      const content = (event as UpdateEvent).patch.content;
      if (content === undefined || content === context.draft.content || !personalized(context)) return;
      enqueue.assign({ personalizing: true });
      enqueue.cancel('personalize');
      enqueue.raise({ type: 'send.personalize' }, { id: 'personalize', delay: PERSONALIZE_DELAY_MS });
    }),
  },
  delays: { countDelay: COUNT_DELAY_MS },
  guards: {
    online: ({ context }) => context.online,
    counted: ({ context }) => counted(context),
    hasProblem: ({ context }) => context.problem !== null,
  },
}).createMachine({
  id: 'send',
  context: ({ input }) => initialContext(input),
  on: {
    'send.online': { actions: assign({ online: true }) },
    'send.offline': { actions: assign({ online: false }) },
    'send.prices': { actions: assign({ prices: ({ event }) => event.prices }) },
    'send.reference': {
      actions: assign(({ context, event }) => ({
        reference: event.reference,
        prices: event.reference?.prices ?? context.prices,
      })),
    },
    'send.accounts': { actions: assign({ listed: ({ event }) => event.options }) },
    'send.sources': { actions: assign({ sources: ({ event }) => event.sources }) },
    'send.contentTemplates': {
      actions: assign({ choices: ({ context, event }) => ({ ...context.choices, contentTemplates: event.options }) }),
    },
    'send.cardTemplates': {
      actions: assign({ choices: ({ context, event }) => ({ ...context.choices, cardTemplates: event.options }) }),
    },
    'send.card': { actions: assign({ choices: ({ context, event }) => ({ ...context.choices, card: event.card }) }) },
    'send.choiceError': {
      actions: assign({ choices: ({ context, event }) => ({ ...context.choices, error: event.message }) }),
    },
    'send.progress': { actions: assign({ progress: ({ event }) => ({ done: event.done, total: event.total }) }) },
    'send.sheet': { actions: [assign({ sheet: ({ event }) => event.sheet }), 'schedulePersonalize'] },
    'send.mobileColumn': { actions: [assign({ mobileColumn: ({ event }) => event.column }), 'schedulePersonalize'] },
    'send.mapping': {
      actions: [
        assign({ mapping: ({ context, event }) => ({ ...context.mapping, [event.placeholder]: event.column }) }),
        'schedulePersonalize',
      ],
    },
    // a newer run replaces one under way, whose messages would be of an older mapping
    'send.personalize': {
      actions: enqueueActions(({ context, enqueue }) => {
        enqueue.stopChild('personalizer');
        const input: PersonalizeInput = {
          template: context.draft.content,
          mobileColumn: context.mobileColumn,
          mapping: fullMapping(context.draft.content, context.mapping),
          skipHeader: context.sheet ? hasHeader(context.sheet) : false,
        };
        enqueue.spawnChild('personalize', { id: 'personalizer', input });
      }),
    },
    // the messages and their numbers, counted at once
    'xstate.done.actor.personalizer': {
      actions: [
        assign({ personalizing: false }),
        raise(({ event }) => ({
          type: 'send.update' as const,
          patch: { contents: event.output, mobiles: event.output.map((c) => c.mobile).join('\n') },
          immediate: true,
        })),
      ],
    },
    'xstate.error.actor.personalizer': { actions: assign({ personalizing: false }) },
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
          entry: assign({ progress: null }),
          invoke: {
            src: 'countNumbers',
            input: countInput,
            onDone: {
              target: 'counted',
              actions: assign(({ context, event }) => ({ check: event.output, checkedMobiles: context.draft.mobiles })),
            },
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
            actions: [
              'contentEdited',
              assign(({ context, event }) => {
                const draft = { ...context.draft, ...(event as UpdateEvent).patch };
                return draft.mobiles.trim() === ''
                  ? { draft, problem: null, check: null, checkedMobiles: null }
                  : { draft, problem: null };
              }),
              'settleAccount',
            ],
          },
          // a state's own target is re-entered: a newer list restarts the pause, and stops a count under way
          {
            guard: (a) => newMobiles(a) !== null && a.event.type === 'send.update' && a.event.immediate === true,
            target: '.counting',
            reenter: true,
            actions: ['contentEdited', 'applyPatch', 'settleAccount'],
          },
          {
            guard: (a) => newMobiles(a) !== null,
            target: '.waiting',
            reenter: true,
            actions: ['contentEdited', 'applyPatch', 'settleAccount'],
          },
          { actions: ['contentEdited', 'applyPatch', 'settleAccount'] },
        ],
        // the sources' merged list is sent on as an update (the previous sources tell whether it is counted at once)
        'send.sources': {
          actions: [
            raise(({ context, event }) => sourcesUpdate(context, event.sources)),
            assign({ sources: ({ event }) => event.sources }),
          ],
        },
        'send.account': {
          actions: assign({
            account: ({ event }) => event.account,
            draft: ({ context, event }) => ({ ...context.draft, cus_id: event.cus_id }),
            problem: null,
          }),
        },
        'send.reference': {
          actions: [
            assign(({ context, event }) => ({
              reference: event.reference,
              prices: event.reference?.prices ?? context.prices,
            })),
            'settleAccount',
          ],
        },
        'send.accounts': { actions: [assign({ listed: ({ event }) => event.options }), 'settleAccount'] },
        // a chosen card template fills the fallback as the operator would
        'send.card': {
          actions: [
            assign({ choices: ({ context, event }) => ({ ...context.choices, card: event.card }) }),
            enqueueActions(({ context, event, enqueue }) => {
              if (event.card) enqueue.raise({ type: 'send.update', patch: cardPatch(context, event.card) });
            }),
          ],
        },
        // only a count of the numbers as they are: a stale one would drop what was typed since
        'send.removeInvalid': {
          guard: 'counted',
          target: '.counted',
          actions: assign(({ context }) => removeInvalid(context)),
        },
        // the operator goes on without the numbers whose countries the account has no price for
        'send.removeUnpriced': {
          guard: ({ context }) => context.check !== null && (context.quote?.unpriced.length ?? 0) > 0,
          target: '.counted',
          actions: assign(({ context }) => removeUnpriced(context)),
        },
        'send.check': [
          // the live count is of these very numbers: the check step need not count them again
          { guard: 'counted', target: 'screening' },
          { target: 'checking' },
        ],
      },
    },
    checking: {
      entry: assign({ problem: null, error: null, progress: null }),
      invoke: {
        src: 'checkNumbers',
        input: countInput,
        onDone: {
          target: 'screening',
          actions: assign(({ context, event }) => ({ check: event.output, checkedMobiles: context.draft.mobiles })),
        },
        onError: { target: 'editing', actions: assign({ problem: 'send.checkFailed' }) },
      },
    },
    /** asks the platform which valid numbers are blacklisted; offline (or without an account or numbers) it cannot,
     * and the counts stay as checked. */
    screening: {
      always: [
        {
          guard: ({ context }) => blacklistUnaskable(context),
          target: 'evaluating',
          actions: assign(({ context }) => unaskedEvaluation(context)),
        },
        { target: 'askingBlacklist' },
      ],
    },
    askingBlacklist: {
      invoke: {
        src: 'checkBlacklist',
        input: ({ context }) => ({ cus_id: context.draft.cus_id, mobiles: context.check!.valid }),
        onDone: {
          target: 'evaluating',
          actions: assign(({ context, event }) => evaluation(context, context.check!, event.output)),
        },
        // the send itself still leaves them out; the confirm dialog says the blacklist could not be checked
        onError: { target: 'evaluating', actions: assign(({ context }) => evaluation(context, context.check!, null)) },
      },
    },
    evaluating: {
      always: [
        {
          guard: 'hasProblem',
          target: 'editing',
          actions: {
            type: 'report',
            params: ({ context }) => ({
              severity: 'error' as const,
              summary: context.problem!,
              params: context.problemParams,
            }),
          },
        },
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
          summary: {
            kind: context.cfg.kind,
            count: context.quote?.count ?? 0,
            cost: context.quote?.cost ?? 0,
            timing: context.timing,
          },
        }),
        onDone: [
          {
            guard: 'online',
            target: 'submitting',
            actions: [
              assign(({ context, event }) => recorded(context, event.output)),
              { type: 'balanceChanged', params: ({ context }) => context.account?.balance ?? 0 },
            ],
          },
          {
            target: 'queued',
            actions: [
              assign(({ context, event }) => recorded(context, event.output)),
              { type: 'balanceChanged', params: ({ context }) => context.account?.balance ?? 0 },
              { type: 'report', params: { severity: 'info' as const, summary: 'send.queued' } },
            ],
          },
        ],
        onError: {
          target: 'rejected',
          actions: assign({ error: ({ event }) => String((event.error as Error)?.message ?? event.error) }),
        },
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
