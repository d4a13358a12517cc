import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { confirmDialog } from 'primereact/confirmdialog';
import { DataTable } from 'primereact/datatable';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endSmppBindEndpoint, getSmppInfoEndpoint, type SmppBind } from '../../contract/endpoints/smpp.endpoints';
import { callOnline } from '../data/platform-actions';
import { usePlatformRead } from '../data/use-platform-read';
import { useSession } from '../session/use-session';
import { formatDateTime } from '../ui/format';
import { getLanguage } from '../ui/language';
import { notify } from '../ui/notify';

// Where integrators bind over SMPP, and the live binds of the accounts the caller manages, read again every few
// seconds. An enterprise admin or an agent can end a bind.

const REFRESH_MS = 5000;

export function SmppPanel() {
  const { t } = useTranslation();
  const { userInfo } = useSession();
  const manager = userInfo?.authUser.userType === 1 || userInfo?.authUser.userType === 2;
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  const { data, failure } = usePlatformRead(getSmppInfoEndpoint, {}, { refresh: tick });
  const end = (b: SmppBind) =>
    confirmDialog({
      header: t('account.smppEndBind'),
      message: t('account.smppEndQuestion', { cusId: b.cusId, address: b.address }),
      icon: 'pi pi-exclamation-triangle',
      acceptClassName: 'p-button-danger',
      acceptLabel: t('account.smppEndBind'),
      rejectLabel: t('lib.cancel'),
      accept: () => {
        void callOnline(endSmppBindEndpoint, { sessionId: b.sessionId })
          .then(() => setTick((n) => n + 1))
          .catch((e: Error) => notify({ severity: 'error', summary: e.message }));
      },
    });
  return (
    <div data-testid="smpp-panel">
      {failure}
      {data && (
        <>
          <dl className="info-list">
            <div>
              <dt>{t('account.smppAddress')}</dt>
              <dd data-testid="smpp-address">
                {data.port === null ? t('account.smppOff') : `${data.host}:${data.port}`}
              </dd>
            </div>
            <div>
              <dt>{t('account.smppSystemId')}</dt>
              <dd>{data.systemId}</dd>
            </div>
          </dl>
          <DataTable
            value={data.binds}
            dataKey="sessionId"
            size="small"
            aria-label={t('account.smppBinds')}
            emptyMessage={t('account.smppNoBinds')}
            data-testid="smpp-binds"
          >
            <Column field="cusId" header={t('account.cusId')} />
            <Column field="address" header={t('account.smppClient')} />
            <Column header={t('account.smppBindType')} body={(b: SmppBind) => t(`account.smppType.${b.bindType}`)} />
            <Column header={t('account.smppSince')} body={(b: SmppBind) => formatDateTime(b.since, getLanguage())} />
            <Column field="rate" header={t('account.smppRate')} />
            <Column field="submitted" header={t('account.smppSubmitted')} />
            <Column field="throttled" header={t('account.smppThrottled')} />
            {manager && (
              <Column
                header={t('account.smppActions')}
                body={(b: SmppBind) => (
                  <Button
                    size="small"
                    severity="danger"
                    text
                    label={t('account.smppEndBind')}
                    aria-label={`${t('account.smppEndBind')} ${b.cusId} ${b.address}`}
                    onClick={() => end(b)}
                  />
                )}
              />
            )}
          </DataTable>
        </>
      )}
    </div>
  );
}
