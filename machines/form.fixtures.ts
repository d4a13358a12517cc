import { createActor, fromPromise } from 'xstate';
import { formMachine, type FormInput, type FormValues } from './form.machine';

/** A form whose submit records what it was given and answers `answer`. */
export function start(input: FormInput, answer: (v: FormValues) => Promise<unknown> = async () => 'ok') {
  const sent: FormValues[] = [];
  const m = formMachine.provide({
    actors: { submit: fromPromise(async ({ input: v }: { input: FormValues }) => (sent.push(v), answer(v))) },
  });
  return { actor: createActor(m, { input }).start(), sent };
}
