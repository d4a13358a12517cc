import { assign, fromPromise, setup } from 'xstate';
import type { z } from 'zod';
import { fieldErrors } from './tool-form.machine';

// The template editors (content, video frames, rich cards; spec §3): plain fields plus an ordered list of items
// (frames or cards) that can be added, edited, moved and removed. Submit validates against the contract's form schema
// (the platform's own rules and messages) and records the command in the event log: it is queued, not awaited, so an
// editor works offline and the new template shows at once as pending. Effects are named actors.

export interface EditorContext<I> {
  values: Record<string, unknown>;
  /** the list the form holds under `listField` (frames or cards). */
  items: I[];
  /** field path -> catalogue key of the first rule it breaks. */
  errors: Record<string, string>;
  failure: string | null;
}

export type EditorEvent<I> =
  | { type: 'field.set'; field: string; value: unknown }
  | { type: 'item.add'; item: I }
  | { type: 'item.set'; index: number; patch: Partial<I> }
  | { type: 'item.move'; index: number; by: -1 | 1 }
  | { type: 'item.remove'; index: number }
  | { type: 'submit' }
  | { type: 'reset' };

/** The request the form sends: the fields, with the list under its name (cards get cardSeq in their order). */
export function formOf<I>(values: Record<string, unknown>, items: I[], listField: string | null): Record<string, unknown> {
  if (!listField) return values;
  const list = listField === 'cards' ? items.map((c, i) => ({ ...c, cardSeq: i + 1 })) : items;
  return { ...values, [listField]: list };
}

/** The editor's start from a command's payload (e.g. one the platform refused, reopened to edit again): the fields the
 * form knows, taken from the payload, and its list; anything else the payload carries is left out. */
export function seedFrom<I>(defaults: Record<string, unknown>, listField: string | null, firstItems: I[], payload?: Record<string, unknown>): { values: Record<string, unknown>; items: I[] } {
  if (!payload) return { values: defaults, items: firstItems };
  const values = Object.fromEntries(Object.keys(defaults).map((k) => [k, payload[k] ?? defaults[k]]));
  const list = listField ? payload[listField] : undefined;
  return { values, items: Array.isArray(list) ? (list as I[]) : firstItems };
}

/** The errors left once item `index` changed: its own go (the user is fixing them), the others stay; without an index,
 * every item's go (a move or removal renumbers the items the errors were told at). */
function withoutItemErrors(errors: Record<string, string>, listField: string | null, index?: number): Record<string, string> {
  const prefix = index === undefined ? `${listField}.` : `${listField}.${index}.`;
  return Object.fromEntries(Object.entries(errors).filter(([k]) => !k.startsWith(prefix)));
}

export function moveItem<I>(items: I[], index: number, by: -1 | 1): I[] {
  const to = index + by;
  if (index < 0 || index >= items.length || to < 0 || to >= items.length) return items;
  const next = [...items];
  [next[index], next[to]] = [next[to], next[index]];
  return next;
}

export function templateEditorMachine<I>(schema: z.ZodType, initial: Record<string, unknown>, listField: string | null, firstItems: I[] = []) {
  const errorsOf = (c: EditorContext<I>) => fieldErrors(schema, formOf(c.values, c.items, listField));
  return setup({
    types: {} as { context: EditorContext<I>; events: EditorEvent<I> },
    actors: {
      /** records the command; answers the event id. */
      record: fromPromise<string, Record<string, unknown>>(async () => {
        throw new Error('record not provided');
      }),
    },
    guards: { valid: ({ context }) => Object.keys(errorsOf(context)).length === 0 },
  }).createMachine({
    id: 'templateEditor',
    context: { values: initial, items: firstItems, errors: {}, failure: null },
    initial: 'editing',
    on: { reset: { target: '.editing', actions: assign({ values: initial, items: firstItems, errors: {}, failure: null }) } },
    states: {
      editing: {
        on: {
          'field.set': {
            actions: assign(({ context, event }) => {
              const errors = { ...context.errors };
              delete errors[event.field];
              return { values: { ...context.values, [event.field]: event.value }, errors };
            }),
          },
          'item.add': { actions: assign(({ context, event }) => ({ items: [...context.items, event.item] })) },
          'item.set': {
            actions: assign(({ context, event }) => ({
              items: context.items.map((it, i) => (i === event.index ? { ...it, ...event.patch } : it)),
              errors: withoutItemErrors(context.errors, listField, event.index),
            })),
          },
          'item.move': { actions: assign(({ context, event }) => ({ items: moveItem(context.items, event.index, event.by), errors: withoutItemErrors(context.errors, listField) })) },
          'item.remove': { actions: assign(({ context, event }) => ({ items: context.items.filter((_, i) => i !== event.index), errors: withoutItemErrors(context.errors, listField) })) },
          submit: [{ guard: 'valid', target: 'recording' }, { actions: assign(({ context }) => ({ errors: errorsOf(context) })) }],
        },
      },
      recording: {
        invoke: {
          src: 'record',
          input: ({ context }) => formOf(context.values, context.items, listField),
          onDone: 'done',
          onError: { target: 'editing', actions: assign({ failure: ({ event }) => (event.error instanceof Error ? event.error.message : String(event.error)) }) },
        },
      },
      done: { type: 'final' },
    },
  });
}
