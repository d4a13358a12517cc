import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { Dialog } from 'primereact/dialog';
import { useTranslation } from 'react-i18next';
import { logUploadChunks, uploadLogsEndpoint } from '../../../contract/endpoints/log.endpoints';
import { translate } from '../../../contract/messages';
import { api } from '../../session/api';
import { clearErrorLog, errorLogStore, type LogEntry } from '../error-log';
import { useStore } from '../external-store';
import { formatDateTime } from '../../ui/format';
import { getLanguage } from '../../ui/language';
import { notify } from '../../ui/notify';

// The log viewer: locally captured errors; upload to the platform or clear, each after confirmation.
async function upload(entries: LogEntry[]): Promise<void> {
  const lang = getLanguage();
  for (const chunk of logUploadChunks(entries.map((e) => ({ ...e, time: formatDateTime(e.time, lang) }))))
    await api.call(uploadLogsEndpoint, chunk);
}

export function LogViewerDialog({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  const { t } = useTranslation();
  const entries = useStore(errorLogStore);
  const lang = getLanguage();
  const confirmUpload = () =>
    confirmDialog({
      message: t('logs.uploadConfirm'),
      header: t('logs.upload'),
      icon: 'pi pi-upload',
      acceptLabel: t('common.ok'),
      rejectLabel: t('common.cancel'),
      accept: () =>
        upload(entries).then(
          () => {
            clearErrorLog();
            notify({ severity: 'success', summary: translate(lang, 'logs.sent') });
          },
          () => {},
        ),
    });
  const confirmClear = () =>
    confirmDialog({
      message: t('logs.clearConfirm'),
      header: t('logs.clear'),
      icon: 'pi pi-trash',
      acceptLabel: t('common.ok'),
      rejectLabel: t('common.cancel'),
      accept: () => {
        clearErrorLog();
        notify({ severity: 'success', summary: translate(lang, 'logs.cleared') });
      },
    });
  return (
    <Dialog
      header={t('logs.title')}
      visible={visible}
      onHide={onHide}
      style={{ width: 'min(960px, 95vw)' }}
      footer={
        <div>
          <Button label={t('logs.upload')} icon="pi pi-upload" onClick={confirmUpload} disabled={!entries.length} />
          <Button
            label={t('logs.clear')}
            icon="pi pi-trash"
            severity="danger"
            outlined
            onClick={confirmClear}
            disabled={!entries.length}
          />
        </div>
      }
    >
      {entries.length === 0 ? (
        <p>{t('logs.empty')}</p>
      ) : (
        <table className="log-table">
          <thead>
            <tr>
              <th scope="col">{t('logs.type')}</th>
              <th scope="col">{t('logs.url')}</th>
              <th scope="col">{t('logs.message')}</th>
              <th scope="col">{t('logs.time')}</th>
              <th scope="col">{t('logs.stack')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e, i) => (
              <tr key={`${e.time}-${i}`}>
                <td>{e.type}</td>
                <td className="log-url">{e.url}</td>
                <td>{e.message}</td>
                <td>{formatDateTime(e.time, lang)}</td>
                <td>
                  {e.stack && (
                    <details>
                      <summary>{t('logs.stack')}</summary>
                      <pre>{e.stack}</pre>
                    </details>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Dialog>
  );
}
