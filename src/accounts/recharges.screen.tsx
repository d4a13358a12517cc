import { TabMenu } from 'primereact/tabmenu';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { epRechargeListEndpoint, rechargeListEndpoint } from '../../contract/endpoints/recharge.endpoints';
import type { EpRecharge, Recharge } from '../../contract/entities.schema';
import { RECHARGE_TYPE } from '../../contract/states';
import { stateTag, stateText } from '../table/cells';
import { RemoteTable } from '../table/remote-table';
import type { RemoteTableDef } from '../table/remote-table-def';
import { timeCell } from '../table/value-cells';
import { BalanceWarningNotice } from './balance-warning-notice';

// Recharge records of the sub-accounts and of the enterprise itself, with the recharge type labels;
// userType 1 and 2 may filter by account.

const typeFilter = {
  field: 'recharge_type',
  label: 'account.rechargeType',
  options: RECHARGE_TYPE.filter.map((c) => ({ value: c, label: RECHARGE_TYPE.codes[c].label })),
};
const money = (n: number) => n.toFixed(2);

export const subRecharges: RemoteTableDef<Recharge> = {
  id: 'recharge-table',
  endpoint: rechargeListEndpoint,
  exportAs: 'account.subRecharges',
  rowKey: 'id',
  dateRange: true,
  filters: [
    { field: 'cus_id', label: 'account.cusId', visible: (v) => v.userType === 1 || v.userType === 2 },
    typeFilter,
  ],
  columns: [
    { field: 'cus_id', header: 'account.cusId' },
    { field: 'cus_name', header: 'account.cusName' },
    { field: 'create_time', header: 'account.time', render: timeCell('create_time') },
    { field: 'recharge_money', header: 'account.amount', render: (r) => money(r.recharge_money) },
    { field: 'preBalanceStr', header: 'account.preBalance' },
    { field: 'postBalanceStr', header: 'account.postBalance' },
    {
      field: 'recharge_type',
      header: 'account.rechargeType',
      render: (r, v) => stateTag(RECHARGE_TYPE, r.recharge_type, v),
      text: (r, v) => stateText(RECHARGE_TYPE, r.recharge_type, v),
    },
    { field: 'remark', header: 'account.remark' },
  ],
};

export const epRecharges: RemoteTableDef<EpRecharge> = {
  id: 'recharge-table',
  endpoint: epRechargeListEndpoint,
  exportAs: 'account.epRecharges',
  rowKey: 'id',
  dateRange: true,
  filters: [typeFilter],
  columns: [
    { field: 'create_time', header: 'account.time', render: timeCell('create_time') },
    { field: 'recharge_amount', header: 'account.amount', render: (r) => money(r.recharge_amount) },
    { field: 'pre_balance', header: 'account.preBalance', render: (r) => money(r.pre_balance) },
    { field: 'post_balance', header: 'account.postBalance', render: (r) => money(r.post_balance) },
    {
      field: 'recharge_type',
      header: 'account.rechargeType',
      render: (r, v) => stateTag(RECHARGE_TYPE, r.recharge_type, v),
      text: (r, v) => stateText(RECHARGE_TYPE, r.recharge_type, v),
    },
    { field: 'remark', header: 'account.remark' },
  ],
};

export function RechargesScreen() {
  const { t } = useTranslation();
  const [tab, setTab] = useState(0);
  return (
    <section className="page-card" data-testid="recharges">
      <BalanceWarningNotice />
      <TabMenu
        model={[{ label: t('account.subRecharges') }, { label: t('account.epRecharges') }]}
        activeIndex={tab}
        onTabChange={(e) => setTab(e.index)}
      />
      {tab === 0 ? <RemoteTable key="sub" def={subRecharges} /> : <RemoteTable key="ep" def={epRecharges} />}
    </section>
  );
}
