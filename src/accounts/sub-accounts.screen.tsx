import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { confirmDialog } from 'primereact/confirmdialog';
import { DataTable } from 'primereact/datatable';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { customerListEndpoint } from '../../contract/endpoints/customer.endpoints';
import type { SubAccount } from '../../contract/entities.schema';
import { ACCOUNT_STATUS, PAY_TYPE } from '../../contract/states';
import { formatDateTime } from '../app/format';
import { getLanguage } from '../app/language';
import { notify } from '../app/notify';
import { useSession } from '../app/use-session';
import { stateTag } from '../screens/cells';
import { useViewer } from '../screens/table-screen';
import { runCommand } from './account-actions';
import { messageText } from './account-form';
import { AddSubAccountForm, ChargeDetailView, ChargeForm, SubAccountDetailView } from './sub-account-dialogs';
import { usePlatformList } from './use-platform-list';

// Spec §2 screen 11: the sub-accounts, with keyword search, status and pay type labels, balance; row actions only
// for moreType 1-4 (spec §6).

type Dialogs = { kind: 'add' } | { kind: 'detail' | 'charge' | 'chargeDetail'; cusId: string } | null;
const PAGE = 20;

export function SubAccountsScreen() {
  const { t } = useTranslation();
  const v = useViewer();
  const lang = getLanguage();
  const { userInfo } = useSession();
  const moreType = userInfo?.authUser.moreType ?? 0;
  const manager = moreType >= 1 && moreType <= 4;
  const [draft, setDraft] = useState({ keyword: '', cus_status: '' as number | '', pay_type: '' as number | '' });
  const [query, setQuery] = useState(draft);
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<Dialogs>(null);
  const list = usePlatformList<typeof customerListEndpoint, SubAccount>(customerListEndpoint, { ...query, pageNumber: page, pageSize: PAGE });

  const setStatus = (row: SubAccount, open: boolean) =>
    confirmDialog({
      message: t(open ? 'account.confirmOpen' : 'account.confirmClose', { id: row.cus_id }),
      header: t('account.confirmTitle'),
      accept: async () => {
        try {
          await runCommand(open ? 'customer.open' : 'customer.close', row.cus_id, { cus_id: row.cus_id });
          notify({ severity: 'success', summary: messageText(open ? 'customer.opened' : 'customer.closed') });
        } catch (e) {
          notify({ severity: 'error', summary: messageText(open ? 'customer.openFailure' : 'customer.closeFailure'), detail: (e as Error).message });
        }
        list.reload();
      },
    });

  const actions = (row: SubAccount) => (
    <span style={{ display: 'inline-flex', gap: 2 }}>
      {row.cus_status === 1 ? (
        <Button size="small" text severity="danger" data-testid="sub-close" label={t('account.close')} onClick={() => setStatus(row, false)} />
      ) : (
        <Button size="small" text data-testid="sub-open" label={t('account.open')} onClick={() => setStatus(row, true)} />
      )}
      <Button size="small" text data-testid="sub-detail-open" label={t('account.detail')} onClick={() => setDialog({ kind: 'detail', cusId: row.cus_id })} />
      <Button size="small" text data-testid="sub-charge" label={t('account.charge')} onClick={() => setDialog({ kind: 'charge', cusId: row.cus_id })} />
      <Button size="small" text data-testid="sub-charge-detail" label={t('account.chargeDetail')} onClick={() => setDialog({ kind: 'chargeDetail', cusId: row.cus_id })} />
    </span>
  );
  const close = () => {
    setDialog(null);
    list.reload();
  };
  const statusOptions = ACCOUNT_STATUS.filter.map((c) => ({ value: c, label: t(ACCOUNT_STATUS.codes[c].label) }));
  const payOptions = PAY_TYPE.filter.map((c) => ({ value: c, label: t(PAY_TYPE.codes[c].label) }));
  return (
    <section className="page-card" data-testid="sub-accounts">
      <div className="table-toolbar" style={{ display: 'flex', gap: 8, flexWrap: 'wrap', marginBottom: 8 }}>
        <InputText data-testid="sub-keyword" placeholder={t('account.keyword')} value={draft.keyword} onChange={(e) => setDraft({ ...draft, keyword: e.target.value })} />
        <Dropdown value={draft.cus_status} options={statusOptions} placeholder={t('account.status')} showClear onChange={(e) => setDraft({ ...draft, cus_status: e.value ?? '' })} />
        <Dropdown value={draft.pay_type} options={payOptions} placeholder={t('account.payType')} showClear onChange={(e) => setDraft({ ...draft, pay_type: e.value ?? '' })} />
        <Button data-testid="sub-search" icon="pi pi-search" label={t('table.search')} onClick={() => (setPage(1), setQuery(draft))} />
        <Button outlined label={t('table.reset')} onClick={() => (setDraft({ keyword: '', cus_status: '', pay_type: '' }), setPage(1), setQuery({ keyword: '', cus_status: '', pay_type: '' }))} />
        {manager && <Button data-testid="sub-add-open" icon="pi pi-plus" label={t('account.add')} onClick={() => setDialog({ kind: 'add' })} />}
      </div>
      <DataTable
        value={list.rows}
        dataKey="cus_id"
        lazy
        paginator
        rows={PAGE}
        first={(page - 1) * PAGE}
        totalRecords={list.total}
        onPage={(e) => setPage((e.page ?? 0) + 1)}
        loading={list.loading}
        size="small"
        emptyMessage={t('account.empty')}
      >
        <Column header="#" body={(_r, o) => (page - 1) * PAGE + o.rowIndex + 1} style={{ width: '3rem' }} />
        <Column field="cus_id" header={t('account.cusId')} />
        <Column field="cus_name" header={t('account.cusName')} />
        <Column header={t('account.status')} body={(r: SubAccount) => stateTag(ACCOUNT_STATUS, r.cus_status, v)} />
        <Column header={t('account.payType')} body={(r: SubAccount) => stateTag(PAY_TYPE, r.pay_type, v)} />
        <Column header={t('account.balance')} body={(r: SubAccount) => <span data-testid="sub-balance">{r.balanceStr2}</span>} />
        <Column field="ext_number" header={t('account.extNumber')} />
        <Column header={t('account.createTime')} body={(r: SubAccount) => formatDateTime(r.create_time, lang)} />
        {manager && <Column header={t('account.actions')} body={actions} />}
      </DataTable>
      <Dialog header={t('account.add')} visible={dialog?.kind === 'add'} onHide={() => setDialog(null)} style={{ width: '36rem' }}>
        {dialog?.kind === 'add' && <AddSubAccountForm onDone={close} />}
      </Dialog>
      <Dialog header={t('account.detail')} visible={dialog?.kind === 'detail'} onHide={() => setDialog(null)} style={{ width: '36rem' }}>
        {dialog?.kind === 'detail' && <SubAccountDetailView cusId={dialog.cusId} />}
      </Dialog>
      <Dialog header={t('account.charge')} visible={dialog?.kind === 'charge'} onHide={() => setDialog(null)} style={{ width: '28rem' }}>
        {dialog?.kind === 'charge' && <ChargeForm cusId={dialog.cusId} enterpriseBalance={userInfo?.authUser.balance ?? Number.POSITIVE_INFINITY} onDone={close} />}
      </Dialog>
      <Dialog header={t('account.chargeDetail')} visible={dialog?.kind === 'chargeDetail'} onHide={() => setDialog(null)} style={{ width: '48rem' }}>
        {dialog?.kind === 'chargeDetail' && <ChargeDetailView cusId={dialog.cusId} />}
      </Dialog>
    </section>
  );
}
