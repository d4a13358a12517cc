import { useRef } from 'react';
import { fromPromise } from 'xstate';
import { formMachine, hasUnsavedInput, type FormInput, type FormValues } from '../../machines/form.machine';
import { useReportUnsaved } from './unsaved-input';
import { useEditorMachine } from './use-editor-machine';

export type Submit = (request: FormValues) => Promise<unknown>;
/** what follows a request the platform or the outbox took, given what `submit` answered. */
export type OnDone = (result: unknown) => void;

/** A form's machine and what its renderer needs. The machine and its input are taken once, when the form mounts;
 * `submit` and `onDone` are read when they run, so they see the screen's latest values (the account, the group list).
 * The machine calls `onDone` as it enters done, once per request taken. A form in a FormDialog tells it whether it
 * holds unsaved input. */
export function useForm(input: FormInput | (() => FormInput), submit: Submit, onDone?: OnDone) {
  const submitNow = useRef(submit);
  submitNow.current = submit;
  const onDoneNow = useRef(onDone);
  onDoneNow.current = onDone;
  const [state, send] = useEditorMachine(
    () =>
      formMachine.provide({
        actors: { submit: fromPromise(({ input: request }: { input: FormValues }) => submitNow.current(request)) },
        actions: { onDone: ({ context }) => onDoneNow.current?.(context.result) },
      }),
    () => (typeof input === 'function' ? input() : input),
  );
  const { values, errors, failure, result } = state.context;
  const unsaved = hasUnsavedInput(state);
  useReportUnsaved(unsaved);
  return {
    values,
    errors,
    failure,
    result,
    busy: state.matches('submitting'),
    done: state.matches('done'),
    unsaved,
    set: (field: string, value: unknown) => send({ type: 'form.set', field, value }),
    submit: () => send({ type: 'form.submit' }),
    reset: (next?: FormValues) => send({ type: 'form.reset', values: next }),
    item: {
      add: (field: string, item: unknown) => send({ type: 'form.item.add', field, item }),
      set: (field: string, index: number, patch: Record<string, unknown>) =>
        send({ type: 'form.item.set', field, index, patch }),
      move: (field: string, index: number, by: -1 | 1) => send({ type: 'form.item.move', field, index, by }),
      remove: (field: string, index: number) => send({ type: 'form.item.remove', field, index }),
    },
  };
}

export type Form = ReturnType<typeof useForm>;
