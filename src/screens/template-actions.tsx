import i18next from 'i18next';
import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { Dialog } from 'primereact/dialog';
import { useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { recordEvent } from '../../sync/event-log';
import { LIBRARY_COMMANDS, libraryAggregate } from '../../sync/library-commands';
import { notify } from '../app/notify';
import { readyRuntime, useRuntime } from '../data/sync-runtime';
import type { ScreenDefinition } from './screen-definition';
import { TableScreen } from './table-screen';

// Commands of the template and address-book screens: recorded in the event log and left to the outbox, so they work
// offline and show at once as pending (sync/library-commands.ts projects them). Deletes ask the spec's question first.

/** Records a library command; answers the event id. */
export async function recordLibraryCommand(type: string, aggregateId: string, payload: Record<string, unknown>): Promise<string> {
  const rt = await readyRuntime();
  const kind = type.split('.')[1];
  const ev = await recordEvent(rt.db, { type, aggregate: libraryAggregate(kind, aggregateId), payload, actor: rt.actor });
  return ev.id;
}

/** Asks the spec's question ("this will permanently delete record number N, continue?"), then deletes; a refusal is
 * told in the platform's words. */
export function confirmDelete(n: string, remove: () => Promise<unknown>, after?: () => void): void {
  confirmDialog({
    header: i18next.t('lib.confirmTitle'),
    message: i18next.t('lib.confirmDelete', { n }),
    icon: 'pi pi-exclamation-triangle',
    acceptClassName: 'p-button-danger',
    acceptLabel: i18next.t('lib.delete'),
    rejectLabel: i18next.t('lib.cancel'),
    accept: () => {
      void remove()
        .catch((e: Error) => notify({ severity: 'error', summary: e.message }))
        .finally(after);
    },
  });
}

/** The operations cell: delete, after "this will permanently delete record number N, continue?". */
export function DeleteAction({ type, id, disabled }: { type: string; id: string; disabled?: boolean }) {
  if (id.startsWith('pending:')) return null;
  const ask = () => confirmDelete(id, () => recordLibraryCommand(type, id, { id }));
  return <Button data-testid="row-delete" icon="pi pi-trash" size="small" text severity="danger" disabled={disabled} aria-label={i18next.t('lib.delete')} onClick={ask} />;
}

/** Tells the user when the platform refuses a library command (e.g. a member deleted elsewhere): the projection has
 * already rolled the row back; this says why, in the platform's words. */
export function useLibraryRejections(): void {
  const rt = useRuntime();
  useEffect(() => {
    if (!rt) return;
    const sub = rt.outbox.settled$.subscribe((ev) => {
      if (ev.status === 'rejected' && LIBRARY_COMMANDS[ev.type]) {
        notify({ severity: 'error', summary: i18next.t(`command.${ev.type}`, { defaultValue: ev.type }), detail: ev.last_error ?? '' });
      }
    });
    return () => sub.unsubscribe();
  }, [rt]);
}

/** A template list: its table, an add button and the editor in a dialog; a saved template is queued (outbox). */
export function TemplateListScreen<T>({ def, Editor }: { def: ScreenDefinition<T>; Editor: ComponentType<{ onDone: () => void }> }) {
  const { t } = useTranslation();
  useLibraryRejections();
  const [open, setOpen] = useState(false);
  return (
    <div>
      <Button data-testid="tpl-add" label={t('lib.add')} icon="pi pi-plus" size="small" style={{ marginBottom: 8 }} onClick={() => setOpen(true)} />
      <Dialog header={t('lib.add')} visible={open} onHide={() => setOpen(false)}>
        {open && <Editor onDone={() => (setOpen(false), notify({ severity: 'info', summary: t('lib.queued') }))} />}
      </Dialog>
      <TableScreen def={def} />
    </div>
  );
}
