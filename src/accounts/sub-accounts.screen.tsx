import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { Dialog } from 'primereact/dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { customerListEndpoint } from '../../contract/endpoints/customer.endpoints';
import type { SubAccount } from '../../contract/entities.schema';
import { ACCOUNT_STATUS, PAY_TYPE } from '../../contract/states';
import { notify } from '../ui/notify';
import { useSession } from '../session/use-session';
import { stateTag, stateText } from '../table/cells';
import { RemoteTable } from '../table/remote-table';
import type { RemoteTableDef } from '../table/remote-table-def';
import { timeCell } from '../table/value-cells';
import { runAccountCommand } from './account-actions';
import { FormDialog } from '../forms/form-dialog';
import { messageText } from '../forms/message-text';
import { ChargeDetailView, ChargeForm, SubAccountDetailView, SubAccountForm } from './sub-account-dialogs';

// The sub-accounts, with keyword search, status and pay type labels, balance; row actions only for the account types
// that manage sub-accounts (moreType 1-4).

const optionsOf = (m: typeof ACCOUNT_STATUS | typeof PAY_TYPE) =>
  m.filter.map((c) => ({ value: c, label: m.codes[c].label }));
export const subAccounts: RemoteTableDef<SubAccount> = {
  id: 'sub',
  endpoint: customerListEndpoint,
  exportAs: 'menu.subAccountList',
  rowKey: 'cus_id',
  filters: [
    { field: 'keyword', label: 'account.keyword' },
    { field: 'cus_status', label: 'account.status', options: optionsOf(ACCOUNT_STATUS) },
    { field: 'pay_type', label: 'account.payType', options: optionsOf(PAY_TYPE) },
  ],
  columns: [
    { field: 'cus_id', header: 'account.cusId' },
    { field: 'cus_name', header: 'account.cusName' },
    {
      field: 'cus_status',
      header: 'account.status',
      render: (r, v) => stateTag(ACCOUNT_STATUS, r.cus_status, v),
      text: (r, v) => stateText(ACCOUNT_STATUS, r.cus_status, v),
    },
    {
      field: 'pay_type',
      header: 'account.payType',
      render: (r, v) => stateTag(PAY_TYPE, r.pay_type, v),
      text: (r, v) => stateText(PAY_TYPE, r.pay_type, v),
    },
    {
      field: 'balanceStr2',
      header: 'account.balance',
      render: (r) => <span data-testid="sub-balance">{r.balanceStr2}</span>,
      text: (r) => r.balanceStr2,
    },
    { field: 'ext_number', header: 'account.extNumber' },
    { field: 'create_time', header: 'account.createTime', render: timeCell('create_time') },
  ],
};

type Dialogs = { kind: 'add' } | { kind: 'edit' | 'detail' | 'charge' | 'chargeDetail'; cusId: string } | null;

export function SubAccountsScreen() {
  const { t } = useTranslation();
  const { userInfo } = useSession();
  const moreType = userInfo?.authUser.moreType ?? 0;
  const manager = moreType >= 1 && moreType <= 4;
  const [dialog, setDialog] = useState<Dialogs>(null);
  const [refresh, setRefresh] = useState(0);
  const reload = () => setRefresh((n) => n + 1);

  const setStatus = (row: SubAccount, open: boolean) =>
    confirmDialog({
      message: t(open ? 'account.confirmOpen' : 'account.confirmClose', { id: row.cus_id }),
      header: t('account.confirmTitle'),
      accept: async () => {
        try {
          await runAccountCommand(open ? 'customer.open' : 'customer.close', row.cus_id, { cus_id: row.cus_id });
          notify({ severity: 'success', summary: messageText(open ? 'customer.opened' : 'customer.closed') });
        } catch (e) {
          notify({
            severity: 'error',
            summary: messageText(open ? 'customer.openFailure' : 'customer.closeFailure'),
            detail: (e as Error).message,
          });
        }
        reload();
      },
    });

  const actions = (row: SubAccount) => (
    <span style={{ display: 'inline-flex', gap: 2 }}>
      {row.cus_status === 1 ? (
        <Button
          size="small"
          text
          severity="danger"
          data-testid="sub-close"
          label={t('account.close')}
          onClick={() => setStatus(row, false)}
        />
      ) : (
        <Button
          size="small"
          text
          data-testid="sub-open"
          label={t('account.open')}
          onClick={() => setStatus(row, true)}
        />
      )}
      <Button
        size="small"
        text
        data-testid="sub-edit-open"
        label={t('account.edit')}
        onClick={() => setDialog({ kind: 'edit', cusId: row.cus_id })}
      />
      <Button
        size="small"
        text
        data-testid="sub-detail-open"
        label={t('account.detail')}
        onClick={() => setDialog({ kind: 'detail', cusId: row.cus_id })}
      />
      <Button
        size="small"
        text
        data-testid="sub-charge"
        label={t('account.charge')}
        onClick={() => setDialog({ kind: 'charge', cusId: row.cus_id })}
      />
      <Button
        size="small"
        text
        data-testid="sub-charge-detail"
        label={t('account.chargeDetail')}
        onClick={() => setDialog({ kind: 'chargeDetail', cusId: row.cus_id })}
      />
    </span>
  );
  const close = () => {
    setDialog(null);
    reload();
  };
  const hide = () => setDialog(null);
  return (
    <section className="page-card" data-testid="sub-accounts">
      {manager && (
        <Button
          data-testid="sub-add-open"
          icon="pi pi-plus"
          label={t('account.add')}
          size="small"
          onClick={() => setDialog({ kind: 'add' })}
        />
      )}
      <RemoteTable def={manager ? { ...subAccounts, actions } : subAccounts} refresh={refresh} />
      <FormDialog header={t('account.add')} visible={dialog?.kind === 'add'} onHide={hide} style={{ width: '36rem' }}>
        {dialog?.kind === 'add' && <SubAccountForm onDone={close} />}
      </FormDialog>
      <FormDialog header={t('account.edit')} visible={dialog?.kind === 'edit'} onHide={hide} style={{ width: '36rem' }}>
        {dialog?.kind === 'edit' && <SubAccountForm key={dialog.cusId} cusId={dialog.cusId} onDone={close} />}
      </FormDialog>
      <Dialog header={t('account.detail')} visible={dialog?.kind === 'detail'} onHide={hide} style={{ width: '36rem' }}>
        {dialog?.kind === 'detail' && <SubAccountDetailView cusId={dialog.cusId} />}
      </Dialog>
      <FormDialog
        header={t('account.charge')}
        visible={dialog?.kind === 'charge'}
        onHide={hide}
        style={{ width: '28rem' }}
      >
        {dialog?.kind === 'charge' && (
          <ChargeForm
            cusId={dialog.cusId}
            enterpriseBalance={userInfo?.authUser.balance ?? Number.POSITIVE_INFINITY}
            onDone={close}
          />
        )}
      </FormDialog>
      <Dialog
        header={t('account.chargeDetail')}
        visible={dialog?.kind === 'chargeDetail'}
        onHide={hide}
        style={{ width: '48rem' }}
      >
        {dialog?.kind === 'chargeDetail' && <ChargeDetailView cusId={dialog.cusId} />}
      </Dialog>
    </section>
  );
}
