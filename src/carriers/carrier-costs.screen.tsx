import i18next from 'i18next';
import { Button } from 'primereact/button';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  carrierCostDeleteEndpoint,
  carrierCostListEndpoint,
  type CostRow,
} from '../../contract/endpoints/carrier-cost.endpoints';
import { carrierListEndpoint } from '../../contract/endpoints/carrier-control.endpoints';
import { callOnline } from '../data/platform-actions';
import { usePlatformRead } from '../data/use-platform-read';
import { FormDialog } from '../forms/form-dialog';
import { messageText } from '../forms/message-text';
import { confirmDelete } from '../table/confirm-delete';
import { RemoteTable } from '../table/remote-table';
import type { RemoteTableDef } from '../table/remote-table-def';
import { formatDateTime } from '../ui/format';
import { notify } from '../ui/notify';
import { CostForm } from './cost-form';

// Each carrier's cost per segment by country or prefix, a scope's newest first with its history below, edited in a
// dialog. A cost applies to the messages submitted to the carrier from its date on, on every instance at once.

type Dialog = { kind: 'add' } | { kind: 'edit'; cost: CostRow } | null;

export const carrierCosts: RemoteTableDef<CostRow> = {
  id: 'costs',
  endpoint: carrierCostListEndpoint,
  rowKey: 'id',
  texts: { table: 'carrierCosts.tableLabel', empty: 'carrierCosts.empty', actions: 'carrierCosts.actions' },
  serial: false,
  pageSize: 50,
  filters: [],
  columns: [
    { field: 'carrier', header: 'carrierCosts.carrier' },
    { field: 'country', header: 'carrierCosts.scope', render: (c) => c.country ?? c.prefix },
    { field: 'cost', header: 'carrierCosts.cost' },
    {
      field: 'effectiveFrom',
      header: 'carrierCosts.effectiveFrom',
      render: (c, v) => formatDateTime(c.effectiveFrom, v.lang),
    },
    {
      field: 'updatedAt',
      header: 'carrierCosts.updated',
      render: (c, v) =>
        i18next.t('carrierCosts.updatedValue', {
          lng: v.lang,
          by: c.updatedBy,
          at: formatDateTime(c.updatedAt, v.lang),
        }),
    },
  ],
};

export function CarrierCostsScreen() {
  const { t } = useTranslation();
  const [refresh, setRefresh] = useState(0);
  const [dialog, setDialog] = useState<Dialog>(null);
  const reload = () => setRefresh((n) => n + 1);
  const carriers = usePlatformRead(carrierListEndpoint, {}).data?.carriers.map((c) => c.name) ?? [];
  const hintId = useId();

  const remove = (c: CostRow, reloadList: () => void) =>
    confirmDelete(
      String(c.id),
      () =>
        callOnline(carrierCostDeleteEndpoint, { id: c.id }).then(() =>
          notify({ severity: 'success', summary: messageText('carrier.cost.deleted', { id: c.id }) }),
        ),
      reloadList,
      t('carrierCosts.named', { id: c.id }),
    );
  const actions = (c: CostRow, reloadList: () => void) => (
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
        onClick={() => remove(c, reloadList)}
      />
    </span>
  );
  const done = () => (setDialog(null), reload());
  const hide = () => setDialog(null);
  return (
    <section
      className="page-card"
      data-testid="carrier-costs"
      style={{ display: 'flex', flexDirection: 'column', gap: 12 }}
    >
      <div style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button
          data-testid="cost-add-open"
          icon="pi pi-plus"
          size="small"
          label={t('carrierCosts.add')}
          onClick={() => setDialog({ kind: 'add' })}
        />
        <p id={hintId} style={{ margin: 0 }}>
          {t('carrierCosts.hint')}
        </p>
      </div>
      <RemoteTable def={{ ...carrierCosts, actions }} refresh={refresh} describedBy={hintId} />
      <FormDialog
        header={t('carrierCosts.add')}
        visible={dialog?.kind === 'add'}
        onHide={hide}
        style={{ width: '32rem' }}
      >
        {dialog?.kind === 'add' && <CostForm carriers={carriers} onDone={done} />}
      </FormDialog>
      <FormDialog
        header={dialog?.kind === 'edit' ? t('carrierCosts.editNamed', { id: dialog.cost.id }) : ''}
        visible={dialog?.kind === 'edit'}
        onHide={hide}
        style={{ width: '32rem' }}
      >
        {dialog?.kind === 'edit' && (
          <CostForm key={dialog.cost.id} cost={dialog.cost} carriers={carriers} onDone={done} />
        )}
      </FormDialog>
    </section>
  );
}
