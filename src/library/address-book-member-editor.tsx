import { Button } from 'primereact/button';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { auditTime, startWith, switchMap } from 'rxjs';
import type { AddressGroupDoc, AddressMemberDoc } from '../../contract/library.schema';
import { addressBookMemberFormSchema } from '../../contract/validation/address-book.rules';
import { seedValues } from '../../machines/form.machine';
import { projectLibrary } from '../../sync/commands/library-commands';
import { changesOf, runQuery } from '../../sync/query/query';
import { usePending, useRuntime } from '../data/sync-runtime';
import type { FieldDefinition } from '../forms/field-definition';
import { FormDialog } from '../forms/form-dialog';
import { FormFields } from '../forms/form-fields';
import { useForm } from '../forms/use-form';
import { recordLibraryCommand } from './template-actions';

// The address book's member editor (add, or edit a row) and the group list it offers, read from the local replica.
export type Member = AddressMemberDoc & { pending?: string };
export type Group = AddressGroupDoc & { pending?: string };

/** The group list is read only while an edit is open (one query, not one per row). */
function EditMember({ member, onDone }: { member: Member; onDone: () => void }) {
  const groups = useGroups();
  return <MemberEditor groups={groups} groupId={member.groupId} member={member} onDone={onDone} />;
}

export function EditMemberAction({ member }: { member: Member }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (member.id.startsWith('pending:')) return null;
  return (
    <>
      <Button
        data-testid="row-edit"
        icon="pi pi-pencil"
        size="small"
        text
        aria-label={t('lib.edit')}
        onClick={() => setOpen(true)}
      />
      <FormDialog header={member.name} visible={open} onHide={() => setOpen(false)}>
        {open && <EditMember member={member} onDone={() => setOpen(false)} />}
      </FormDialog>
    </>
  );
}

/** The groups of the local replica, with pending commands shown. */
export function useGroups(): Group[] {
  const rt = useRuntime();
  const pending = usePending();
  const [groups, setGroups] = useState<Group[]>([]);
  useEffect(() => {
    if (!rt) return;
    // the sync worker writes straight into the tables and announces it: re-read on each notice (like TableScreen)
    const q = {
      collection: 'address_book' as const,
      filters: [{ op: 'eq' as const, field: 'kind', value: 'group' }],
      limit: 1000,
    };
    const sub = changesOf(rt.db, 'address_book')
      .pipe(
        startWith(null),
        auditTime(200),
        switchMap(() => runQuery<Group>(q, { db: rt.db, online: false, horizon: 0 })),
      )
      .subscribe((page) => setGroups(page.rows));
    return () => sub.unsubscribe();
  }, [rt]);
  return useMemo(() => projectLibrary('group', groups, pending), [groups, pending]);
}

/** Adds a member, or edits `member` (the platform refuses an edit of a member deleted elsewhere: the row rolls back). */
export function MemberEditor({
  groups,
  groupId,
  member,
  seed,
  onDone,
}: {
  groups: Group[];
  groupId: string;
  member?: Member;
  seed?: Record<string, unknown>;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  // the group list changes while the editor is open (the saved member re-counts it): submit reads the latest
  const form = useForm(
    () => ({
      schema: addressBookMemberFormSchema,
      values: seedValues(
        member
          ? {
              groupId: member.groupId,
              name: member.name,
              mobile: member.mobile,
              email: member.email,
              remark: member.remark,
            }
          : { groupId, name: '', mobile: '', email: '' },
        seed,
      ),
    }),
    (input) => {
      const groupName = groups.find((g) => g.id === input.groupId)?.groupName ?? '';
      return member
        ? recordLibraryCommand('addressBook.member.mod', member.id, { ...input, id: member.id, groupName })
        : recordLibraryCommand('addressBook.member.add', `new:${Date.now()}`, { ...input, groupName });
    },
    onDone,
  );
  const fields = useMemo<FieldDefinition[]>(
    () => [
      {
        name: 'groupId',
        label: 'lib.group',
        labelHidden: true,
        kind: 'select',
        options: groups.filter((g) => !g.pending).map((g) => ({ value: g.id, label: g.groupName })),
      },
      { name: 'name', label: 'lib.name' },
      { name: 'mobile', label: 'lib.mobile' },
      { name: 'email', label: 'lib.email' },
    ],
    [groups],
  );
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8, minWidth: 360 }}>
      <FormFields form={form} fields={fields} testId="member" />
      {form.failure && <small className="p-error">{form.failure}</small>}
      <Button data-testid="member-save" label={t('lib.save')} onClick={form.submit} />
    </div>
  );
}
