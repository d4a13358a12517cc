import { fromPromise } from 'xstate';
import { checkNumbers, type NumberCheck } from '../contract/validation/send-numbers.rules';
import type { EventDoc } from '../sync/store/local-db';
import type { CheckInput, SendCommand } from './send-form';
import type { BlacklistInput } from './send-kinds';
import type { PersonalContents, PersonalizeInput } from './send-personalize';

/** The send machine's effects by name, with their input and answer: the counts run here by the contract's rules, the
 * rest must be provided (the console provides every one, tests their fakes through `provide()`). */
export const SEND_ACTORS = {
  /** valid / invalid / repeat counts by the contract's rules; the console runs it in a Web Worker with progress. */
  checkNumbers: fromPromise<NumberCheck, CheckInput>(async ({ input }) => checkNumbers(input.mode, input.text)),
  /** the same counts while the operator edits; the console's is cancelled in the worker through `signal` when the
   * actor stops (a newer list, or the check step starting). */
  countNumbers: fromPromise<NumberCheck, CheckInput>(async ({ input }) => checkNumbers(input.mode, input.text)),
  /** appends the send to the event log; answers the event id. */
  recordSend: fromPromise<string, SendCommand>(async () => {
    throw new Error('recordSend not provided');
  }),
  /** waits until the outbox acknowledges or rejects the event. */
  awaitOutcome: fromPromise<Pick<EventDoc, 'status' | 'last_error' | 'result'>, string>(async () => {
    throw new Error('awaitOutcome not provided');
  }),
  /** which of the valid numbers the account's enterprise blacklist holds: the blacklist is the platform's. */
  checkBlacklist: fromPromise<string[], BlacklistInput>(async () => {
    throw new Error('checkBlacklist not provided');
  }),
  /** one-to-one: one message per row of the sheet the worker holds. */
  personalize: fromPromise<PersonalContents, PersonalizeInput>(async () => {
    throw new Error('personalize not provided');
  }),
};
