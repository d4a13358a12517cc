import type { Actor } from 'xstate';
import type { lockMachine } from '../../machines/lock.machine';
import type { sessionMachine } from '../../machines/session.machine';

export type SessionActor = Actor<typeof sessionMachine>;
export type LockActor = Actor<typeof lockMachine>;

// The running session and lock actors. They are made and started by the console's composition root (src/app/
// session-actor.ts), which also loads every area; areas and the lazily loaded shell read them through this slot, so
// that nothing they import leads back to the root.
let actors: { session: SessionActor; lock: LockActor } | null = null;

export function provideSessionActors(provided: { session: SessionActor; lock: LockActor }): void {
  actors = provided;
}

function provided() {
  if (!actors) throw new Error('the session actors are read before the console provided them');
  return actors;
}

export const sessionActorRef = (): SessionActor => provided().session;
export const lockActorRef = (): LockActor => provided().lock;
