import i18next from 'i18next';
import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { InputTextarea } from 'primereact/inputtextarea';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createActor, fromPromise } from 'xstate';
import { translate } from '../../contract/messages';
import type { TimeBatch } from '../../contract/records.schema';
import { timedContentSchema } from '../../contract/validation/timed-edit.rules';
import { timedBatchMachine, type TimedBatchEvent, type TimedReport } from '../../machines/timed-batch.machine';
import { eventOutcome, recordEvent } from '../../sync/event-log';
import { timeBatchAggregate } from '../../sync/projection';
import { FormDialog } from '../forms/form-dialog';
import { getLanguage } from '../ui/language';
import { notify } from '../ui/notify';
import { readyRuntime } from '../data/sync-runtime';

// The operations of a timed batch: one machine actor per command, its effects provided here:
// record in the event log, wait for the outbox's outcome, show the catalogue's message.

function run(event: Exclude<TimedBatchEvent, { type: 'confirm' | 'cancel' }>) {
  const actor = createActor(
    timedBatchMachine.provide({
      actors: {
        recordCommand: fromPromise(async ({ input }) => {
          const rt = await readyRuntime();
          const payload: Record<string, unknown> = { time_batch: input.time_batch, ...(input.content !== undefined ? { content: input.content } : {}) };
          return (await recordEvent(rt.db, { type: input.type, aggregate: timeBatchAggregate(input.time_batch), payload, actor: rt.actor })).id;
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
      message: i18next.t(event.type === 'batch.pause' ? 'timed.confirmPause' : 'timed.confirmIntercept'),
      header: i18next.t('timed.confirmTitle'),
      accept: () => actor.send({ type: 'confirm' }),
      reject: () => actor.send({ type: 'cancel' }),
    });
  }
}

export function TimedBatchActions({ row }: { row: TimeBatch & { pending?: string } }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<string | null>(null);
  const tb = row.time_batch;
  const open = row.send_status === 0 || row.send_status === 2;
  // the rule's own message (empty, or naming an invalid ${…}), said as the user types
  const editIssue = editing !== null ? timedContentSchema.safeParse(editing).error?.issues[0] : undefined;
  const editError = editIssue ? translate(getLanguage(), editIssue.message, 'params' in editIssue ? editIssue.params : undefined) : null;
  return (
    <span style={{ display: 'inline-flex', gap: 4 }}>
      {row.send_status === 0 && (
        <Button data-testid="op-pause" size="small" text label={t('timed.pause')} onClick={() => run({ type: 'batch.pause', time_batch: tb })} />
      )}
      {row.send_status === 2 && (
        <Button data-testid="op-recover" size="small" text label={t('timed.recover')} onClick={() => run({ type: 'batch.recover', time_batch: tb })} />
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
      {open && <Button data-testid="op-edit" size="small" text label={t('timed.edit')} onClick={() => setEditing(row.decodeContent)} />}
      <FormDialog
        header={t('timed.edit')}
        visible={editing !== null}
        onHide={() => setEditing(null)}
        unsaved={editing !== null && editing !== row.decodeContent}
        style={{ width: '32rem' }}
      >
        <InputTextarea
          data-testid="edit-content"
          value={editing ?? ''}
          onChange={(e) => setEditing(e.target.value)}
          rows={5}
          style={{ width: '100%' }}
          aria-invalid={editError !== null}
          aria-describedby="edit-content-error"
        />
        {/* the content rule's message, not only a greyed-out Save */}
        {editError && (
          <small id="edit-content-error" data-testid="edit-error" role="alert" className="p-error" style={{ display: 'block' }}>
            {editError}
          </small>
        )}
        <Button
          data-testid="edit-save"
          label={t('timed.save')}
          disabled={editError !== null}
          onClick={() => {
            run({ type: 'batch.edit', time_batch: tb, content: editing ?? '' });
            setEditing(null);
          }}
        />
      </FormDialog>
    </span>
  );
}
