import i18next from 'i18next';
import { Button } from 'primereact/button';
import { useCallback, useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { recordEvent } from '../../sync/commands/event-log';
import { LIBRARY_COMMANDS, libraryAggregate } from '../../sync/commands/library-commands';
import { notify } from '../ui/notify';
import { online$, readyRuntime, useRuntime } from '../data/sync-runtime';
import { FormDialog } from '../forms/form-dialog';
import { confirmDelete } from '../table/confirm-delete';
import type { ScreenDefinition } from '../table/screen-definition';
import { TableScreen } from '../table/table-screen';

/** What a saved template's toast says: queued while offline, submitted (its row updates on the platform's answer)
 * while online. */
export const notifySaved = () =>
  notify({ severity: 'info', summary: i18next.t(online$.value ? 'lib.submitted' : 'lib.queued') });

// Commands of the template and address-book screens: recorded in the event log and left to the outbox, so they work
// offline and show at once as pending (sync/commands/library-commands.ts projects them). Deletes ask the spec's question first.

/** Records a library command; answers the event id. */
export async function recordLibraryCommand(
  type: string,
  aggregateId: string,
  payload: Record<string, unknown>,
): Promise<string> {
  const rt = await readyRuntime();
  const kind = type.split('.')[1];
  const ev = await recordEvent(rt.db, {
    type,
    aggregate: libraryAggregate(kind, aggregateId),
    payload,
    actor: rt.actor,
  });
  return ev.id;
}

/** The operations cell: delete, after asking by the row's name; the name rides in the event so the Activity screen
 * says what was deleted. */
/** `question`: what the confirmation asks instead of the plain "delete …?" (a group names the members going with it). */
export function DeleteAction({
  type,
  id,
  name,
  disabled,
  question,
}: {
  type: string;
  id: string;
  name?: string | null;
  disabled?: boolean;
  question?: string;
}) {
  if (id.startsWith('pending:')) return null;
  const ask = () =>
    confirmDelete(id, () => recordLibraryCommand(type, id, name ? { id, name } : { id }), undefined, name, question);
  return (
    <Button
      data-testid="row-delete"
      icon="pi pi-trash"
      size="small"
      text
      severity="danger"
      disabled={disabled}
      aria-label={i18next.t('lib.delete')}
      onClick={ask}
    />
  );
}

/** A library command the platform refused, kept so what the user typed can be opened again. */
export interface Rejection {
  type: string;
  payload: Record<string, unknown>;
  message: string;
}

/** Tells the user when the platform refuses a library command (e.g. a member deleted elsewhere): the projection has
 * already rolled the row back; this says why, in the platform's words, and answers the last refusal (until dismissed)
 * so the screen can offer to edit it again: the dialog that typed it closed when it was queued. */
export function useLibraryRejections(): [Rejection | null, () => void] {
  const rt = useRuntime();
  const [last, setLast] = useState<Rejection | null>(null);
  useEffect(() => {
    if (!rt) return;
    const sub = rt.outbox.settled$.subscribe((ev) => {
      if (ev.status === 'rejected' && LIBRARY_COMMANDS[ev.type]) {
        notify({
          severity: 'error',
          summary: i18next.t(`command.${ev.type}`, { defaultValue: ev.type }),
          detail: ev.last_error ?? '',
        });
        setLast({ type: ev.type, payload: ev.payload, message: ev.last_error ?? '' });
      }
    });
    return () => sub.unsubscribe();
  }, [rt]);
  return [last, useCallback(() => setLast(null), [])];
}

/** The last refusal, kept on screen: the command, the platform's reason, "edit again" when `onEdit` can reopen it. */
export function RejectionNotice({
  rejection,
  onEdit,
  onDismiss,
}: {
  rejection: Rejection;
  onEdit?: () => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      data-testid="rejection-notice"
      className="p-inline-message p-inline-message-error"
      style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 8, justifyContent: 'flex-start' }}
    >
      <i className="pi pi-times-circle" aria-hidden="true" />
      <span>
        {t(`command.${rejection.type}`, { defaultValue: rejection.type })}: {rejection.message}
      </span>
      {onEdit && (
        <Button
          data-testid="rejection-edit"
          size="small"
          text
          label={t('lib.editAgain')}
          icon="pi pi-pencil"
          onClick={() => (onEdit(), onDismiss())}
        />
      )}
      <Button size="small" text icon="pi pi-times" aria-label={t('lib.dismiss')} onClick={onDismiss} />
    </div>
  );
}

/** A template editor; `seed` is the payload of a refused add or edit, reopened to edit again. */
export type TemplateEditorProps = { onDone: () => void; seed?: Record<string, unknown> };

/** A template list: its table, an add button and the editor in a dialog; a saved template is queued (outbox). A
 * refused add (or edit, `modType`) can be opened again with what was typed. */
export function TemplateListScreen<T>({
  def,
  Editor,
  addType,
  modType,
}: {
  def: ScreenDefinition<T>;
  Editor: ComponentType<TemplateEditorProps>;
  addType: string;
  modType?: string;
}) {
  const { t } = useTranslation();
  const [rejection, dismiss] = useLibraryRejections();
  const [open, setOpen] = useState<{ seed?: Record<string, unknown> } | null>(null);
  const edit =
    rejection && (rejection.type === addType || rejection.type === modType)
      ? () => setOpen({ seed: rejection.payload })
      : undefined;
  return (
    <div>
      <Button
        data-testid="tpl-add"
        label={t('lib.add')}
        icon="pi pi-plus"
        size="small"
        style={{ marginBottom: 8 }}
        onClick={() => setOpen({})}
      />
      {rejection && <RejectionNotice rejection={rejection} onEdit={edit} onDismiss={dismiss} />}
      <FormDialog header={t('lib.add')} visible={open !== null} onHide={() => setOpen(null)}>
        {open && <Editor seed={open.seed} onDone={() => (setOpen(null), notifySaved())} />}
      </FormDialog>
      <TableScreen def={def} />
    </div>
  );
}
