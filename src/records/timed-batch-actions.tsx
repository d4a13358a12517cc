import i18next from 'i18next';
import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createActor, fromPromise } from 'xstate';
import { translate } from '../../contract/messages';
import type { TimeBatch } from '../../contract/records.schema';
import { timedBatchMachine, type TimedBatchEvent, type TimedReport } from '../../machines/timed-batch.machine';
import { eventOutcome, recordEvent } from '../../sync/commands/event-log';
import { timeBatchAggregate } from '../../sync/commands/projection';
import { getLanguage } from '../ui/language';
import { notify } from '../ui/notify';
import { readyRuntime } from '../data/sync-runtime';
import { TimedEditDialog } from './timed-edit-dialog';

// The operations of a timed batch: one machine actor per command, its effects provided here:
// record in the event log, wait for the outbox's outcome, show the catalogue's message.

const CONFIRMATIONS: Partial<Record<TimedBatchEvent['type'], string>> = {
  'batch.pause': 'timed.confirmPause',
  'batch.recover': 'timed.confirmRecover',
  'batch.intercept': 'timed.confirmIntercept',
};

function run(event: Exclude<TimedBatchEvent, { type: 'confirm' | 'cancel' }>) {
  const actor = createActor(
    timedBatchMachine.provide({
      actors: {
        recordCommand: fromPromise(async ({ input }) => {
          const rt = await readyRuntime();
          const payload: Record<string, unknown> = {
            time_batch: input.time_batch,
            ...(input.content !== undefined ? { content: input.content } : {}),
            ...(input.timing_time !== undefined ? { timing_time: input.timing_time } : {}),
          };
          return (
            await recordEvent(rt.db, {
              type: input.type,
              aggregate: timeBatchAggregate(input.time_batch),
              payload,
              actor: rt.actor,
            })
          ).id;
        }),
        awaitOutcome: fromPromise(async ({ input }) => eventOutcome((await readyRuntime()).db, input)),
      },
      actions: {
        report: (_, r: TimedReport) => {
          const lang = getLanguage();
          notify({ severity: r.severity, summary: translate(lang, r.summary), detail: r.detail });
        },
      },
    }),
  ).start();
  actor.send(event);
  if (actor.getSnapshot().matches('confirming')) {
    confirmDialog({
      message: i18next.t(CONFIRMATIONS[event.type] ?? 'timed.confirmIntercept'),
      header: i18next.t('timed.confirmTitle'),
      accept: () => actor.send({ type: 'confirm' }),
      reject: () => actor.send({ type: 'cancel' }),
    });
  }
}

export function TimedBatchActions({ row }: { row: TimeBatch & { pending?: string } }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const tb = row.time_batch;
  const open = row.send_status === 0 || row.send_status === 2;
  return (
    <span style={{ display: 'inline-flex', gap: 4 }}>
      {row.send_status === 0 && (
        <Button
          data-testid="op-pause"
          size="small"
          text
          label={t('timed.pause')}
          onClick={() => run({ type: 'batch.pause', time_batch: tb })}
        />
      )}
      {row.send_status === 2 && (
        <Button
          data-testid="op-recover"
          size="small"
          text
          label={t('timed.recover')}
          onClick={() => run({ type: 'batch.recover', time_batch: tb })}
        />
      )}
      {open && (
        <Button
          data-testid="op-intercept"
          size="small"
          text
          severity="danger"
          label={t('timed.intercept')}
          onClick={() => run({ type: 'batch.intercept', time_batch: tb })}
        />
      )}
      {open && (
        <Button data-testid="op-edit" size="small" text label={t('timed.edit')} onClick={() => setEditing(true)} />
      )}
      {editing && (
        <TimedEditDialog
          row={row}
          onClose={() => setEditing(false)}
          onSave={(edit) => {
            run({ type: 'batch.edit', time_batch: tb, ...edit });
            setEditing(false);
          }}
        />
      )}
    </span>
  );
}
