import { assign, fromPromise, setup } from 'xstate';
import type { z } from 'zod';
import { isMessageKey } from '../contract/messages';
import { ApiCallError } from '../sync/http/http-client';

// Every console form: values edited, checked against the contract's schema (the platform's own rules and messages)
// before anything is sent, then handed to `submit`, a named actor the screen provides (an outbox command, queued or
// awaited, or an online call) and tests replace with machine.provide(). What follows a taken request (a dialog
// closes, a field empties for the next entry) is `onDone`, a named action the screen provides, run as the form enters
// done: once per request taken, outside any render. A form may hold ordered lists (a video
// template's frames, a card template's cards) edited through the item events.

export type FormValues = Record<string, unknown>;
/** field path (`title`, `frames.1.mediaUrl`) -> message key (`v.*`) or the platform's localized message. */
export type FormErrors = Record<string, string>;

export interface FormInput {
  schema: z.ZodType;
  values: FormValues;
  /** what `submit` receives: the request as typed (default), or the schema's output (numbers coerced, texts trimmed,
   * unknown keys dropped). */
  sends?: 'typed' | 'parsed';
  /** the request built from the values, checked and sent in their place (cards numbered in their order). */
  request?: (values: FormValues) => FormValues;
  /** a platform rejection naming a field is shown at that field (else, like any other, as the form's failure). */
  rejectionAtField?: boolean;
  /** rules (message keys) told at a field as the user types, not only on submit: a mistake in a text that is
   * otherwise taken as written (a misspelt placeholder). A rule about a half-typed value (required) waits for submit. */
  live?: readonly string[];
}

export type FormEvent =
  | { type: 'form.set'; field: string; value: unknown }
  | { type: 'form.submit' }
  | { type: 'form.reset'; values?: FormValues }
  | { type: 'form.item.add'; field: string; item: unknown }
  | { type: 'form.item.set'; field: string; index: number; patch: Record<string, unknown> }
  | { type: 'form.item.move'; field: string; index: number; by: -1 | 1 }
  | { type: 'form.item.remove'; field: string; index: number };

export interface FormContext extends Required<Omit<FormInput, 'request' | 'live'>> {
  live: readonly string[];
  request: (values: FormValues) => FormValues;
  initial: FormValues;
  errors: FormErrors;
  /** a rejection not shown at a field (already localized), or null. */
  failure: string | null;
  /** what `submit` answered. */
  result: unknown;
}

/** The message keys a zod schema reports per field path (first one wins; a message that is no catalogue key, zod's
 * own English, reads as a plain invalid field). */
export function fieldErrors(schema: z.ZodType, values: FormValues): FormErrors {
  const parsed = schema.safeParse(values);
  if (parsed.success) return {};
  const out: FormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path.map(String).join('.') || 'form';
    out[field] ??= issue.message.startsWith('v.') || isMessageKey(issue.message) ? issue.message : 'error.invalidField';
  }
  return out;
}

/** A form's start from a command's payload (one the platform refused, reopened to edit again): each field the form
 * knows taken from the payload; anything else the payload carries is left out. */
export function seedValues(defaults: FormValues, payload?: Record<string, unknown>): FormValues {
  if (!payload) return defaults;
  return Object.fromEntries(Object.keys(defaults).map((k) => [k, payload[k] ?? defaults[k]]));
}

/** Whether the form holds input not yet sent: values changed from those it opened with (a dialog asks before it
 * closes over them). A form whose values were sent and taken holds none. */
export function hasUnsavedInput(snapshot: {
  context: Pick<FormContext, 'values' | 'initial'>;
  matches: (state: 'done') => boolean;
}): boolean {
  if (snapshot.matches('done')) return false;
  const { values, initial } = snapshot.context;
  return Object.keys({ ...initial, ...values }).some(
    (k) => JSON.stringify(values[k] ?? '') !== JSON.stringify(initial[k] ?? ''),
  );
}

export function moveItem<I>(items: I[], index: number, by: -1 | 1): I[] {
  const to = index + by;
  if (index < 0 || index >= items.length || to < 0 || to >= items.length) return items;
  const next = [...items];
  [next[index], next[to]] = [next[to], next[index]];
  return next;
}

/** The errors that `keep` keeps. */
const without = (errors: FormErrors, keep: (k: string) => boolean): FormErrors =>
  Object.fromEntries(Object.entries(errors).filter(([k]) => keep(k)));
const listOf = (values: FormValues, field: string): unknown[] =>
  Array.isArray(values[field]) ? (values[field] as unknown[]) : [];
const errorsNow = (c: FormContext) => fieldErrors(c.schema, c.request(c.values));
const fresh = (c: FormContext, values?: FormValues) => ({
  values: values ?? c.initial,
  errors: {},
  failure: null,
  result: null,
});
/** The live rules broken in `field` (or its parts) by the values now. */
function liveErrors(c: FormContext, field: string): FormErrors {
  if (c.live.length === 0) return {};
  const now = errorsNow(c);
  return without(now, (k) => (k === field || k.startsWith(`${field}.`)) && c.live.includes(now[k]));
}

/** A list edited in `field`: the new list, with the errors of the items it renumbers (or only of the one changed) gone. */
function listChange(c: FormContext, field: string, items: unknown[], index?: number) {
  const prefix = index === undefined ? `${field}.` : `${field}.${index}.`;
  return { values: { ...c.values, [field]: items }, errors: without(c.errors, (k) => !k.startsWith(prefix)) };
}

export const formMachine = setup({
  types: {} as { context: FormContext; events: FormEvent; input: FormInput },
  actors: {
    /** sends the request; answers the platform's result, throws its (localized) rejection. */
    submit: fromPromise<unknown, FormValues>(async () => {
      throw new Error('submit not provided');
    }),
  },
  actions: {
    /** a field's new value; its errors go (the user is fixing them), and the form's own with them, but a live rule it
     * now breaks is told at once. */
    setField: assign(({ context, event }) => {
      if (event.type !== 'form.set') return {};
      const values = { ...context.values, [event.field]: event.value };
      const errors = without(
        context.errors,
        (k) => k !== event.field && !k.startsWith(`${event.field}.`) && k !== 'form',
      );
      return { values, errors: { ...errors, ...liveErrors({ ...context, values }, event.field) } };
    }),
    /** the request was taken (`context.result` holds the answer); a form with nothing to follow leaves it as is. */
    onDone: () => undefined,
  },
  guards: { valid: ({ context }) => Object.keys(errorsNow(context)).length === 0 },
}).createMachine({
  id: 'form',
  context: ({ input }) => ({
    schema: input.schema,
    values: input.values,
    initial: input.values,
    sends: input.sends ?? 'typed',
    request: input.request ?? ((v) => v),
    rejectionAtField: input.rejectionAtField ?? false,
    live: input.live ?? [],
    errors: {},
    failure: null,
    result: null,
  }),
  initial: 'editing',
  on: { 'form.reset': { target: '.editing', actions: assign(({ context, event }) => fresh(context, event.values)) } },
  states: {
    editing: {
      on: {
        'form.set': { actions: 'setField' },
        'form.submit': 'validating',
        'form.item.add': {
          actions: assign(({ context, event }) => ({
            values: { ...context.values, [event.field]: [...listOf(context.values, event.field), event.item] },
          })),
        },
        'form.item.set': {
          actions: assign(({ context, event }) =>
            listChange(
              context,
              event.field,
              listOf(context.values, event.field).map((it, i) =>
                i === event.index ? { ...(it as object), ...event.patch } : it,
              ),
              event.index,
            ),
          ),
        },
        'form.item.move': {
          actions: assign(({ context, event }) =>
            listChange(context, event.field, moveItem(listOf(context.values, event.field), event.index, event.by)),
          ),
        },
        'form.item.remove': {
          actions: assign(({ context, event }) =>
            listChange(
              context,
              event.field,
              listOf(context.values, event.field).filter((_, i) => i !== event.index),
            ),
          ),
        },
      },
    },
    validating: {
      always: [
        { guard: 'valid', target: 'submitting' },
        { target: 'editing', actions: assign(({ context }) => ({ errors: errorsNow(context) })) },
      ],
    },
    submitting: {
      entry: assign({ errors: {}, failure: null }),
      invoke: {
        src: 'submit',
        input: ({ context }) => {
          const request = context.request(context.values);
          return context.sends === 'parsed' ? (context.schema.parse(request) as FormValues) : request;
        },
        onDone: { target: 'done', actions: assign({ result: ({ event }) => event.output }) },
        onError: {
          target: 'editing',
          actions: assign(({ context, event }) => {
            const e = event.error;
            if (context.rejectionAtField && e instanceof ApiCallError && e.field)
              return { errors: { [e.field.split('.')[0]]: e.message } };
            return { failure: e instanceof Error ? e.message : String(e) };
          }),
        },
      },
    },
    done: {
      entry: 'onDone',
      on: { 'form.set': { target: 'editing', actions: 'setField' }, 'form.submit': 'validating' },
    },
  },
});
