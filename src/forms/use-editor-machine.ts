import { useMachine } from '@xstate/react';
import { useState } from 'react';
import type { AnyStateMachine, InputFrom } from 'xstate';

/**
 * Runs an editor's machine made once for the editor's lifetime. useMachine treats a new machine object as new logic
 * and restarts it from the running actor's snapshot: an editor rebuilt while in a state that invokes its effect
 * (recording a command) would record again, and the command's own local apply re-renders the editor, so it would
 * never stop. Values an effect needs at run time are read through refs, not captured by a rebuild. `input` is read
 * once, when the machine starts.
 */
export function useEditorMachine<T extends AnyStateMachine>(make: () => T, input?: () => InputFrom<T>) {
  const [machine] = useState(make);
  const [startInput] = useState(input ?? (() => undefined));
  return useMachine(
    machine,
    ...((startInput === undefined ? [] : [{ input: startInput }]) as [Parameters<typeof useMachine<T>>[1]]),
  );
}
