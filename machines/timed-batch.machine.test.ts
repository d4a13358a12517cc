import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { EventDoc } from '../sync/store/local-db';
import { timedBatchMachine, type TimedCommandInput, type TimedReport } from './timed-batch.machine';

function start(outcome: Pick<EventDoc, 'status' | 'last_error'>, recordFails = false) {
  const recorded: TimedCommandInput[] = [];
  const reports: TimedReport[] = [];
  let settle: () => void = () => {};
  const settled = new Promise<void>((r) => (settle = r));
  const machine = timedBatchMachine.provide({
    actors: {
      recordCommand: fromPromise(async ({ input }: { input: TimedCommandInput }) => {
        if (recordFails) throw new Error('disk full');
        recorded.push(input);
        return `ev${recorded.length}`;
      }),
      awaitOutcome: fromPromise(async (): Promise<Pick<EventDoc, 'status' | 'last_error'>> => {
        await settled;
        return outcome;
      }),
    },
    actions: { report: (_, r: TimedReport) => void reports.push(r) },
  });
  return { actor: createActor(machine).start(), recorded, reports, settle };
}

describe('timed batch machine', () => {
  it('asks for confirmation before pausing, records the command, stays pending until acknowledged', async () => {
    const t = start({ status: 'acked', last_error: null });
    t.actor.send({ type: 'batch.pause', time_batch: 'TB1' });
    expect(t.actor.getSnapshot().value).toBe('confirming');
    expect(t.recorded).toEqual([]);
    t.actor.send({ type: 'confirm' });
    await waitFor(t.actor, (s) => s.matches('pending'));
    expect(t.recorded).toEqual([{ type: 'batch.pause', time_batch: 'TB1' }]);
    expect(t.reports).toEqual([]);
    t.settle();
    await waitFor(t.actor, (s) => s.matches('idle'));
    expect(t.reports).toEqual([{ severity: 'success', summary: 'timed.pauseSuccess' }]);
  });

  it('cancelling a confirmation records nothing', () => {
    const t = start({ status: 'acked', last_error: null });
    t.actor.send({ type: 'batch.intercept', time_batch: 'TB1' });
    t.actor.send({ type: 'cancel' });
    expect(t.actor.getSnapshot().value).toBe('idle');
    expect(t.recorded).toEqual([]);
  });

  it('an edit needs no confirmation (its dialog was it) and carries a new time; a rejection reports the failure with the platform message', async () => {
    const t = start({ status: 'rejected', last_error: '定时批次不存在' });
    t.actor.send({ type: 'batch.edit', time_batch: 'TB2', content: 'new text', timing_time: 1_900_000_000_000 });
    await waitFor(t.actor, (s) => s.matches('pending'));
    expect(t.recorded).toEqual([
      { type: 'batch.edit', time_batch: 'TB2', content: 'new text', timing_time: 1_900_000_000_000 },
    ]);
    t.settle();
    await waitFor(t.actor, (s) => s.matches('idle'));
    expect(t.reports).toEqual([{ severity: 'error', summary: 'timed.editFailure', detail: '定时批次不存在' }]);
  });

  it('a command that cannot be recorded reports the failure at once', async () => {
    const t = start({ status: 'acked', last_error: null }, true);
    t.actor.send({ type: 'batch.recover', time_batch: 'TB3' });
    // a recover asks first, as pause and intercept do
    expect(t.actor.getSnapshot().matches('confirming')).toBe(true);
    expect(t.recorded).toEqual([]);
    t.actor.send({ type: 'confirm' });
    await waitFor(t.actor, (s) => s.matches('idle') && s.context.lastReport !== null);
    expect(t.reports).toEqual([{ severity: 'error', summary: 'timed.recoverFailure', detail: 'disk full' }]);
  });
});
