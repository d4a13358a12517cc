import { useTranslation } from 'react-i18next';
import type { SendResult } from '../../contract/endpoints/send.endpoints';
import { wallClockIn } from '../../contract/time-zone';

// What the enterprise's send policy did to a send that went: the numbers it held back, each with why (a cap or a
// duplicate, as the platform answered them), and, for marketing in the quiet hours, when the held send goes out.

interface Props {
  result: Pick<SendResult, 'limitedCount' | 'limited' | 'held_until'>;
  /** the account's time zone, in which the release time is told. */
  zone: string;
}

export function SendResultPolicy({ result, zone }: Props) {
  const { t } = useTranslation();
  const limited = result.limited ?? [];
  return (
    <>
      {result.held_until && (
        <p data-testid="send-result-held">
          {t('send.heldUntil', { time: wallClockIn(zone, Date.parse(result.held_until)).slice(0, 16), zone })}
        </p>
      )}
      {(result.limitedCount ?? 0) > 0 && (
        <div data-testid="send-result-limited">
          <p>{t('send.limitedCount', { count: result.limitedCount })}</p>
          <ul aria-label={t('send.limitedList')}>
            {limited.map((l) => (
              <li key={l.mobile}>
                {l.mobile}: {t(`send.limitedReason.${l.reason}`)}
              </li>
            ))}
          </ul>
        </div>
      )}
    </>
  );
}
