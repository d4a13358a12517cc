import { Dropdown } from 'primereact/dropdown';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getListEndpoint, type LabelValue } from '../../contract/endpoints/user.endpoints';
import { api } from '../session/api';

// The account filter of the record lists: a searchable dropdown of the product line's
// accounts (/user/getList), instead of exact free text. Typing narrows the list case-insensitively ("sub001" finds
// SUB001). Lists keep "all accounts" until one is picked: a privileged user searches across customers.

const accountsByLine = new Map<number, Promise<LabelValue[]>>();
/** The accounts of a product line, asked once per page load; a failed answer is asked again next time. */
export function accountsOf(prodType: number): Promise<LabelValue[]> {
  let p = accountsByLine.get(prodType);
  if (!p) {
    p = api.call(getListEndpoint, { prodType }, { silent: true }) as Promise<LabelValue[]>;
    p.catch(() => accountsByLine.delete(prodType));
    accountsByLine.set(prodType, p);
  }
  return p;
}

/** its width, which its stand-in on a first paint keeps (src/ui/stand-ins.tsx) */
export const ACCOUNT_FILTER_STYLE = { minWidth: '12rem' };

export function AccountFilter({
  prodType,
  value,
  onChange,
}: {
  prodType: number;
  value: string | undefined;
  onChange: (v: string) => void;
}) {
  const { t } = useTranslation();
  const [accounts, setAccounts] = useState<LabelValue[]>([]);
  useEffect(() => {
    let cancelled = false;
    accountsOf(prodType).then(
      (a) => !cancelled && setAccounts(a),
      () => !cancelled && setAccounts([]),
    );
    return () => void (cancelled = true);
  }, [prodType]);
  // an account in the URL that the list does not (yet) hold still shows as chosen
  const options = value && !accounts.some((a) => a.value === value) ? [{ label: value, value }, ...accounts] : accounts;
  return (
    <Dropdown
      data-testid="filter-cus_id"
      value={value || null}
      options={options}
      filter
      filterMatchMode="contains"
      showClear
      placeholder={t('table.any')}
      ariaLabel={t('col.cusId')}
      onChange={(e) => onChange(e.value === null || e.value === undefined ? '' : String(e.value))}
      style={ACCOUNT_FILTER_STYLE}
    />
  );
}
