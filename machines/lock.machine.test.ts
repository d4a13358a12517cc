import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { hashLockPassword, lockMachine, type LockInput } from './lock.machine';

function start(input: LockInput = {}) {
  const persisted: { locked: boolean; hash: string | null }[] = [];
  const actor = createActor(lockMachine.provide({ actions: { persist: (_, p) => persisted.push(p) } }), { input });
  actor.start();
  return { actor, persisted };
}

describe('lock machine', () => {
  it('starts unlocked with nothing persisted', () => {
    expect(start().actor.getSnapshot().value).toBe('unlocked');
  });

  it('refuses an empty lock password and stays unlocked', () => {
    const { actor, persisted } = start();
    actor.send({ type: 'lock.set', password: '  ' });
    expect(actor.getSnapshot().value).toBe('unlocked');
    expect(actor.getSnapshot().context.error).toBe('lock.emptyPassword');
    expect(persisted).toEqual([]);
  });

  it('locks with a password, persisting only its hash', async () => {
    const { actor, persisted } = start();
    actor.send({ type: 'lock.set', password: 'pw1' });
    await waitFor(actor, (s) => s.matches('locked'));
    const hash = await hashLockPassword('pw1');
    expect(persisted).toEqual([{ locked: true, hash }]);
    expect(JSON.stringify(persisted)).not.toContain('pw1');
  });

  it('stays locked on a wrong or empty password and unlocks with the same one', async () => {
    const { actor, persisted } = start();
    actor.send({ type: 'lock.set', password: 'pw1' });
    await waitFor(actor, (s) => s.matches('locked'));
    actor.send({ type: 'lock.unlock', password: '' });
    expect(actor.getSnapshot().context.error).toBe('lock.emptyPassword');
    actor.send({ type: 'lock.unlock', password: 'pw2' });
    await waitFor(actor, (s) => s.matches('locked') && s.context.error === 'lock.wrongPassword');
    actor.send({ type: 'lock.unlock', password: 'pw1' });
    await waitFor(actor, (s) => s.matches('unlocked'));
    expect(actor.getSnapshot().context).toEqual({ hash: null, error: null });
    expect(persisted.at(-1)).toEqual({ locked: false, hash: null });
  });

  it('survives a reload: a persisted lock starts locked and needs the same password', async () => {
    const hash = await hashLockPassword('pw1');
    const { actor } = start({ persisted: { locked: true, hash } });
    expect(actor.getSnapshot().value).toBe('locked');
    actor.send({ type: 'lock.unlock', password: 'nope' });
    await waitFor(actor, (s) => s.context.error === 'lock.wrongPassword');
    actor.send({ type: 'lock.unlock', password: 'pw1' });
    await waitFor(actor, (s) => s.matches('unlocked'));
  });

  it('a persisted unlocked state starts unlocked', () => {
    expect(start({ persisted: { locked: false, hash: 'x' } }).actor.getSnapshot().value).toBe('unlocked');
  });

  it('login and logout (lock.clear) unlock and forget the lock', async () => {
    const { actor, persisted } = start({ persisted: { locked: true, hash: await hashLockPassword('pw1') } });
    actor.send({ type: 'lock.clear' });
    expect(actor.getSnapshot().value).toBe('unlocked');
    expect(persisted).toEqual([{ locked: false, hash: null }]);
  });

  it('a failing hash leaves the lock as it was (unlocked stays unlocked, locked stays locked)', async () => {
    const failing = lockMachine.provide({
      actors: { hash: fromPromise<string, { password: string }>(async () => Promise.reject(new Error('no crypto'))) },
    });
    const a = createActor(failing, { input: {} }).start();
    a.send({ type: 'lock.set', password: 'pw1' });
    await waitFor(a, (s) => s.matches('unlocked'));
    const b = createActor(failing, { input: { persisted: { locked: true, hash: 'h' } } }).start();
    b.send({ type: 'lock.unlock', password: 'pw1' });
    await waitFor(b, (s) => s.matches('locked') && s.context.error === 'lock.wrongPassword');
  });
});
