import { useTranslation } from 'react-i18next';
import { getPersonalInfoEndpoint } from '../../contract/endpoints/account.endpoints';
import { usePlatformRead } from '../data/use-platform-read';
import { InfoList } from '../ui/info-list';
import { BalanceWarningNotice } from './balance-warning-notice';

/** The personal info page's account part (/info/index): customer name and certification, the card number masked. */
export function PersonalInfoExtra() {
  const { t } = useTranslation();
  const { data: info, failure } = usePlatformRead(getPersonalInfoEndpoint, {});
  if (!info) return failure;
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
