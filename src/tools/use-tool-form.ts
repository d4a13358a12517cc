import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { fromPromise } from 'xstate';
import type { z } from 'zod';
import { toolFormMachine } from '../../machines/tool-form.machine';

/** A tool form's machine with its submit effect; the screen renders values, errors and the answer. */
export function useToolForm(schema: z.ZodType, initial: Record<string, unknown>, submit: (values: Record<string, unknown>) => Promise<unknown>) {
  // the machine is made once per form; submit reads the latest closure through the ref below
  const machine = useMemo(
    () => toolFormMachine(schema, initial).provide({ actors: { submit: fromPromise(({ input }: { input: Record<string, unknown> }) => submit(input)) } }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [schema],
  );
  const [state, send] = useMachine(machine);
  return {
    values: state.context.values,
    errors: state.context.errors,
    result: state.context.result,
    failure: state.context.failure,
    busy: state.matches('submitting'),
    done: state.matches('done'),
    set: (field: string, value: unknown) => send({ type: 'set', field, value }),
    submit: () => send({ type: 'submit' }),
    reset: (values?: Record<string, unknown>) => send({ type: 'reset', values }),
  };
}
