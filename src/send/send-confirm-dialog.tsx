import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { useTranslation } from 'react-i18next';
import { wallClockIn } from '../../contract/time-zone';
import type { SendQuote } from '../../machines/send-kinds';
import { formatMoney } from '../ui/format';
import { getLanguage } from '../ui/language';

/** The last look before a send: numbers, parts, cost (per country abroad), when, and what the blacklist leaves out. */
export function SendConfirmDialog({
  visible,
  quote,
  timing,
  zone,
  international,
  blacklisted,
  online,
  onConfirm,
  onCancel,
}: {
  visible: boolean;
  quote: SendQuote | null;
  /** the scheduled instant; null sends now. */
  timing: number | null;
  zone: string;
  international: boolean;
  /** null: the platform could not be asked; undefined: not asked about these numbers. */
  blacklisted: string[] | null | undefined;
  online: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const lang = getLanguage();
  return (
    <Dialog
      header={t('send.confirmTitle')}
      visible={visible}
      onHide={onCancel}
      style={{ width: '30rem' }}
      data-testid="send-confirm"
    >
      {quote && (
        <div className="send-summary">
          <p>
            {t('send.summaryNumbers')}: <b data-testid="confirm-count">{quote.count}</b>
          </p>
          <p>
            {t('send.summaryParts')}: <b data-testid="confirm-parts">{quote.segments}</b>
          </p>
          <p>
            {t('send.summaryCost')}: <b data-testid="confirm-cost">{formatMoney(quote.cost, lang)}</b>
          </p>
          {international && (
            <table data-testid="confirm-breakdown">
              <tbody>
                {quote.breakdown.map((b) => (
                  <tr key={b.country} data-testid="confirm-country">
                    <td>{b.country_name || b.country}</td>
                    <td>{b.count}</td>
                    <td>{formatMoney(b.price, lang)}</td>
                    <td>{formatMoney(b.cost, lang)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <p>
            {t('send.summaryTime')}:{' '}
            <b data-testid="confirm-time">
              {timing !== null ? `${wallClockIn(zone, timing).slice(0, 16)} (${zone})` : t('send.now')}
            </b>
          </p>
          {blacklisted && blacklisted.length > 0 && (
            <p data-testid="confirm-blacklisted">{t('send.confirmBlacklisted', { count: blacklisted.length })}</p>
          )}
          {!blacklisted && (
            <p data-testid="confirm-blacklist-unchecked">
              {t('send.blacklistUnchecked')} {t('send.blacklistNote')}
            </p>
          )}
          {!online && <p className="p-error">{t('send.offlineNote')}</p>}
        </div>
      )}
      <div className="send-row">
        <Button data-testid="send-confirm-ok" label={t('send.confirm')} onClick={onConfirm} />
        <Button data-testid="send-confirm-cancel" text label={t('send.cancel')} onClick={onCancel} />
      </div>
    </Dialog>
  );
}
