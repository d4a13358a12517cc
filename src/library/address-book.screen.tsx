import { Button } from 'primereact/button';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { addressBookGroupFormSchema } from '../../contract/validation/address-book.rules';
import { projectLibrary } from '../../sync/commands/library-commands';
import { notify } from '../ui/notify';
import { PendingMark, timeColumn } from '../table/cells';
import type { ScreenDefinition } from '../table/screen-definition';
import { TableScreen } from '../table/table-screen';
import {
  DeleteAction,
  recordLibraryCommand,
  RejectionNotice,
  useLibraryRejections,
  type Rejection,
} from './template-actions';
import type { FieldDefinition } from '../forms/field-definition';
import { FormDialog } from '../forms/form-dialog';
import { FieldControl, FieldError } from '../forms/form-fields';
import { useForm } from '../forms/use-form';
import { ImportPanel } from './member-import-panel';
import { EditMemberAction, MemberEditor, useGroups, type Group, type Member } from './address-book-member-editor';

// The address book. Groups (with member counts) on the left, the members of the chosen group on
// the right, both from the local replica; add / delete are commands (offline); import and export need the network.

export const addressBookMembers: ScreenDefinition<Member> = {
  path: '/addressBookList',
  title: 'screen.addressBookList',
  collection: 'address_book',
  fixed: [{ op: 'eq', field: 'kind', value: 'member' }],
  columns: [
    {
      field: 'name',
      header: 'lib.name',
      // a member added or edited here shows its mark until the platform has the change, as a timed batch does
      render: (r) => (
        <span style={{ display: 'inline-flex', gap: 4, alignItems: 'center' }}>
          {r.name}
          {r.pending && <PendingMark />}
        </span>
      ),
      text: (r) => r.name,
    },
    { field: 'mobile', header: 'lib.mobile' },
    { field: 'email', header: 'lib.email' },
    { field: 'groupName', header: 'lib.group' },
    { field: 'remark', header: 'lib.remark' },
    timeColumn<Member>('create_time', 'lib.createTime'),
  ],
  filters: [
    { field: 'mobile', label: 'lib.mobile', kind: 'prefix' },
    { field: 'name', label: 'lib.name', kind: 'contains' },
  ],
  dateField: 'create_time',
  project: (rows, pending) => projectLibrary('member', rows, pending),
  actions: (r) => (
    <span style={{ display: 'inline-flex' }}>
      <EditMemberAction member={r} />
      <DeleteAction type="addressBook.member.delete" id={r.id} name={r.name} />
    </span>
  ),
};

const groupNameField: FieldDefinition = { name: 'groupName', label: 'lib.groupName', labelHidden: true };

/** A group's name edited in place: a command like every library edit (offline, pending until the platform has it). */
function RenameGroup({ group, typed, onDone }: { group: Group; typed?: string; onDone: () => void }) {
  const { t } = useTranslation();
  const uid = useId();
  const form = useForm(
    {
      schema: addressBookGroupFormSchema,
      values: { groupName: typed ?? group.groupName, remark: group.remark ?? undefined },
      sends: 'parsed',
    },
    async (parsed) => {
      // an unchanged name records nothing
      if (parsed.groupName !== group.groupName)
        await recordLibraryCommand('addressBook.group.mod', group.id, { id: group.id, ...parsed });
    },
    onDone,
  );
  const failureId = `${uid}-failure`;
  return (
    <span style={{ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0, gap: 2 }}>
      <span style={{ display: 'flex', gap: 4 }}>
        <FieldControl
          field={{ ...groupNameField, autoFocus: true }}
          form={form}
          id={`${uid}-groupName`}
          testId="group-rename-input"
          errorId={`${uid}-error`}
          style={{ flex: 1, minWidth: 0 }}
          onKeyDown={(e) => (e.key === 'Enter' ? form.submit() : e.key === 'Escape' ? onDone() : undefined)}
        />
        <Button
          data-testid="group-rename-save"
          icon="pi pi-check"
          size="small"
          aria-label={t('lib.save')}
          onClick={form.submit}
        />
        <Button icon="pi pi-times" size="small" text aria-label={t('lib.cancel')} onClick={onDone} />
      </span>
      <FieldError errors={form.errors} name="groupName" id={`${uid}-error`} />
      {form.failure && (
        <small className="p-error" id={failureId}>
          {form.failure}
        </small>
      )}
    </span>
  );
}

/** How a refused command opens again with what was typed: a group's name back in its field, a rename back in place
 * (while the group is still listed), a member in its editor; none for a delete, which typed nothing. */
function rejectedEdit(
  rejection: Rejection | null,
  groups: Group[],
  to: {
    setName: (n: string) => void;
    setRenaming: (r: { group: Group; typed?: string }) => void;
    setRefused: (r: { seed: Record<string, unknown>; member?: Member }) => void;
  },
): (() => void) | undefined {
  if (!rejection) return undefined;
  const p = rejection.payload;
  switch (rejection.type) {
    case 'addressBook.group.add':
      return () => to.setName(String(p.groupName ?? ''));
    case 'addressBook.group.mod': {
      const group = groups.find((g) => g.id === p.id);
      return group ? () => to.setRenaming({ group, typed: String(p.groupName ?? '') }) : undefined;
    }
    case 'addressBook.member.add':
      return () => to.setRefused({ seed: p });
    case 'addressBook.member.mod':
      return () => to.setRefused({ seed: p, member: { ...p, id: String(p.id) } as Member });
    default:
      return undefined;
  }
}

export function AddressBookScreen() {
  const { t } = useTranslation();
  const [rejection, dismiss] = useLibraryRejections();
  const groups = useGroups();
  const search = useSearch();
  const [location, navigate] = useLocation();
  const groupId = new URLSearchParams(search).get('groupId') ?? '';
  const addForm = useForm(
    { schema: addressBookGroupFormSchema, values: { groupName: '' }, sends: 'parsed' },
    (parsed) => recordLibraryCommand('addressBook.group.add', `new:${Date.now()}`, parsed),
    // a recorded group empties the field for the next
    () => {
      addForm.reset();
    },
  );
  const uid = useId();
  const setName = (groupName: string) => addForm.reset({ groupName });
  // a command that cannot be recorded says why
  useEffect(() => {
    if (addForm.failure) notify({ severity: 'error', summary: addForm.failure });
  }, [addForm.failure]);
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<{ group: Group; typed?: string } | null>(null);
  // a refused member command reopens in its editor with what was typed (an edit keeps the member it was about)
  const [refused, setRefused] = useState<{ seed: Record<string, unknown>; member?: Member } | null>(null);
  const editAgain = rejectedEdit(rejection, groups, { setName, setRenaming, setRefused });
  // the chosen group narrows the members as a fixed filter (the group list is the filter's control)
  const membersDef = useMemo<ScreenDefinition<Member>>(
    () =>
      groupId
        ? {
            ...addressBookMembers,
            fixed: [...(addressBookMembers.fixed ?? []), { op: 'eq', field: 'groupId', value: groupId }],
          }
        : addressBookMembers,
    [groupId],
  );
  const choose = (id: string) =>
    navigate(id ? `${location}?groupId=${encodeURIComponent(id)}` : location, { replace: true });
  return (
    <div style={{ display: 'flex', gap: 12 }} data-testid="address-book">
      {/* the inputs in this column may shrink (minWidth 0): at their own width they pushed the buttons beside them under
          the members' toolbar */}
      <div
        style={{ width: 260, flex: '0 0 260px', display: 'flex', flexDirection: 'column', gap: 6 }}
        data-testid="group-list"
      >
        <strong>{t('lib.groups')}</strong>
        {/* a form, so Enter in the name adds the group as the button does */}
        <form
          style={{ display: 'flex', gap: 4 }}
          onSubmit={(e) => {
            e.preventDefault();
            addForm.submit();
          }}
        >
          <FieldControl
            field={{ ...groupNameField, placeholder: 'lib.groupName' }}
            form={addForm}
            id={`${uid}-groupName`}
            testId="group-name"
            errorId={`${uid}-error`}
            style={{ flex: 1, minWidth: 0 }}
          />
          <Button data-testid="group-add" type="submit" icon="pi pi-plus" size="small" aria-label={t('lib.add')} />
        </form>
        <FieldError errors={addForm.errors} name="groupName" id={`${uid}-error`} />
        <Button
          text
          size="small"
          label={t('lib.allGroups')}
          severity={groupId ? 'secondary' : undefined}
          onClick={() => choose('')}
        />
        {groups.map((g) => (
          <span
            key={g.id}
            data-testid="group"
            data-pending={g.pending ? 'true' : 'false'}
            style={{ display: 'flex', alignItems: 'center', gap: 4, fontWeight: g.id === groupId ? 600 : 400 }}
          >
            {renaming?.group.id === g.id ? (
              <RenameGroup group={g} typed={renaming.typed} onDone={() => setRenaming(null)} />
            ) : (
              <>
                <Button
                  text
                  size="small"
                  style={{ flex: 1, minWidth: 0, justifyContent: 'flex-start' }}
                  disabled={Boolean(g.pending)}
                  label={`${g.groupName} (${g.memberCount ?? 0})`}
                  onClick={() => choose(g.id)}
                />
                {!g.id.startsWith('pending:') && (
                  <Button
                    data-testid="group-rename"
                    icon="pi pi-pencil"
                    size="small"
                    text
                    aria-label={t('lib.rename')}
                    disabled={Boolean(g.pending)}
                    onClick={() => setRenaming({ group: g })}
                  />
                )}
                <DeleteAction
                  type="addressBook.group.delete"
                  id={g.id}
                  name={g.groupName}
                  question={t('lib.confirmDeleteGroup', { name: g.groupName, count: g.memberCount ?? 0 })}
                />
              </>
            )}
          </span>
        ))}
      </div>
      <div style={{ flex: 1, minWidth: 0 }}>
        <span style={{ display: 'flex', gap: 8, marginBottom: 8, alignItems: 'center' }}>
          <Button
            data-testid="member-add"
            size="small"
            icon="pi pi-plus"
            label={t('lib.add')}
            disabled={!groupId}
            onClick={() => setAdding(true)}
          />
          <ImportPanel groupId={groupId} />
        </span>
        {rejection && <RejectionNotice rejection={rejection} onEdit={editAgain} onDismiss={dismiss} />}
        <FormDialog header={t('lib.add')} visible={adding} onHide={() => setAdding(false)}>
          {adding && <MemberEditor groups={groups} groupId={groupId} onDone={() => setAdding(false)} />}
        </FormDialog>
        <FormDialog header={t('lib.editAgain')} visible={refused !== null} onHide={() => setRefused(null)}>
          {refused && (
            <MemberEditor
              groups={groups}
              groupId={String(refused.seed.groupId ?? groupId)}
              member={refused.member}
              seed={refused.seed}
              onDone={() => setRefused(null)}
            />
          )}
        </FormDialog>
        <TableScreen key={groupId} def={membersDef} />
      </div>
    </div>
  );
}
