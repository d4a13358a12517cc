import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { confirmDialog } from 'primereact/confirmdialog';
import { DataTable } from 'primereact/datatable';
import { Message } from 'primereact/message';
import { Tag } from 'primereact/tag';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  carrierActionEndpoint,
  carrierListEndpoint,
  type CarrierView,
} from '../../contract/endpoints/carrier-control.endpoints';
import { carrierHistoryEndpoint } from '../../contract/endpoints/carrier-history.endpoints';
import { callOnline } from '../data/platform-actions';
import { usePlatformRead } from '../data/use-platform-read';
import { FormDialog } from '../forms/form-dialog';
import { messageText } from '../forms/message-text';
import { formatNumber } from '../ui/format';
import { getLanguage } from '../ui/language';
import { notify } from '../ui/notify';
import { CarrierForm, WeightForm } from './carrier-dialogs';
import { CarrierHistoryChart } from './carrier-history-chart';
import { costText } from './carrier-history-text';
import { errorsText, latencyText, ratioText } from './carrier-status-text';

// The platform operator's carriers: each one's settings, state and live figures summed over the instances, read
// again every few seconds (each instance reports every 2 s, so a faster read would show nothing new). The previous
// answer stays on screen while the next is read, so the rows never blink. Row actions change a carrier at once on
// every instance; disabling drains it, so it asks first. Each carrier's last hour (a chart per carrier, opened in its
// row) and today's cost are read less often: a minute's figures change at most every 2 s, and the cost is a sum over
// today's records.

const REFRESH_MS = 3000;
/** the history is read every this many list reads (30 s) */
const HISTORY_EVERY = 10;
const STATE_SEVERITY = {
  active: 'success',
  broken: 'danger',
  probing: 'warning',
  draining: 'warning',
  disabled: null,
} as const;
type Dialog = { kind: 'add' } | { kind: 'edit' | 'weight'; carrier: CarrierView } | null;
type Action = 'enable' | 'disable' | 'reconnect';
const ACTION_MESSAGE = {
  enable: 'carrier.enabled',
  disable: 'carrier.disabled',
  reconnect: 'carrier.reconnecting',
} as const;

export function CarrierDashboardScreen() {
  const { t } = useTranslation();
  const lang = getLanguage();
  const [tick, setTick] = useState(0);
  const [dialog, setDialog] = useState<Dialog>(null);
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), REFRESH_MS);
    return () => clearInterval(timer);
  }, []);
  const reload = () => setTick((n) => n + 1);
  const { data, failure } = usePlatformRead(carrierListEndpoint, {}, { refresh: tick });
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  // read again at once when a chart is opened, so it never shows figures older than the list beside it
  const opened = Object.keys(expanded).join();
  const history = usePlatformRead(
    carrierHistoryEndpoint,
    {},
    { refresh: `${Math.floor(tick / HISTORY_EVERY)}|${opened}` },
  );
  const historyOf = (name: string) => history.data?.carriers.find((h) => h.name === name) ?? null;
  const toggle = (name: string) =>
    setExpanded(({ [name]: open, ...rest }) => (open ? rest : { ...rest, [name]: true }));
  const chartId = (name: string) => `carrier-history-${name}`;
  const hintId = useId();
  const label = t('carriers.tableLabel');
  const count = (n: number) => formatNumber(n, lang);
  const dash = t('carriers.noLatency');

  const act = (c: CarrierView, action: Action) =>
    callOnline(carrierActionEndpoint, { name: c.name, action })
      .then(() => notify({ severity: 'success', summary: messageText(ACTION_MESSAGE[action], { name: c.name }) }))
      .catch((e: Error) => notify({ severity: 'error', summary: e.message }))
      .finally(reload);
  const disable = (c: CarrierView) =>
    confirmDialog({
      header: t('carriers.disableTitle'),
      message: t('carriers.disableQuestion', { name: c.name }),
      icon: 'pi pi-exclamation-triangle',
      acceptClassName: 'p-button-danger',
      acceptLabel: t('carriers.disableConfirm'),
      rejectLabel: t('carriers.cancel'),
      defaultFocus: 'reject',
      accept: () => void act(c, 'disable'),
    });

  const actions = (c: CarrierView) => (
    <span style={{ display: 'inline-flex', gap: 2 }}>
      <Button
        size="small"
        text
        data-testid="carrier-edit-open"
        label={t('carriers.edit')}
        aria-label={t('carriers.editNamed', { name: c.name })}
        onClick={() => setDialog({ kind: 'edit', carrier: c })}
      />
      {/* one button whose action flips, so the focus stays on it after the answer */}
      <Button
        size="small"
        text
        severity={c.enabled ? 'danger' : undefined}
        data-testid="carrier-toggle"
        label={t(c.enabled ? 'carriers.disable' : 'carriers.enable')}
        aria-label={t(c.enabled ? 'carriers.disableNamed' : 'carriers.enableNamed', { name: c.name })}
        onClick={() => (c.enabled ? disable(c) : void act(c, 'enable'))}
      />
      <Button
        size="small"
        text
        data-testid="carrier-reconnect"
        label={t('carriers.reconnect')}
        aria-label={t('carriers.reconnectNamed', { name: c.name })}
        onClick={() => void act(c, 'reconnect')}
      />
      <Button
        size="small"
        text
        data-testid="carrier-weight-open"
        label={t('carriers.setWeight')}
        aria-label={t('carriers.setWeightNamed', { name: c.name })}
        onClick={() => setDialog({ kind: 'weight', carrier: c })}
      />
    </span>
  );
  const status = (c: CarrierView, shown: (s: NonNullable<CarrierView['status']>) => string) =>
    c.status ? shown(c.status) : dash;
  const done = () => (setDialog(null), reload());
  const hide = () => setDialog(null);
  return (
    <section
      className="page-card"
      data-testid="carrier-status"
      style={{ display: 'flex', flexDirection: 'column', gap: 12 }}
    >
      {failure}
      {history.failure}
      {data?.inProcess && <Message severity="info" text={t('carriers.inProcess')} data-testid="carriers-in-process" />}
      <div style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button
          data-testid="carrier-add-open"
          icon="pi pi-plus"
          size="small"
          label={t('carriers.add')}
          onClick={() => setDialog({ kind: 'add' })}
        />
        <p id={hintId} style={{ margin: 0 }}>
          {t('carriers.hint')}
        </p>
      </div>
      {data && (
        <DataTable
          value={data.carriers}
          dataKey="name"
          size="small"
          stripedRows
          emptyMessage={t('carriers.empty')}
          data-testid="carriers"
          tableStyle={{ minWidth: '72rem' }}
          expandedRows={expanded}
          rowExpansionTemplate={(c: CarrierView) => {
            const h = historyOf(c.name);
            return h ? (
              <CarrierHistoryChart history={h} lang={lang} id={chartId(c.name)} />
            ) : (
              <p id={chartId(c.name)}>{t('carriers.history.loading')}</p>
            );
          }}
          pt={{
            table: { 'aria-label': label, 'aria-describedby': hintId },
            // the table scrolls sideways at narrow widths: its scroll box is reachable from the keyboard and named
            wrapper: { tabIndex: 0, role: 'region', 'aria-label': label },
          }}
        >
          <Column field="name" header={t('carriers.name')} />
          <Column header={t('carriers.address')} body={(c: CarrierView) => `${c.host}:${c.port}`} />
          <Column
            header={t('carriers.state')}
            body={(c: CarrierView) => (
              <Tag
                data-testid="carrier-state"
                data-state={c.state}
                style={{ whiteSpace: 'nowrap' }}
                severity={STATE_SEVERITY[c.state]}
                value={t(`carriers.stateName.${c.state}`)}
              />
            )}
          />
          <Column
            header={t('carriers.binds')}
            body={(c: CarrierView) => status(c, (s) => ratioText(s.bound, s.wanted, lang))}
          />
          <Column
            header={t('carriers.window')}
            body={(c: CarrierView) => status(c, (s) => ratioText(s.inFlight, s.window, lang))}
          />
          <Column header={t('carriers.rate')} body={(c: CarrierView) => status(c, (s) => formatNumber(s.rate, lang))} />
          <Column header={t('carriers.throttled')} body={(c: CarrierView) => status(c, (s) => count(s.throttled))} />
          <Column
            header={t('carriers.errors')}
            body={(c: CarrierView) => status(c, (s) => errorsText(s.errors, t, lang))}
          />
          <Column
            header={t('carriers.latencyHeader')}
            body={(c: CarrierView) => status(c, (s) => latencyText(s, t, lang))}
          />
          <Column
            header={t('carriers.costToday')}
            body={(c: CarrierView) => {
              const h = historyOf(c.name);
              return <span data-testid="carrier-cost">{h ? costText(h.today, t, lang) : dash}</span>;
            }}
          />
          <Column
            header={t('carriers.history.column')}
            body={(c: CarrierView) => (
              <Button
                size="small"
                text
                icon={expanded[c.name] ? 'pi pi-chevron-down' : 'pi pi-chart-bar'}
                data-testid="carrier-history-toggle"
                style={{ whiteSpace: 'nowrap' }}
                // one label whether open or not (its name starts with it, as what is seen is what is said); aria-expanded
                // and the icon tell the state
                label={t('carriers.history.show')}
                aria-label={t('carriers.history.showNamed', { name: c.name })}
                aria-expanded={Boolean(expanded[c.name])}
                aria-controls={expanded[c.name] ? chartId(c.name) : undefined}
                onClick={() => toggle(c.name)}
              />
            )}
          />
          <Column header={t('carriers.weight')} body={(c: CarrierView) => count(c.weight)} />
          <Column header={t('carriers.enabled')} body={(c: CarrierView) => t(c.enabled ? 'common.yes' : 'common.no')} />
          <Column header={t('carriers.actions')} body={actions} />
        </DataTable>
      )}
      <FormDialog header={t('carriers.add')} visible={dialog?.kind === 'add'} onHide={hide} style={{ width: '36rem' }}>
        {dialog?.kind === 'add' && <CarrierForm onDone={done} />}
      </FormDialog>
      <FormDialog
        header={dialog?.kind === 'edit' ? t('carriers.editNamed', { name: dialog.carrier.name }) : ''}
        visible={dialog?.kind === 'edit'}
        onHide={hide}
        style={{ width: '36rem' }}
      >
        {dialog?.kind === 'edit' && <CarrierForm key={dialog.carrier.name} carrier={dialog.carrier} onDone={done} />}
      </FormDialog>
      <FormDialog
        header={dialog?.kind === 'weight' ? t('carriers.setWeightNamed', { name: dialog.carrier.name }) : ''}
        visible={dialog?.kind === 'weight'}
        onHide={hide}
        style={{ width: '24rem' }}
      >
        {dialog?.kind === 'weight' && <WeightForm carrier={dialog.carrier} onDone={done} />}
      </FormDialog>
    </section>
  );
}
