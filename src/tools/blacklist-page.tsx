import { Button } from 'primereact/button';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { uploadAddressBookEndpoint } from '../../contract/endpoints/file.endpoints';
import { fileMaterialEndpoint } from '../../contract/endpoints/library.endpoints';
import { translate } from '../../contract/messages';
import {
  blacklistExportEndpoint,
  blacklistFormSchema,
  blacklistImportEndpoint,
} from '../../contract/endpoints/mobile-black.endpoints';
import { memberImportMachine } from '../../machines/member-import.machine';
import type { SheetRead } from '../../machines/sheet-upload';
import { download, uploadFile } from '../data/platform-actions';
import type { FieldDefinition } from '../forms/field-definition';
import { FormFields } from '../forms/form-fields';
import { messageText } from '../forms/message-text';
import { useEditorMachine } from '../forms/use-editor-machine';
import { useForm } from '../forms/use-form';
import { api } from '../session/api';
import { useSession } from '../session/use-session';
import { TableScreen } from '../table/table-screen';
import { blacklistEntries, recordBlacklistCommand } from './blacklist.screen';
import { OptOutSettingsButton } from './opt-out-settings-panel';

// The blacklist screen: a number added here (offline too, through the outbox), a sheet imported with a report per
// row (online: the platform reads the sheet), the list exported, and the replicated list searched by number.

const fieldsIn = (lang: 'zh' | 'en'): FieldDefinition[] => [
  { name: 'mobile', label: 'black.mobile', placeholder: 'black.mobileHint' },
  {
    name: 'source',
    label: 'black.source',
    kind: 'select',
    options: (['manual', 'complaint'] as const).map((s) => ({
      value: s,
      label: translate(lang, `blacklist.source.${s}`),
    })),
  },
  { name: 'note', label: 'black.note', grow: true },
];

function AddForm() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'zh';
  const fields = useMemo(() => fieldsIn(lang), [lang]);
  const form = useForm(
    { schema: blacklistFormSchema, values: { mobile: '', source: 'manual', note: '' }, sends: 'parsed' },
    async (parsed) => {
      const p = parsed as { mobile: string; source: string; note?: string };
      await recordBlacklistCommand('blacklist.add', p.mobile, {
        mobile: p.mobile,
        source: p.source,
        ...(p.note ? { note: p.note } : {}),
      });
    },
    // a recorded number empties the form for the next
    () => {
      form.reset();
    },
  );
  return (
    <form
      aria-label={t('black.add')}
      style={{ display: 'flex', gap: 8, alignItems: 'flex-start', flexWrap: 'wrap' }}
      onSubmit={(e) => {
        e.preventDefault();
        form.submit();
      }}
    >
      <FormFields form={form} fields={fields} testId="black" inline />
      <Button data-testid="black-add" type="submit" size="small" icon="pi pi-plus" label={t('black.add')} />
      {form.failure && <small className="p-error">{form.failure}</small>}
    </form>
  );
}

/** The import's machine (the address book's: check, upload, import), its import step the blacklist's. */
const makeImport = () =>
  memberImportMachine.provide({
    actors: {
      read: fromPromise(({ input }: { input: File }): Promise<SheetRead> =>
        uploadFile(uploadAddressBookEndpoint, input),
      ),
      import: fromPromise(async ({ input }: { input: { groupId: string; fileId: string } }) => {
        const r = await api.call(
          blacklistImportEndpoint,
          { fileId: input.fileId },
          { silent: true, idempotencyKey: input.fileId },
        );
        return { imported: r.added, invalid: r.invalid, duplicates: r.duplicates, reportFileId: r.reportFileId };
      }),
    },
  });

function ImportBar() {
  const { t } = useTranslation();
  const file = useRef<HTMLInputElement>(null);
  const [state, send] = useEditorMachine(makeImport);
  const { report, failure } = state.context;
  const busy = state.matches('reading') || state.matches('importing');
  const choose = (input: HTMLInputElement) => {
    const f = input.files?.[0];
    input.value = '';
    if (f) send({ type: 'import.start', groupId: '', file: f });
  };
  return (
    <span
      style={{ display: 'inline-flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}
      data-testid="black-import"
      aria-live="polite"
    >
      <input
        ref={file}
        data-testid="black-import-file"
        type="file"
        hidden
        accept=".xlsx,.xls"
        onChange={(e) => choose(e.target)}
      />
      <Button
        size="small"
        icon="pi pi-upload"
        label={t('black.import')}
        disabled={busy}
        onClick={() => file.current?.click()}
      />
      <Button
        size="small"
        text
        icon="pi pi-download"
        label={t('black.export')}
        onClick={() => void download(blacklistExportEndpoint, {})}
      />
      {busy && <small>{t('black.importing')}</small>}
      {state.matches('done') && report && (
        <span data-testid="black-import-result">
          {t('black.importDone', { added: report.imported, duplicates: report.duplicates, invalid: report.invalid })}{' '}
          {report.reportFileId && (
            <Button
              size="small"
              text
              icon="pi pi-download"
              label={t('black.report')}
              onClick={() => void download(fileMaterialEndpoint, { fileId: report.reportFileId! })}
            />
          )}
        </span>
      )}
      {state.matches('failed') && failure && <small className="p-error">{messageText(failure)}</small>}
    </span>
  );
}

export function BlacklistPage() {
  const admin = useSession().userInfo?.authUser.userType === 1;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }} data-testid="blacklist">
      <AddForm />
      <span style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
        <ImportBar />
        {admin && <OptOutSettingsButton />}
      </span>
      <TableScreen def={blacklistEntries} />
    </div>
  );
}
