import { assign, fromPromise, setup } from 'xstate';
import type { EventDoc } from '../sync/store/local-db';

// Timed-batch operations: pause, recover and intercept ask for confirmation; every command is
// recorded in the event log (shown at once as pending) and the machine waits for the outbox's outcome to report the
// success or failure message. Effects are named actors, replaced in tests with machine.provide().

export type TimedCommand = 'batch.pause' | 'batch.recover' | 'batch.intercept' | 'batch.edit';

export interface TimedCommandInput {
  type: TimedCommand;
  time_batch: string;
  content?: string;
  /** epoch ms: an edit that moves the scheduled time. */
  timing_time?: number;
}

export type TimedBatchEvent =
  | { type: 'batch.pause'; time_batch: string }
  | { type: 'batch.recover'; time_batch: string }
  | { type: 'batch.intercept'; time_batch: string }
  | { type: 'batch.edit'; time_batch: string; content: string; timing_time?: number }
  | { type: 'confirm' }
  | { type: 'cancel' };

/** the message catalogue's keys per command. */
export const TIMED_MESSAGES: Record<TimedCommand, { success: string; failure: string }> = {
  'batch.pause': { success: 'timed.pauseSuccess', failure: 'timed.pauseFailure' },
  'batch.recover': { success: 'timed.recoverSuccess', failure: 'timed.recoverFailure' },
  'batch.intercept': { success: 'timed.interceptSuccess', failure: 'timed.interceptFailure' },
  'batch.edit': { success: 'timed.editSuccess', failure: 'timed.editFailure' },
};

export interface TimedReport {
  severity: 'success' | 'error';
  /** catalogue key. */
  summary: string;
  /** the platform's message on a rejection. */
  detail?: string;
}

interface Context {
  command: TimedCommandInput | null;
  eventId: string | null;
  lastReport: TimedReport | null;
}

const NEEDS_CONFIRMATION: TimedCommand[] = ['batch.pause', 'batch.recover', 'batch.intercept'];

/** The message for an outcome: the platform's rejection message goes in the detail. */
export function outcomeReport(command: TimedCommand, ev: Pick<EventDoc, 'status' | 'last_error'>): TimedReport {
  return ev.status === 'acked'
    ? { severity: 'success', summary: TIMED_MESSAGES[command].success }
    : { severity: 'error', summary: TIMED_MESSAGES[command].failure, detail: ev.last_error ?? undefined };
}

const start = [
  { guard: 'needsConfirmation' as const, target: 'confirming', actions: 'keepCommand' as const },
  { target: 'recording', actions: 'keepCommand' as const },
];

export const timedBatchMachine = setup({
  types: {} as { context: Context; events: TimedBatchEvent },
  actors: {
    /** appends the command to the event log; answers the event id. */
    recordCommand: fromPromise<string, TimedCommandInput>(async () => {
      throw new Error('recordCommand not provided');
    }),
    /** waits until the outbox acknowledges or rejects the event. */
    awaitOutcome: fromPromise<Pick<EventDoc, 'status' | 'last_error'>, string>(async () => {
      throw new Error('awaitOutcome not provided');
    }),
  },
  actions: {
    keepCommand: assign({ command: ({ event }) => toCommand(event) }),
    /** shows a message; the app provides notify(). */
    report: (_, _report: TimedReport) => {},
    keepReport: assign({ lastReport: (_, report: TimedReport) => report }),
  },
  guards: {
    needsConfirmation: ({ event }) => NEEDS_CONFIRMATION.includes(event.type as TimedCommand),
  },
}).createMachine({
  id: 'timedBatch',
  context: { command: null, eventId: null, lastReport: null },
  initial: 'idle',
  states: {
    idle: { on: { 'batch.*': start } },
    confirming: {
      on: { confirm: 'recording', cancel: { target: 'idle', actions: assign({ command: null }) } },
    },
    recording: {
      invoke: {
        src: 'recordCommand',
        input: ({ context }) => context.command!,
        onDone: { target: 'pending', actions: assign({ eventId: ({ event }) => event.output }) },
        onError: {
          target: 'idle',
          actions: [
            {
              type: 'report',
              params: ({ context, event }) =>
                outcomeReport(context.command!.type, {
                  status: 'rejected',
                  last_error: String((event.error as Error)?.message ?? event.error),
                }),
            },
            {
              type: 'keepReport',
              params: ({ context, event }) =>
                outcomeReport(context.command!.type, {
                  status: 'rejected',
                  last_error: String((event.error as Error)?.message ?? event.error),
                }),
            },
          ],
        },
      },
    },
    /** recorded and shown as pending; the outbox pushes it (now, or when the network returns). */
    pending: {
      invoke: {
        src: 'awaitOutcome',
        input: ({ context }) => context.eventId!,
        onDone: {
          target: 'idle',
          actions: [
            { type: 'report', params: ({ context, event }) => outcomeReport(context.command!.type, event.output) },
            { type: 'keepReport', params: ({ context, event }) => outcomeReport(context.command!.type, event.output) },
          ],
        },
        onError: 'idle',
      },
    },
  },
});

function toCommand(event: TimedBatchEvent): TimedCommandInput | null {
  if (!event.type.startsWith('batch.')) return null;
  const e = event as TimedCommandInput;
  if (e.type !== 'batch.edit') return { type: e.type, time_batch: e.time_batch };
  return {
    type: e.type,
    time_batch: e.time_batch,
    content: e.content,
    ...(e.timing_time !== undefined ? { timing_time: e.timing_time } : {}),
  };
}
