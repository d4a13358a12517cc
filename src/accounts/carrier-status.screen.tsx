import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getCarrierStatusEndpoint, type CarrierStatus } from '../../contract/endpoints/carrier.endpoints';
import { usePlatformRead } from '../data/use-platform-read';
import { formatNumber } from '../ui/format';
import { getLanguage } from '../ui/language';
import { errorsText, latencyText, ratioText } from './carrier-status-text';

// The platform's links to its carriers, for the enterprise admin: read only, read again every few seconds (each
// instance reports every 2 s, so a faster read would show nothing new). The previous answer stays on screen while the
// next is read, so the rows never blink.

const REFRESH_MS = 3000;

export function CarrierStatusScreen() {
  const { t } = useTranslation();
  const lang = getLanguage();
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  const { data, failure } = usePlatformRead(getCarrierStatusEndpoint, {}, { refresh: tick });
  const hintId = useId();
  const label = t('carriers.tableLabel');
  const count = (n: number) => formatNumber(n, lang);
  return (
    <section className="page-card" data-testid="carrier-status" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      {failure}
      {data?.inProcess && <Message severity="info" text={t('carriers.inProcess')} data-testid="carriers-in-process" />}
      {data && !(data.inProcess && data.carriers.length === 0) && (
        <>
          <p id={hintId} style={{ margin: 0 }}>
            {t('carriers.hint')}
          </p>
          <DataTable
            value={data.carriers}
            dataKey="name"
            size="small"
            stripedRows
            emptyMessage={t('carriers.empty')}
            data-testid="carriers"
            pt={{
              table: { 'aria-label': label, 'aria-describedby': hintId },
              // the table scrolls sideways at narrow widths: its scroll box is reachable from the keyboard and named
              wrapper: { tabIndex: 0, role: 'region', 'aria-label': label },
            }}
          >
            <Column field="name" header={t('carriers.name')} />
            <Column header={t('carriers.binds')} body={(c: CarrierStatus) => ratioText(c.bound, c.wanted, lang)} />
            <Column header={t('carriers.window')} body={(c: CarrierStatus) => ratioText(c.inFlight, c.window, lang)} />
            <Column header={t('carriers.rate')} body={(c: CarrierStatus) => formatNumber(c.rate, lang)} />
            <Column header={t('carriers.throttled')} body={(c: CarrierStatus) => count(c.throttled)} />
            <Column header={t('carriers.errors')} body={(c: CarrierStatus) => errorsText(c.errors, t, lang)} />
            <Column header={t('carriers.latencyHeader')} body={(c: CarrierStatus) => latencyText(c, t, lang)} />
            <Column header={t('carriers.instances')} body={(c: CarrierStatus) => count(c.instances)} />
          </DataTable>
        </>
      )}
    </section>
  );
}
