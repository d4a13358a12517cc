import { assign, fromPromise, setup } from 'xstate';

// The lock: a lock password is set, then only /lock is reachable until the same password is entered.
// Only a hash of the password is kept; persisting it (so the lock survives a reload) is the `persist` action's job.

export interface LockInput {
  /** what a previous page load persisted. */
  persisted?: { locked: boolean; hash: string | null } | null;
}

export interface LockContext {
  hash: string | null;
  /** catalogue key of the last refusal: lock.emptyPassword or lock.wrongPassword. */
  error: string | null;
}

export type LockEvent =
  { type: 'lock.set'; password: string } | { type: 'lock.unlock'; password: string } | { type: 'lock.clear' };

/** SHA-256 hex of the password (Web Crypto, in browsers and Node). */
export async function hashLockPassword(password: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode('sms-cloud-lock:' + password));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

export const lockMachine = setup({
  types: { context: {} as LockContext, events: {} as LockEvent, input: {} as LockInput },
  actors: {
    hash: fromPromise<string, { password: string }>(({ input }) => hashLockPassword(input.password)),
  },
  actions: {
    persist: (_, _p: { locked: boolean; hash: string | null }) => {},
  },
  guards: {
    wasLocked: ({ context }) => !!context.hash,
    emptyPassword: ({ event }) => (event as { password?: string }).password?.trim() === '',
  },
}).createMachine({
  id: 'lock',
  initial: 'boot',
  context: ({ input }) => ({ hash: input.persisted?.locked ? (input.persisted.hash ?? null) : null, error: null }),
  on: {
    // login and logout clear the lock
    'lock.clear': {
      target: '.unlocked',
      actions: [assign({ hash: null, error: null }), { type: 'persist', params: { locked: false, hash: null } }],
    },
  },
  states: {
    boot: { always: [{ guard: 'wasLocked', target: 'locked' }, { target: 'unlocked' }] },
    unlocked: {
      on: {
        'lock.set': [
          { guard: 'emptyPassword', actions: assign({ error: 'lock.emptyPassword' }) },
          { target: 'locking', actions: assign({ error: null }) },
        ],
      },
    },
    locking: {
      invoke: {
        src: 'hash',
        input: ({ event }) => ({ password: (event as { password: string }).password }),
        onDone: {
          target: 'locked',
          actions: [
            assign({ hash: ({ event }) => event.output }),
            { type: 'persist', params: ({ event }) => ({ locked: true, hash: event.output }) },
          ],
        },
        onError: 'unlocked',
      },
    },
    locked: {
      on: {
        'lock.unlock': [
          { guard: 'emptyPassword', actions: assign({ error: 'lock.emptyPassword' }) },
          { target: 'unlocking', actions: assign({ error: null }) },
        ],
      },
    },
    unlocking: {
      invoke: {
        src: 'hash',
        input: ({ event }) => ({ password: (event as { password: string }).password }),
        onDone: [
          {
            guard: ({ context, event }) => event.output === context.hash,
            target: 'unlocked',
            actions: [assign({ hash: null }), { type: 'persist', params: { locked: false, hash: null } }],
          },
          { target: 'locked', actions: assign({ error: 'lock.wrongPassword' }) },
        ],
        onError: { target: 'locked', actions: assign({ error: 'lock.wrongPassword' }) },
      },
    },
  },
});
