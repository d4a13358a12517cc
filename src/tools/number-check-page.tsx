import i18next from 'i18next';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { ProgressBar } from 'primereact/progressbar';
import { TabMenu } from 'primereact/tabmenu';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadFileEndpoint } from '../../contract/endpoints/file.endpoints';
import {
  aimOnlineMobileCheckEndpoint,
  numberStatusBatchListEndpoint,
  numberStatusDownloadEndpoint,
  onlineCheckEndpoint,
  type NumberStatusBatch,
} from '../../contract/endpoints/number-check.endpoints';
import { translate } from '../../contract/messages';
import { checkUpload } from '../../contract/validation/upload.rules';
import { toolsAggregate } from '../../sync/tools-commands';
import { api } from '../session/api';
import { useSession } from '../session/use-session';
import { RemoteTable } from '../table/remote-table';
import type { RemoteTableDef } from '../table/remote-table-def';
import { aimTemplates, materials, numberStatusCustomers, numberStatusStatistics } from './tools-tables';
import { download, runCommand } from '../data/platform-actions';
import { timeCell } from '../table/value-cells';
import { statusColumns } from './status-columns';

// Number-status check batches (xlsx upload checked in the background, with progress and the
// six counts), the online checks, the per-account statistics, and the AIM materials and templates.

export const checkBatches: RemoteTableDef<NumberStatusBatch> = {
  id: 'check-batches',
  endpoint: numberStatusBatchListEndpoint,
  rowKey: 'batch_id',
  dateRange: true,
  filters: [{ field: 'batch_name', label: 'tools.batchName' }],
  // a batch still being checked is re-read until done
  poll: { ms: 1000, active: (rows) => rows.some((r) => r.status === 0) },
  columns: [
    { field: 'batch_name', header: 'tools.batchName' },
    { field: 'batch_count', header: 'tools.batchCount' },
    {
      field: 'checked_count',
      header: 'tools.progress',
      render: (r) => (
        <span data-testid="check-progress" data-status={r.status} style={{ display: 'inline-flex', gap: 6, alignItems: 'center', minWidth: 160 }}>
          <ProgressBar value={r.batch_count ? Math.floor((r.checked_count * 100) / r.batch_count) : 100} showValue={false} style={{ height: 8, width: 90 }} />
          {r.checked_count}/{r.batch_count}
        </span>
      ),
    },
    ...statusColumns(),
    { field: 'invalid_count', header: 'tools.invalidCount' },
    { field: 'create_time', header: 'tools.createTime', render: timeCell('create_time') },
  ],
  actions: (r) => (
    <Button
      text
      size="small"
      icon="pi pi-download"
      aria-label={i18next.t('table.export')}
      title={i18next.t('table.export')}
      disabled={r.status !== 1}
      onClick={() => void download(numberStatusDownloadEndpoint, { batch_id: r.batch_id })}
    />
  ),
};

function BatchUpload({ onStarted }: { onStarted: () => void }) {
  const { t } = useTranslation();
  const { userInfo, language } = useSession();
  const fileRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function upload(file: File) {
    const problem = checkUpload({ name: file.name, size: file.size });
    if (problem) return setError(translate(language, problem));
    setBusy(true);
    setError(null);
    try {
      const form = new FormData();
      form.append('file', file);
      const up = await api.upload(uploadFileEndpoint, form, { silent: true });
      const cusId = userInfo?.authUser.cus_id ?? '';
      await runCommand('numberCheck.batch', toolsAggregate(cusId), {
        fileId: up.fileId,
        batch_name: name.trim() || file.name.replace(/\.[^.]+$/, ''),
        cus_id: cusId,
      });
      onStarted();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
      if (fileRef.current) fileRef.current.value = '';
    }
  }
  return (
    <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap', margin: '8px 0' }}>
      <InputText data-testid="check-batch-name" placeholder={t('tools.batchName')} value={name} onChange={(e) => setName(e.target.value)} />
      <input
        ref={fileRef}
        data-testid="check-file"
        type="file"
        accept=".xlsx,.xls"
        hidden
        onChange={(e) => e.target.files?.[0] && void upload(e.target.files[0])}
      />
      <Button data-testid="check-upload" icon="pi pi-upload" label={t('tools.uploadCheck')} loading={busy} onClick={() => fileRef.current?.click()} />
      <small>{t('tools.uploadHint')}</small>
      {error && <Message data-testid="check-error" severity="error" text={error} />}
    </div>
  );
}

function OnlineCheck() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [results, setResults] = useState<Array<{ mobile: string; status: string }>>([]);
  const [error, setError] = useState<string | null>(null);
  const run = () =>
    void api.call(onlineCheckEndpoint, { mobiles: text } as never, { silent: true }).then(
      (r) => (setResults(r.results), setError(null)),
      (e: Error) => setError(e.message),
    );
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8, maxWidth: 640, margin: '8px 0' }}>
      <InputTextarea data-testid="online-mobiles" rows={5} placeholder={t('tools.mobilesHint')} value={text} onChange={(e) => setText(e.target.value)} />
      <div style={{ display: 'flex', gap: 8 }}>
        <Button data-testid="online-check" label={t('tools.checkNow')} disabled={!text.trim()} onClick={run} />
        <Button
          label={t('tools.checkToFile')}
          severity="secondary"
          disabled={!text.trim()}
          onClick={() => void download(aimOnlineMobileCheckEndpoint, { mobiles: text } as never).catch((e: Error) => setError(e.message))}
        />
      </div>
      {error && <Message severity="error" text={error} />}
      <ul data-testid="online-results" style={{ columns: 2 }}>
        {results.map((r) => (
          <li key={r.mobile}>
            {r.mobile}: {t(`tools.status.${r.status}`)}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function NumberCheckPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState(0);
  const [refresh, setRefresh] = useState(0);
  const tabs = ['tools.checkBatches', 'tools.onlineCheck', 'tools.accountList', 'tools.customerList', 'tools.materials', 'tools.aimTemplates'];
  return (
    <section data-testid="number-check-page">
      <TabMenu model={tabs.map((k) => ({ label: t(k) }))} activeIndex={tab} onTabChange={(e) => setTab(e.index)} />
      {tab === 0 && (
        <>
          <BatchUpload onStarted={() => setRefresh((n) => n + 1)} />
          <RemoteTable def={checkBatches} refresh={refresh} />
        </>
      )}
      {tab === 1 && <OnlineCheck />}
      {tab === 2 && <RemoteTable def={numberStatusStatistics} />}
      {tab === 3 && <RemoteTable def={numberStatusCustomers} />}
      {tab === 4 && <RemoteTable def={materials} />}
      {tab === 5 && <RemoteTable def={aimTemplates} />}
    </section>
  );
}
