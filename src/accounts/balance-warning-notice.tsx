import { Message } from 'primereact/message';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getCusBneWarnInfoEndpoint } from '../../contract/endpoints/warn.endpoints';
import type { BalanceWarning } from '../../contract/entities.schema';
import { useSession } from '../session/use-session';
import { read } from '../data/platform-actions';

/** The console's notice of a balance warning: shown while the balance is below the threshold. */
export function BalanceWarningNotice() {
  const { t } = useTranslation();
  const { userInfo } = useSession();
  const [w, setW] = useState<BalanceWarning | null>(null);
  const balance = userInfo?.authUser.balance;
  useEffect(() => {
    void read(getCusBneWarnInfoEndpoint, {})
      .then(setW)
      .catch(() => undefined);
  }, [balance]);
  if (!w?.enabled || balance === undefined || balance >= w.warnBalance) return null;
  return (
    <Message
      data-testid="balance-warning-notice"
      severity="warn"
      text={t('account.warnNotice', { balance: balance.toFixed(2), threshold: w.warnBalance.toFixed(2) })}
      style={{ marginBottom: 8, width: '100%' }}
    />
  );
}
