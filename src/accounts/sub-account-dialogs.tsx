import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { InfoList } from '../ui/info-list';
import {
  chargeDetailEndpoint,
  customerAddEndpoint,
  customerBusCtysEndpoint,
  customerDetailEndpoint,
  customerModifyEndpoint,
  customerProdTypesEndpoint,
} from '../../contract/endpoints/customer.endpoints';
import type { Option, Recharge, SubAccountDetail } from '../../contract/entities.schema';
import { RECHARGE_TYPE } from '../../contract/states';
import {
  PUSH_MODES,
  rechargeFormSchema,
  subAccountFormSchema,
  subAccountModifyFormSchema,
} from '../../contract/validation/sub-account.rules';
import { formatDateTime } from '../ui/format';
import { getLanguage } from '../ui/language';
import { stateText } from '../table/cells';
import { usePlatformRead } from '../data/use-platform-read';
import { runAccountCommand } from './account-actions';
import { callOnline } from '../data/platform-actions';
import type { FieldDefinition } from '../forms/field-definition';
import { AccountForm } from './account-form';
import { labelOf, labelsOf } from './option-label';
import { RemoteTable } from '../table/remote-table';
import type { RemoteTableDef } from '../table/remote-table-def';

// The dialogs behind the sub-account row actions: add and edit (one form), detail, charge, charge detail.

const EMPTY_SUB = {
  cus_id: '',
  cus_name: '',
  password: '',
  interfacePassword: '',
  userIps: '',
  ext_number: '',
  pushMode: PUSH_MODES.pull,
  reportUrl: '',
  moUrl: '',
  maxConnections: '10',
  maxSpeed: '100',
  srcId: '',
  busCty: '',
  prodType: 0,
};
const addForm = { schema: subAccountFormSchema, values: EMPTY_SUB };
const pushOn = (v: Record<string, unknown>) => v.pushMode === PUSH_MODES.push;

/** The edit form's first values: the account as it is, its passwords empty (kept unless typed). */
const editValues = (d: SubAccountDetail) => ({
  ...EMPTY_SUB,
  cus_id: d.cus_id,
  cus_name: d.cus_name,
  userIps: d.userIps,
  ext_number: d.ext_number,
  pushMode: d.pushMode === PUSH_MODES.push ? PUSH_MODES.push : PUSH_MODES.pull,
  reportUrl: d.reportUrl,
  moUrl: d.moUrl,
  maxConnections: String(d.maxConnections),
  maxSpeed: String(d.maxSpeed),
  srcId: d.srcId,
  busCty: d.busCty,
  prodType: d.prodTypes[0] ?? 0,
});

/** Adds a sub-account, or with `cusId` edits that one: the same fields, rules and form; on an edit the id is fixed
 * and the passwords start empty, kept unless typed. */
export function SubAccountForm({ cusId, onDone }: { cusId?: string; onDone: () => void }) {
  const { t } = useTranslation();
  const editing = cusId !== undefined;
  const { data: prodTypes } = usePlatformRead(customerProdTypesEndpoint, {});
  const { data: busCtys } = usePlatformRead(customerBusCtysEndpoint, {});
  const { data: current, failure } = usePlatformRead(
    customerDetailEndpoint,
    { cus_id: cusId ?? '' },
    { enabled: editing },
  );
  const fields: FieldDefinition[] = useMemo(() => {
    const keep = editing ? { placeholder: 'account.passwordKeep' } : {};
    const choices = (o: Option[] | null) => (o ?? []).map((x) => ({ label: x.label, value: x.value }));
    return [
      { name: 'cus_id', label: 'account.cusId', disabled: editing },
      { name: 'cus_name', label: 'account.cusName' },
      { name: 'password', label: 'account.loginPassword', kind: 'password', ...keep },
      { name: 'interfacePassword', label: 'account.interfacePassword', kind: 'password', ...keep },
      { name: 'userIps', label: 'account.userIps' },
      { name: 'ext_number', label: 'account.extNumber' },
      {
        name: 'pushMode',
        label: 'account.pushMode',
        kind: 'select',
        options: [
          { value: 0, label: t('account.pushPull') },
          { value: 1, label: t('account.pushProactive') },
        ],
      },
      { name: 'reportUrl', label: 'account.reportUrl', when: pushOn },
      { name: 'moUrl', label: 'account.moUrl', when: pushOn },
      { name: 'maxConnections', label: 'account.maxConnections' },
      { name: 'maxSpeed', label: 'account.maxSpeed' },
      { name: 'srcId', label: 'account.srcId' },
      { name: 'busCty', label: 'account.busCty', kind: 'select', options: choices(busCtys) },
      { name: 'prodType', label: 'account.prodType', kind: 'select', options: choices(prodTypes) },
    ];
  }, [t, prodTypes, busCtys, editing]);
  // the form reads its first values once: an edit opens when the account has been read
  if (editing && !current) return failure;
  // the passwords make these online calls, not queued commands (sync/commands/account-commands.ts)
  return (
    <AccountForm
      form={current ? { schema: subAccountModifyFormSchema, values: editValues(current) } : addForm}
      fields={fields}
      testId={editing ? 'sub-edit' : 'sub-add'}
      submitLabel={editing ? 'account.save' : 'account.add'}
      submit={(v) => (editing ? callOnline(customerModifyEndpoint, v) : callOnline(customerAddEndpoint, v))}
      onDone={onDone}
    />
  );
}

export function ChargeForm({
  cusId,
  enterpriseBalance,
  onDone,
}: {
  cusId: string;
  enterpriseBalance: number;
  onDone: () => void;
}) {
  const form = useMemo(
    () => ({ schema: rechargeFormSchema(enterpriseBalance), values: { cus_id: cusId, amount: '', remark: '' } }),
    [cusId, enterpriseBalance],
  );
  const fields: FieldDefinition[] = [
    { name: 'amount', label: 'account.amount' },
    { name: 'remark', label: 'account.remark' },
  ];
  return (
    <AccountForm
      form={form}
      fields={fields}
      testId="charge"
      submitLabel="account.charge"
      submit={(v: { cus_id: string; amount: number; remark?: string }) =>
        runAccountCommand('customer.charge', v.cus_id, { ...v })
      }
      onDone={onDone}
    />
  );
}

export function SubAccountDetailView({ cusId }: { cusId: string }) {
  const { t } = useTranslation();
  const { data: d, failure } = usePlatformRead(customerDetailEndpoint, { cus_id: cusId });
  const { data: busCtys } = usePlatformRead(customerBusCtysEndpoint, {});
  const { data: prodTypes } = usePlatformRead(customerProdTypesEndpoint, {});
  if (!d) return failure;
  const rows: [string, string][] = [
    ['account.cusId', d.cus_id],
    ['account.cusName', d.cus_name],
    ['account.balance', d.balanceStr2],
    ['account.extNumber', d.ext_number],
    ['account.userIps', d.userIps || '-'],
    ['account.pushMode', t(d.pushMode === 1 ? 'account.pushProactive' : 'account.pushPull')],
    ['account.reportUrl', d.reportUrl || '-'],
    ['account.moUrl', d.moUrl || '-'],
    ['account.maxConnections', String(d.maxConnections)],
    ['account.maxSpeed', String(d.maxSpeed)],
    ['account.srcId', d.srcId || '-'],
    ['account.busCty', labelOf(busCtys, d.busCty)],
    ['account.prodType', labelsOf(prodTypes, d.prodTypes)],
  ];
  return <InfoList testId="sub-detail" rows={rows.map(([k, v]) => [t(k), v])} />;
}

const chargeDetail = (cusId: string): RemoteTableDef<Recharge> => ({
  id: 'charge-detail',
  endpoint: chargeDetailEndpoint,
  fixed: { cus_id: cusId },
  rowKey: 'id',
  filters: [],
  columns: [
    { field: 'create_time', header: 'account.time', render: (r) => formatDateTime(r.create_time, getLanguage()) },
    { field: 'recharge_money', header: 'account.amount', render: (r) => r.recharge_money.toFixed(2) },
    { field: 'preBalanceStr', header: 'account.preBalance' },
    { field: 'postBalanceStr', header: 'account.postBalance' },
    {
      field: 'recharge_type',
      header: 'account.rechargeType',
      render: (r, v) => stateText(RECHARGE_TYPE, r.recharge_type, v),
    },
    { field: 'remark', header: 'account.remark' },
  ],
});

export function ChargeDetailView({ cusId }: { cusId: string }) {
  const def = useMemo(() => chargeDetail(cusId), [cusId]);
  return <RemoteTable def={def} />;
}
