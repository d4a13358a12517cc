import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import {
  addressBookDownloadEndpoint,
  addressBookMemberImportEndpoint,
} from '../../contract/endpoints/address-book.endpoints';
import { uploadAddressBookEndpoint } from '../../contract/endpoints/file.endpoints';
import { fileMaterialEndpoint } from '../../contract/endpoints/library.endpoints';
import { memberImportMachine } from '../../machines/member-import.machine';
import type { SheetRead } from '../../machines/sheet-upload';
import { api } from '../session/api';
import { download, uploadFile } from '../data/platform-actions';
import { messageText } from '../forms/message-text';
import { useEditorMachine } from '../forms/use-editor-machine';

// Importing members into a group from a sheet: the upload, the platform's import with its progress, and its report,
// each drawn from the import's machine.

/** The panel's import, its effects provided here: the upload the platform reads, then the import into the group. */
const makeImport = () =>
  memberImportMachine.provide({
    actors: {
      read: fromPromise(({ input }: { input: File }): Promise<SheetRead> =>
        uploadFile(uploadAddressBookEndpoint, input),
      ),
      import: fromPromise(({ input }: { input: { groupId: string; fileId: string } }) =>
        api.call(addressBookMemberImportEndpoint, input, { silent: true, idempotencyKey: input.fileId }),
      ),
    },
  });

export function ImportPanel({ groupId }: { groupId: string }) {
  const { t } = useTranslation();
  const file = useRef<HTMLInputElement>(null);
  const [state, send] = useEditorMachine(makeImport);
  const { rows, report, failure } = state.context;
  const busy = state.matches('reading') || state.matches('importing');
  const choose = (input: HTMLInputElement) => {
    const f = input.files?.[0];
    // cleared, so that choosing the same sheet again imports it again
    input.value = '';
    if (f) send({ type: 'import.start', groupId, file: f });
  };
  return (
    <span
      style={{ display: 'inline-flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}
      data-testid="import-panel"
      data-phase={String(state.value)}
    >
      <input
        ref={file}
        data-testid="import-file"
        type="file"
        hidden
        accept=".xlsx,.xls"
        onChange={(e) => choose(e.target)}
      />
      <Button
        data-testid="import"
        size="small"
        icon="pi pi-upload"
        label={t('lib.import')}
        disabled={!groupId || busy}
        onClick={() => file.current?.click()}
      />
      <Button
        size="small"
        text
        icon="pi pi-file"
        label={t('lib.importTemplate')}
        onClick={() => void download(addressBookDownloadEndpoint, { template: true })}
      />
      <Button
        size="small"
        text
        icon="pi pi-download"
        label={t('lib.export')}
        onClick={() => void download(addressBookDownloadEndpoint, { groupId: groupId || undefined, template: false })}
      />
      {busy && (
        <span style={{ width: 260 }} data-testid="import-progress">
          <small>
            {state.matches('reading') ? t('lib.uploading', { pct: '…' }) : `${t('lib.importing')} ${rows ?? ''}`}
          </small>
          <ProgressBar mode="indeterminate" style={{ height: 6 }} />
        </span>
      )}
      {state.matches('done') && report && (
        <span data-testid="import-result">
          {t('lib.importDone', { ...report })}{' '}
          {report.reportFileId && (
            <Button
              data-testid="import-report"
              size="small"
              text
              icon="pi pi-download"
              label={t('lib.report')}
              onClick={() => void download(fileMaterialEndpoint, { fileId: report.reportFileId! })}
            />
          )}
        </span>
      )}
      {state.matches('failed') && failure && <small className="p-error">{messageText(failure)}</small>}
    </span>
  );
}
