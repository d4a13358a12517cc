import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addressBookDownloadEndpoint, addressBookMemberImportEndpoint } from '../../contract/endpoints/address-book.endpoints';
import { uploadAddressBookEndpoint } from '../../contract/endpoints/file.endpoints';
import { fileMaterialEndpoint } from '../../contract/endpoints/library.endpoints';
import { translate } from '../../contract/messages';
import { checkUpload } from '../../contract/validation/upload.rules';
import { api } from '../session/api';
import { useSession } from '../session/use-session';
import { download } from '../data/platform-actions';

// Importing members into a group from a sheet: the upload, the platform's import with its progress, and its report.

type ImportState =
  | { phase: 'idle' }
  | { phase: 'uploading' | 'importing'; rows?: number }
  | { phase: 'done'; imported: number; invalid: number; duplicates: number; reportFileId: string | null }
  | { phase: 'failed'; message: string };

export function ImportPanel({ groupId }: { groupId: string }) {
  const { t } = useTranslation();
  const { language } = useSession();
  const file = useRef<HTMLInputElement>(null);
  const [st, setSt] = useState<ImportState>({ phase: 'idle' });
  async function run(f: File) {
    const refused = checkUpload({ name: f.name, size: f.size });
    if (refused) return setSt({ phase: 'failed', message: translate(language, refused) });
    try {
      setSt({ phase: 'uploading' });
      const form = new FormData();
      form.append('file', f);
      const up = await api.upload(uploadAddressBookEndpoint, form, { silent: true });
      setSt({ phase: 'importing', rows: up.rowCount ?? undefined });
      const out = await api.call(addressBookMemberImportEndpoint, { groupId, fileId: up.fileId }, { silent: true, idempotencyKey: up.fileId });
      setSt({ phase: 'done', ...out });
    } catch (e) {
      setSt({ phase: 'failed', message: (e as Error).message });
    }
  }
  return (
    <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }} data-testid="import-panel" data-phase={st.phase}>
      <input ref={file} data-testid="import-file" type="file" hidden accept=".xlsx,.xls" onChange={(e) => e.target.files?.[0] && void run(e.target.files[0])} />
      <Button
        data-testid="import"
        size="small"
        icon="pi pi-upload"
        label={t('lib.import')}
        disabled={!groupId || st.phase === 'uploading' || st.phase === 'importing'}
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
      {(st.phase === 'uploading' || st.phase === 'importing') && (
        <span style={{ width: 260 }} data-testid="import-progress">
          <small>{st.phase === 'uploading' ? t('lib.uploading', { pct: '…' }) : `${t('lib.importing')} ${st.rows ?? ''}`}</small>
          <ProgressBar mode="indeterminate" style={{ height: 6 }} />
        </span>
      )}
      {st.phase === 'done' && (
        <span data-testid="import-result">
          {t('lib.importDone', st)}{' '}
          {st.reportFileId && (
            <Button
              data-testid="import-report"
              size="small"
              text
              icon="pi pi-download"
              label={t('lib.report')}
              onClick={() => void download(fileMaterialEndpoint, { fileId: st.reportFileId! })}
            />
          )}
        </span>
      )}
      {st.phase === 'failed' && <small className="p-error">{st.message}</small>}
    </span>
  );
}
