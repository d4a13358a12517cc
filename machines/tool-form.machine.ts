import { assign, fromPromise, setup } from 'xstate';
import type { z } from 'zod';

// The tools' small forms (shorten a link, start a number-check batch, reply in a conversation): edit, validate
// against the contract's request schema (same rule messages as the platform), record the command, wait for its
// outcome. Effects are named actors, provided by the screen (and by tests).

export interface ToolFormContext {
  values: Record<string, unknown>;
  /** field -> catalogue key of the first rule it breaks. */
  errors: Record<string, string>;
  /** the platform's answer of the last acknowledged command. */
  result: unknown;
  /** the platform's rejection (already localized), or null. */
  failure: string | null;
}

export type ToolFormEvent =
  | { type: 'set'; field: string; value: unknown }
  | { type: 'submit' }
  | { type: 'reset'; values?: Record<string, unknown> };

/** The rule keys a zod schema reports per field (first one wins). */
export function fieldErrors(schema: z.ZodType, values: Record<string, unknown>): Record<string, string> {
  const parsed = schema.safeParse(values);
  if (parsed.success) return {};
  const out: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.map(String).join('.') || 'form';
    out[field] ??= issue.message.startsWith('v.') ? issue.message : 'error.invalidField';
  }
  return out;
}

export function toolFormMachine(schema: z.ZodType, initial: Record<string, unknown> = {}) {
  return setup({
    types: {} as { context: ToolFormContext; events: ToolFormEvent },
    actors: {
      /** records the command and answers the platform's result; throws the localized rejection. */
      submit: fromPromise<unknown, Record<string, unknown>>(async () => {
        throw new Error('submit not provided');
      }),
    },
    guards: { valid: ({ context }) => Object.keys(fieldErrors(schema, context.values)).length === 0 },
  }).createMachine({
    id: 'toolForm',
    context: { values: initial, errors: {}, result: null, failure: null },
    initial: 'editing',
    on: {
      reset: { target: '.editing', actions: assign(({ event }) => ({ values: event.values ?? initial, errors: {}, failure: null })) },
    },
    states: {
      editing: {
        on: {
          set: {
            actions: assign(({ context, event }) => {
              const errors = { ...context.errors };
              delete errors[event.field];
              return { values: { ...context.values, [event.field]: event.value }, errors };
            }),
          },
          submit: [
            { guard: 'valid', target: 'submitting' },
            { actions: assign(({ context }) => ({ errors: fieldErrors(schema, context.values) })) },
          ],
        },
      },
      submitting: {
        entry: assign({ failure: null }),
        invoke: {
          src: 'submit',
          input: ({ context }) => context.values,
          onDone: { target: 'done', actions: assign({ result: ({ event }) => event.output }) },
          onError: { target: 'editing', actions: assign({ failure: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)) }) },
        },
      },
      done: {
        on: { set: { target: 'editing', actions: assign(({ context, event }) => ({ values: { ...context.values, [event.field]: event.value } })) }, submit: 'submitting' },
      },
    },
  });
}
