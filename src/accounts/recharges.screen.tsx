import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { TabMenu } from 'primereact/tabmenu';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { epRechargeListEndpoint, rechargeListEndpoint } from '../../contract/endpoints/recharge.endpoints';
import type { EpRecharge, Recharge } from '../../contract/entities.schema';
import { RECHARGE_TYPE } from '../../contract/states';
import { formatDateTime } from '../app/format';
import { getLanguage } from '../app/language';
import { stateTag } from '../screens/cells';
import { useViewer } from '../screens/table-screen';
import { BalanceWarningNotice } from './balance-warning-notice';
import { usePlatformList } from './use-platform-list';

// Spec §2 screen 10: recharge records of the sub-accounts and of the enterprise itself, with the type labels of §4;
// userType 1 and 2 may filter by account (spec §6).
const PAGE = 20;

export function RechargesScreen() {
  const { t } = useTranslation();
  const v = useViewer();
  const lang = getLanguage();
  const [tab, setTab] = useState(0);
  const [draft, setDraft] = useState({ cus_id: '', recharge_type: '' as number | '' });
  const [query, setQuery] = useState(draft);
  const [page, setPage] = useState(1);
  const sub = usePlatformList<typeof rechargeListEndpoint, Recharge>(rechargeListEndpoint, { ...query, pageNumber: page, pageSize: PAGE });
  const ep = usePlatformList<typeof epRechargeListEndpoint, EpRecharge>(epRechargeListEndpoint, { recharge_type: query.recharge_type, pageNumber: page, pageSize: PAGE });
  const list = tab === 0 ? sub : ep;
  const typeOptions = RECHARGE_TYPE.filter.map((c) => ({ value: c, label: t(RECHARGE_TYPE.codes[c].label) }));
  const money = (n: number) => n.toFixed(2);
  return (
    <section className="page-card" data-testid="recharges">
      <BalanceWarningNotice />
      <TabMenu model={[{ label: t('account.subRecharges') }, { label: t('account.epRecharges') }]} activeIndex={tab} onTabChange={(e) => (setTab(e.index), setPage(1))} />
      <div className="table-toolbar" style={{ display: 'flex', gap: 8, flexWrap: 'wrap', margin: '8px 0' }}>
        {tab === 0 && (v.userType === 1 || v.userType === 2) && (
          <InputText data-testid="recharge-account" placeholder={t('account.cusId')} value={draft.cus_id} onChange={(e) => setDraft({ ...draft, cus_id: e.target.value })} />
        )}
        <Dropdown value={draft.recharge_type} options={typeOptions} placeholder={t('account.rechargeType')} showClear onChange={(e) => setDraft({ ...draft, recharge_type: e.value ?? '' })} />
        <Button icon="pi pi-search" label={t('table.search')} onClick={() => (setPage(1), setQuery(draft))} />
        <Button outlined label={t('table.reset')} onClick={() => (setDraft({ cus_id: '', recharge_type: '' }), setPage(1), setQuery({ cus_id: '', recharge_type: '' }))} />
      </div>
      <DataTable
        value={list.rows as Array<Recharge | EpRecharge>}
        dataKey="id"
        lazy
        paginator
        rows={PAGE}
        first={(page - 1) * PAGE}
        totalRecords={list.total}
        onPage={(e) => setPage((e.page ?? 0) + 1)}
        loading={list.loading}
        size="small"
        data-testid="recharge-table"
        emptyMessage={t('account.empty')}
      >
        <Column header="#" body={(_r, o) => (page - 1) * PAGE + o.rowIndex + 1} style={{ width: '3rem' }} />
        {tab === 0 && <Column field="cus_id" header={t('account.cusId')} />}
        {tab === 0 && <Column field="cus_name" header={t('account.cusName')} />}
        <Column header={t('account.time')} body={(r: Recharge) => formatDateTime(r.create_time, lang)} />
        <Column header={t('account.amount')} body={(r: Recharge & EpRecharge) => money(tab === 0 ? r.recharge_money : r.recharge_amount)} />
        <Column header={t('account.preBalance')} body={(r: Recharge & EpRecharge) => (tab === 0 ? r.preBalanceStr : money(r.pre_balance))} />
        <Column header={t('account.postBalance')} body={(r: Recharge & EpRecharge) => (tab === 0 ? r.postBalanceStr : money(r.post_balance))} />
        <Column header={t('account.rechargeType')} body={(r: Recharge) => stateTag(RECHARGE_TYPE, r.recharge_type, v)} />
        <Column field="remark" header={t('account.remark')} />
      </DataTable>
    </section>
  );
}
