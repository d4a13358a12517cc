import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { carrierCostDeleteEndpoint, carrierCostListEndpoint, type CostRow } from '../../contract/endpoints/carrier-cost.endpoints';
import { carrierListEndpoint } from '../../contract/endpoints/carrier-control.endpoints';
import { callOnline } from '../data/platform-actions';
import { usePlatformRead } from '../data/use-platform-read';
import { FormDialog } from '../forms/form-dialog';
import { messageText } from '../forms/message-text';
import { confirmDelete } from '../table/confirm-delete';
import { formatDateTime } from '../ui/format';
import { getLanguage } from '../ui/language';
import { notify } from '../ui/notify';
import { CostForm } from './cost-form';

// Each carrier's cost per segment by country or prefix, a scope's newest first with its history below, edited in a
// dialog. A cost applies to the messages submitted to the carrier from its date on, on every instance at once.

type Dialog = { kind: 'add' } | { kind: 'edit'; cost: CostRow } | null;
const PAGE = 50;

export function CarrierCostsScreen() {
  const { t } = useTranslation();
  const lang = getLanguage();
  const [tick, setTick] = useState(0);
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialog>(null);
  const reload = () => setTick((n) => n + 1);
  const { data, failure, loading } = usePlatformRead(carrierCostListEndpoint, { pageNumber: page, pageSize: PAGE }, { refresh: tick });
  const carriers = usePlatformRead(carrierListEndpoint, {}).data?.carriers.map((c) => c.name) ?? [];
  const hintId = useId();
  const label = t('carrierCosts.tableLabel');

  const remove = (c: CostRow) =>
    confirmDelete(
      String(c.id),
      () =>
        callOnline(carrierCostDeleteEndpoint, { id: c.id }).then(() =>
          notify({ severity: 'success', summary: messageText('carrier.cost.deleted', { id: c.id }) }),
        ),
      reload,
      t('carrierCosts.named', { id: c.id }),
    );
  const actions = (c: CostRow) => (
    <span style={{ display: 'inline-flex', gap: 2 }}>
      <Button
        size="small"
        text
        data-testid="cost-edit-open"
        label={t('carrierCosts.edit')}
        aria-label={t('carrierCosts.editNamed', { id: c.id })}
        onClick={() => setDialog({ kind: 'edit', cost: c })}
      />
      <Button
        size="small"
        text
        severity="danger"
        data-testid="cost-delete"
        label={t('carrierCosts.remove')}
        aria-label={t('carrierCosts.removeNamed', { id: c.id })}
        onClick={() => remove(c)}
      />
    </span>
  );
  const done = () => (setDialog(null), reload());
  const hide = () => setDialog(null);
  return (
    <section className="page-card" data-testid="carrier-costs" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      {failure}
      <div style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button data-testid="cost-add-open" icon="pi pi-plus" size="small" label={t('carrierCosts.add')} onClick={() => setDialog({ kind: 'add' })} />
        <p id={hintId} style={{ margin: 0 }}>
          {t('carrierCosts.hint')}
        </p>
      </div>
      <DataTable
        value={data?.data ?? []}
        dataKey="id"
        lazy
        paginator
        rows={PAGE}
        first={(page - 1) * PAGE}
        totalRecords={data?.total ?? 0}
        onPage={(e) => setPage((e.page ?? 0) + 1)}
        loading={loading && !data}
        size="small"
        stripedRows
        emptyMessage={t('carrierCosts.empty')}
        data-testid="costs"
        pt={{
          table: { 'aria-label': label, 'aria-describedby': hintId },
          wrapper: { tabIndex: 0, role: 'region', 'aria-label': label },
        }}
      >
        <Column field="carrier" header={t('carrierCosts.carrier')} />
        <Column header={t('carrierCosts.scope')} body={(c: CostRow) => c.country ?? c.prefix} />
        <Column field="cost" header={t('carrierCosts.cost')} />
        <Column header={t('carrierCosts.effectiveFrom')} body={(c: CostRow) => formatDateTime(c.effectiveFrom, lang)} />
        <Column
          header={t('carrierCosts.updated')}
          body={(c: CostRow) => t('carrierCosts.updatedValue', { by: c.updatedBy, at: formatDateTime(c.updatedAt, lang) })}
        />
        <Column header={t('carrierCosts.actions')} body={actions} />
      </DataTable>
      <FormDialog header={t('carrierCosts.add')} visible={dialog?.kind === 'add'} onHide={hide} style={{ width: '32rem' }}>
        {dialog?.kind === 'add' && <CostForm carriers={carriers} onDone={done} />}
      </FormDialog>
      <FormDialog
        header={dialog?.kind === 'edit' ? t('carrierCosts.editNamed', { id: dialog.cost.id }) : ''}
        visible={dialog?.kind === 'edit'}
        onHide={hide}
        style={{ width: '32rem' }}
      >
        {dialog?.kind === 'edit' && <CostForm key={dialog.cost.id} cost={dialog.cost} carriers={carriers} onDone={done} />}
      </FormDialog>
    </section>
  );
}
