import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { confirmDelete } from '../table/confirm-delete';
import { DataTable } from 'primereact/datatable';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  carrierRouteDeleteEndpoint,
  carrierRoutesEndpoint,
  type RouteView,
} from '../../contract/endpoints/carrier-control.endpoints';
import { callOnline } from '../data/platform-actions';
import { usePlatformRead } from '../data/use-platform-read';
import { FormDialog } from '../forms/form-dialog';
import { messageText } from '../forms/message-text';
import { formatDateTime } from '../ui/format';
import { getLanguage } from '../ui/language';
import { notify } from '../ui/notify';
import { listText } from './list-text';
import { RouteForm } from './route-form';
import { RouteTestPanel } from './route-test-panel';

// The routes in the order the platform tries them, edited in a dialog and applied from the next message on every
// instance; the route test beside them answers what a number would take now.

type Dialog = { kind: 'add' } | { kind: 'edit'; route: RouteView } | null;

const POOL_LABELS = {
  'round-robin': 'carrierRoutes.pools.roundRobin',
  weighted: 'carrierRoutes.pools.weighted',
  quality: 'carrierRoutes.pools.quality',
  cheapest: 'carrierRoutes.pools.cheapest',
} as const;

export function CarrierRoutesScreen() {
  const { t } = useTranslation();
  const lang = getLanguage();
  const [tick, setTick] = useState(0);
  const [dialog, setDialog] = useState<Dialog>(null);
  const reload = () => setTick((n) => n + 1);
  const { data, failure } = usePlatformRead(carrierRoutesEndpoint, {}, { refresh: tick });
  const hintId = useId();
  const label = t('carrierRoutes.tableLabel');
  const any = t('carrierRoutes.any');
  const list = (v: Parameters<typeof listText>[0]) => listText(v) || any;

  const remove = (r: RouteView) =>
    confirmDelete(
      String(r.id),
      () =>
        callOnline(carrierRouteDeleteEndpoint, { id: r.id }).then(() =>
          notify({ severity: 'success', summary: messageText('carrier.route.deleted', { id: r.id }) }),
        ),
      reload,
      t('carrierRoutes.named', { id: r.id }),
    );
  const actions = (r: RouteView) => (
    <span style={{ display: 'inline-flex', gap: 2 }}>
      <Button
        size="small"
        text
        data-testid="route-edit-open"
        label={t('carrierRoutes.edit')}
        aria-label={t('carrierRoutes.editNamed', { id: r.id })}
        onClick={() => setDialog({ kind: 'edit', route: r })}
      />
      <Button
        size="small"
        text
        severity="danger"
        data-testid="route-delete"
        label={t('carrierRoutes.remove')}
        aria-label={t('carrierRoutes.removeNamed', { id: r.id })}
        onClick={() => remove(r)}
      />
    </span>
  );
  const done = () => (setDialog(null), reload());
  const hide = () => setDialog(null);
  return (
    <section
      className="page-card"
      data-testid="carrier-routes"
      style={{ display: 'flex', gap: 24, flexWrap: 'wrap', alignItems: 'flex-start' }}
    >
      <div style={{ flex: '3 1 520px', minWidth: 0, display: 'flex', flexDirection: 'column', gap: 12 }}>
        {failure}
        <div style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}>
          <Button
            data-testid="route-add-open"
            icon="pi pi-plus"
            size="small"
            label={t('carrierRoutes.add')}
            onClick={() => setDialog({ kind: 'add' })}
          />
          <p id={hintId} style={{ margin: 0 }}>
            {t('carrierRoutes.hint')}
          </p>
        </div>
        {data && (
          <DataTable
            value={data.routes}
            dataKey="id"
            size="small"
            stripedRows
            emptyMessage={t('carrierRoutes.empty')}
            data-testid="routes"
            tableStyle={{ minWidth: '60rem' }}
            pt={{
              table: { 'aria-label': label, 'aria-describedby': hintId },
              wrapper: { tabIndex: 0, role: 'region', 'aria-label': label },
            }}
          >
            <Column header={t('carrierRoutes.id')} body={(r: RouteView) => `#${r.id}`} />
            <Column field="position" header={t('carrierRoutes.position')} />
            <Column header={t('carrierRoutes.prefixes')} body={(r: RouteView) => list(r.prefix)} />
            <Column header={t('carrierRoutes.countries')} body={(r: RouteView) => list(r.country)} />
            <Column
              header={t('carrierRoutes.products')}
              body={(r: RouteView) =>
                r.prodTypes ? r.prodTypes.map((p) => t(`carrierProducts.${p}`)).join(t('carriers.listSeparator')) : any
              }
            />
            <Column header={t('carrierRoutes.accounts')} body={(r: RouteView) => list(r.accounts)} />
            <Column header={t('carrierRoutes.senders')} body={(r: RouteView) => list(r.senders)} />
            <Column header={t('carrierRoutes.carriers')} body={(r: RouteView) => listText(r.carriers)} />
            <Column header={t('carrierRoutes.pool')} body={(r: RouteView) => t(POOL_LABELS[r.pool])} />
            <Column header={t('carrierRoutes.weights')} body={(r: RouteView) => listText(r.weights) || '—'} />
            <Column
              header={t('carrierRoutes.alphaSenderIds')}
              body={(r: RouteView) =>
                t(r.alphaSenderIds ? 'carrierRoutes.alphaAllowed' : 'carrierRoutes.alphaNotAllowed')
              }
            />
            <Column
              header={t('carrierRoutes.updated')}
              body={(r: RouteView) =>
                t('carrierRoutes.updatedValue', { by: r.updatedBy, at: formatDateTime(r.updatedAt, lang) })
              }
            />
            <Column header={t('carrierRoutes.actions')} body={actions} />
          </DataTable>
        )}
      </div>
      <RouteTestPanel />
      <FormDialog
        header={t('carrierRoutes.add')}
        visible={dialog?.kind === 'add'}
        onHide={hide}
        style={{ width: '36rem' }}
      >
        {dialog?.kind === 'add' && <RouteForm onDone={done} />}
      </FormDialog>
      <FormDialog
        header={dialog?.kind === 'edit' ? t('carrierRoutes.editNamed', { id: dialog.route.id }) : ''}
        visible={dialog?.kind === 'edit'}
        onHide={hide}
        style={{ width: '36rem' }}
      >
        {dialog?.kind === 'edit' && <RouteForm key={dialog.route.id} route={dialog.route} onDone={done} />}
      </FormDialog>
    </section>
  );
}
