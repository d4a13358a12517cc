import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getPersonalInfoEndpoint, type PersonalInfo } from '../../contract/endpoints/account.endpoints';
import { read } from '../data/platform-actions';
import { InfoList } from '../app/info-list';
import { BalanceWarningNotice } from './balance-warning-notice';

/** The personal info page's account part (/info/index): customer name and certification, the card number masked. */
export function PersonalInfoExtra() {
  const { t } = useTranslation();
  const [info, setInfo] = useState<PersonalInfo | null>(null);
  useEffect(() => {
    void read(getPersonalInfoEndpoint, {}).then(setInfo).catch(() => undefined);
  }, []);
  if (!info) return null;
  const rows: [string, string][] = [
    ['account.cusName', info.cus_name],
    ['account.certification', info.certified ? `${info.cardName} ${info.cardNumberMasked}` : t('account.notSet')],
  ];
  return (
    <>
      <InfoList testId="personal-info-extra" rows={rows.map(([k, v]) => [t(k), v])} />
      <BalanceWarningNotice />
    </>
  );
}
