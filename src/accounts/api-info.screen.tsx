import i18next from 'i18next';
import { Panel } from 'primereact/panel';
import { Tag } from 'primereact/tag';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import {
  apiDocEndpoint,
  callbackListEndpoint,
  getApiInfoEndpoint,
  modifyInterfacePasswordEndpoint,
  type CallbackDelivery,
} from '../../contract/endpoints/account.endpoints';
import { PUSH_MODES, reportBatchSchema, userIpsSchema } from '../../contract/validation/sub-account.rules';
import { formatDateTime } from '../ui/format';
import { getLanguage } from '../ui/language';
import { usePlatformRead } from '../data/use-platform-read';
import { runAccountCommand } from './account-actions';
import { callOnline } from '../data/platform-actions';
import { AccountForm } from './account-form';
import { AppSecretPanel } from './app-secret-panel';
import { SmppPanel } from './smpp-panel';
import { HttpApiPanel } from './http-api-panel';
import { IntegratorApiDoc } from './integrator-api-doc';
import { RemoteTable } from '../table/remote-table';
import type { RemoteTableDef } from '../table/remote-table-def';

// API information: account id, interface password, app secret, IP allowlist, push mode, the SMPP address and live
// binds, the HTTP API's address with a signed example, the callback
// deliveries with their status, and the platform's OpenAPI document, read as text.

const apiSettingsSchema = z.object({
  userIps: userIpsSchema,
  pushMode: z.union([z.literal(PUSH_MODES.pull), z.literal(PUSH_MODES.push)]),
  reportBatch: reportBatchSchema,
});
const interfaceSchema = z.object({
  password: z.string().min(1, { error: 'v.settings.oldPasswordRequired' }).max(64),
  interfacePassword: z
    .string()
    .min(6, { error: 'v.subAccount.passwordLength' })
    .max(10, { error: 'v.subAccount.passwordLength' }),
});
const interfaceForm = { schema: interfaceSchema, values: { password: '', interfacePassword: '' } };
const STATUS = ['account.cbPending', 'account.cbDelivered', 'account.cbFailed'];

interface OpenApiOp {
  summary?: string;
  description?: string;
  requestBody?: { content?: Record<string, { schema?: unknown }> };
}

function ApiDoc() {
  const { t } = useTranslation();
  const { data, failure } = usePlatformRead(apiDocEndpoint, {});
  const doc = data as { paths?: Record<string, Record<string, OpenApiOp>> } | null;
  const [filter, setFilter] = useState('');
  const paths = Object.entries(doc?.paths ?? {}).filter(([p]) => p.toLowerCase().includes(filter.toLowerCase()));
  return (
    <div data-testid="api-doc">
      {failure}
      <p>
        {t('account.apiDocHint')}{' '}
        <a href="/sms-service-api/openapi.json" target="_blank" rel="noreferrer">
          openapi.json
        </a>
      </p>
      <input
        aria-label={t('account.apiDocFilter')}
        placeholder={t('account.apiDocFilter')}
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        className="p-inputtext"
      />
      {paths.map(([path, ops]) =>
        Object.entries(ops).map(([method, op]) => (
          <details key={`${method} ${path}`} data-testid="api-doc-path">
            <summary>
              <Tag value={method.toUpperCase()} /> <code>{path}</code>
            </summary>
            {op.description && <p>{op.description}</p>}
            {op.requestBody?.content?.['application/json'] && (
              <pre style={{ whiteSpace: 'pre-wrap' }}>
                {JSON.stringify(op.requestBody.content['application/json'].schema, null, 2)}
              </pre>
            )}
          </details>
        )),
      )}
    </div>
  );
}

const callbackDeliveries: RemoteTableDef<CallbackDelivery> = {
  id: 'callback-table',
  endpoint: callbackListEndpoint,
  rowKey: 'id',
  filters: [],
  columns: [
    { field: 'create_time', header: 'account.time', render: (d) => formatDateTime(d.create_time, getLanguage()) },
    { field: 'kind', header: 'account.cbKind' },
    { field: 'ref', header: 'account.cbRef' },
    {
      field: 'status',
      header: 'account.status',
      render: (d) => (
        <Tag
          severity={d.status === 1 ? 'success' : d.status === 2 ? 'danger' : 'warning'}
          value={i18next.t(STATUS[d.status] ?? 'account.cbPending')}
        />
      ),
    },
    { field: 'attempts', header: 'account.cbAttempts' },
    { field: 'lastError', header: 'account.cbLastError' },
  ],
};

export function ApiInfoScreen() {
  const { t } = useTranslation();
  const { data: info, failure } = usePlatformRead(getApiInfoEndpoint, {});
  const settingsForm = useMemo(
    () =>
      info
        ? {
            schema: apiSettingsSchema,
            values: { userIps: info.userIps, pushMode: info.pushMode, reportBatch: info.reportBatch },
          }
        : null,
    [info],
  );
  return (
    <section className="page-card" data-testid="api-info" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      {failure}
      {info && (
        <dl className="info-list">
          <div>
            <dt>{t('account.appId')}</dt>
            <dd data-testid="api-app-id">{info.appId}</dd>
          </div>
          <div>
            <dt>{t('account.interfacePassword')}</dt>
            <dd>{t(info.hasInterfacePassword ? 'account.isSet' : 'account.notSet')}</dd>
          </div>
          <div>
            <dt>{t('account.reportUrl')}</dt>
            <dd>{info.reportUrl || '-'}</dd>
          </div>
          <div>
            <dt>{t('account.moUrl')}</dt>
            <dd>{info.moUrl || '-'}</dd>
          </div>
        </dl>
      )}
      <Panel header={t('account.apiSettings')} toggleable>
        {settingsForm && (
          <AccountForm
            form={settingsForm}
            fields={[
              { name: 'userIps', label: 'account.userIps' },
              {
                name: 'pushMode',
                label: 'account.pushMode',
                kind: 'select',
                options: [
                  { value: 0, label: t('account.pushPull') },
                  { value: 1, label: t('account.pushProactive') },
                ],
              },
              {
                name: 'reportBatch',
                label: 'account.reportBatch',
                kind: 'number',
                when: (v) => v.pushMode === PUSH_MODES.push,
                note: <small data-testid="report-batch-note">{t('account.reportBatchNote')}</small>,
              },
            ]}
            testId="api-settings"
            submitLabel="account.save"
            submit={(v: Record<string, unknown>) => runAccountCommand('settings.apiInfo', info?.appId ?? '', v)}
          />
        )}
      </Panel>
      <Panel header={t('account.interfacePassword')} toggleable collapsed>
        <AccountForm
          form={interfaceForm}
          fields={[
            { name: 'password', label: 'account.passwordAgain', kind: 'password' },
            { name: 'interfacePassword', label: 'account.interfacePassword', kind: 'password' },
          ]}
          testId="interface-password"
          submitLabel="account.save"
          submit={(v) => callOnline(modifyInterfacePasswordEndpoint, v)}
        />
      </Panel>
      <Panel header={t('account.appSecret')} toggleable collapsed>
        <AppSecretPanel />
      </Panel>
      <Panel header={t('account.smppPanel')} toggleable>
        <SmppPanel />
      </Panel>
      <Panel header={t('account.httpPanel')} toggleable collapsed>
        <HttpApiPanel appId={info?.appId ?? ''} />
      </Panel>
      <Panel header={t('account.callbacks')} toggleable collapsed>
        <RemoteTable def={callbackDeliveries} />
      </Panel>
      <Panel header={t('account.integratorDoc')} toggleable collapsed>
        <IntegratorApiDoc />
      </Panel>
      <Panel header={t('account.apiDoc')} toggleable collapsed>
        <ApiDoc />
      </Panel>
    </section>
  );
}
