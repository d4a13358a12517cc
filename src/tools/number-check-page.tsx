import i18next from 'i18next';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { ProgressBar } from 'primereact/progressbar';
import { TabMenu } from 'primereact/tabmenu';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { uploadFileEndpoint } from '../../contract/endpoints/file.endpoints';
import {
  aimOnlineMobileCheckEndpoint,
  batchCheckEndpoint,
  numberStatusBatchListEndpoint,
  numberStatusDownloadEndpoint,
  onlineCheckEndpoint,
  type NumberStatusBatch,
} from '../../contract/endpoints/number-check.endpoints';
import { checkBatchUploadMachine, type BatchRequest } from '../../machines/check-batch-upload.machine';
import type { SheetRead } from '../../machines/sheet-upload';
import { toolsAggregate } from '../../sync/commands/tools-commands';
import { api } from '../session/api';
import { useSession } from '../session/use-session';
import { RemoteTable } from '../table/remote-table';
import type { RemoteTableDef } from '../table/remote-table-def';
import { aimTemplates, materials, numberStatusCustomers, numberStatusStatistics } from './tools-tables';
import { download, runCommand, uploadFile } from '../data/platform-actions';
import { timeCell } from '../table/value-cells';
import { statusColumns } from './status-columns';
import type { FieldDefinition } from '../forms/field-definition';
import { FormFields } from '../forms/form-fields';
import { messageText } from '../forms/message-text';
import { useEditorMachine } from '../forms/use-editor-machine';
import { useForm } from '../forms/use-form';

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
        <span
          data-testid="check-progress"
          data-status={r.status}
          style={{ display: 'inline-flex', gap: 6, alignItems: 'center', minWidth: 160 }}
        >
          <ProgressBar
            value={r.batch_count ? Math.floor((r.checked_count * 100) / r.batch_count) : 100}
            showValue={false}
            style={{ height: 8, width: 90 }}
          />
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

const batchNameFields: FieldDefinition[] = [
  {
    name: 'batch_name',
    label: 'tools.batchName',
    labelHidden: true,
    placeholder: 'tools.batchName',
    testId: 'check-batch-name',
  },
];
const batchNameForm = { schema: batchCheckEndpoint.request.pick({ batch_name: true }), values: { batch_name: '' } };

const onlineFields: FieldDefinition[] = [
  {
    name: 'mobiles',
    label: 'tools.mobilesHint',
    labelHidden: true,
    placeholder: 'tools.mobilesHint',
    kind: 'textarea',
    rows: 5,
    testId: 'online-mobiles',
  },
];
const onlineForm = { schema: onlineCheckEndpoint.request, values: { mobiles: '' } };

function BatchUpload({ onStarted }: { onStarted: () => void }) {
  const { t } = useTranslation();
  const { userInfo } = useSession();
  const fileRef = useRef<HTMLInputElement>(null);
  const startedNow = useRef(onStarted);
  startedNow.current = onStarted;
  const [upload, send] = useEditorMachine(() =>
    checkBatchUploadMachine.provide({
      actors: {
        upload: fromPromise(({ input }: { input: File }): Promise<SheetRead> => uploadFile(uploadFileEndpoint, input)),
        startBatch: fromPromise(({ input }: { input: BatchRequest }) =>
          runCommand('numberCheck.batch', toolsAggregate(input.cus_id), { ...input }),
        ),
      },
      actions: { started: () => startedNow.current() },
    }),
  );
  const chosen = useRef<File | null>(null);
  // the name is checked against the batch's rules when a sheet is chosen, then the sheet goes with it
  const form = useForm(batchNameForm, async (v) => {
    if (chosen.current)
      send({
        type: 'batch.start',
        file: chosen.current,
        batchName: String(v.batch_name ?? ''),
        cusId: userInfo?.authUser.cus_id ?? '',
      });
  });
  const choose = (input: HTMLInputElement) => {
    chosen.current = input.files?.[0] ?? null;
    // cleared, so that choosing the same sheet again starts another batch
    input.value = '';
    if (chosen.current) form.submit();
  };
  const { failure } = upload.context;
  return (
    <div style={{ display: 'flex', gap: 8, alignItems: 'center', flexWrap: 'wrap', margin: '8px 0' }}>
      <FormFields form={form} fields={batchNameFields} testId="check" inline />
      <input
        ref={fileRef}
        data-testid="check-file"
        type="file"
        accept=".xlsx,.xls"
        hidden
        onChange={(e) => choose(e.target)}
      />
      <Button
        data-testid="check-upload"
        icon="pi pi-upload"
        label={t('tools.uploadCheck')}
        loading={upload.matches('uploading') || upload.matches('starting')}
        onClick={() => fileRef.current?.click()}
      />
      <small>{t('tools.uploadHint')}</small>
      {upload.matches('failed') && failure && (
        <Message data-testid="check-error" severity="error" text={messageText(failure)} />
      )}
    </div>
  );
}

function OnlineCheck() {
  const { t } = useTranslation();
  // the same numbers checked on screen or into a file: which one the submit is for
  const toFile = useRef(false);
  const form = useForm(onlineForm, async (request) => {
    if (!toFile.current) return (await api.call(onlineCheckEndpoint, request as never, { silent: true })).results;
    await download(aimOnlineMobileCheckEndpoint, request as never);
    // the results on screen stay as they were
    return form.result;
  });
  const results = (form.result ?? []) as Array<{ mobile: string; status: string }>;
  const blank = !String(form.values.mobiles ?? '').trim();
  const run = (file: boolean) => {
    toFile.current = file;
    form.submit();
  };
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8, maxWidth: 640, margin: '8px 0' }}>
      <FormFields form={form} fields={onlineFields} testId="online" inline />
      <div style={{ display: 'flex', gap: 8 }}>
        <Button data-testid="online-check" label={t('tools.checkNow')} disabled={blank} onClick={() => run(false)} />
        <Button label={t('tools.checkToFile')} severity="secondary" disabled={blank} onClick={() => run(true)} />
      </div>
      {form.failure && <Message severity="error" text={form.failure} />}
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
  const tabs = [
    'tools.checkBatches',
    'tools.onlineCheck',
    'tools.accountList',
    'tools.customerList',
    'tools.materials',
    'tools.aimTemplates',
  ];
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
