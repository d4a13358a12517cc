import { assign, fromPromise, setup } from 'xstate';
import type { z } from 'zod';
import { ApiCallError } from '../sync/http-client';

// The forms of issue 12 (add sub-account, charge, change password, settings sections): one machine shape, the §5 rules
// of the contract checked before anything is sent, and a platform rejection shown on the field it names. `submit` is
// a named actor (an outbox command or an online call), replaced in tests with machine.provide().

export type FormValues = Record<string, unknown>;
/** field -> message key (`v.*`) or the platform's localized message. */
export type FormErrors = Record<string, string>;

export type FormEvent =
  | { type: 'form.set'; field: string; value: unknown }
  | { type: 'form.submit' }
  | { type: 'form.reset'; values?: FormValues };

interface Context {
  values: FormValues;
  initial: FormValues;
  errors: FormErrors;
  /** what the platform answered on success. */
  result: unknown;
}

/** Every issue of a failed parse as field -> first message. */
export function errorsOf(err: z.ZodError): FormErrors {
  const out: FormErrors = {};
  for (const i of err.issues) {
    const field = i.path.map(String).join('.') || 'form';
    const top = field.split('.')[0];
    out[top] ??= i.message;
  }
  return out;
}

/** A platform rejection as form errors: on its field when it names one, else on the form. */
export function rejectionErrors(err: unknown): FormErrors {
  if (err instanceof ApiCallError) return { [(err.field ?? 'form').split('.')[0]]: err.message };
  return { form: err instanceof Error ? err.message : String(err) };
}

/** The parsed values go to `submit` (numbers coerced, texts trimmed), as the endpoint's request. */
export function createFormMachine(id: string, schema: z.ZodType, initial: FormValues) {
  return setup({
    types: {} as { context: Context; events: FormEvent },
    actors: {
      submit: fromPromise<unknown, FormValues>(async () => {
        throw new Error('submit not provided');
      }),
    },
    guards: {
      valid: ({ context }) => schema.safeParse(context.values).success,
    },
  }).createMachine({
    id,
    context: { values: initial, initial, errors: {}, result: null },
    initial: 'editing',
    states: {
      editing: {
        on: {
          'form.set': {
            actions: assign({
              values: ({ context, event }) => ({ ...context.values, [event.field]: event.value }),
              errors: ({ context, event }) => Object.fromEntries(Object.entries(context.errors).filter(([k]) => k !== event.field && k !== 'form')),
            }),
          },
          'form.submit': [
            { guard: 'valid', target: 'submitting', actions: assign({ errors: {} }) },
            {
              actions: assign({
                errors: ({ context }) => {
                  const r = schema.safeParse(context.values);
                  return r.success ? {} : errorsOf(r.error);
                },
              }),
            },
          ],
          'form.reset': { actions: assign(({ context, event }) => ({ values: event.values ?? context.initial, errors: {}, result: null })) },
        },
      },
      submitting: {
        invoke: {
          src: 'submit',
          input: ({ context }) => schema.parse(context.values) as FormValues,
          onDone: { target: 'done', actions: assign({ result: ({ event }) => event.output }) },
          onError: { target: 'editing', actions: assign({ errors: ({ event }) => rejectionErrors(event.error) }) },
        },
      },
      done: {
        on: { 'form.reset': { target: 'editing', actions: assign(({ context, event }) => ({ values: event.values ?? context.initial, errors: {}, result: null })) } },
      },
    },
  });
}
