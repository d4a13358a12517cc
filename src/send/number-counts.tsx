import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import { Trans, useTranslation } from 'react-i18next';
import type { NumberCheck } from '../../contract/validation/send-numbers.rules';

// The send machine's count of the numbers, shown under them as the operator types, pastes, uploads or picks groups:
// valid, invalid and duplicate counts in a polite live region (announced once typing pauses and the count lands, not
// per keystroke), the invalid numbers themselves, and the button that takes them and the repeats off the list.

/** Invalid numbers listed by name; the rest are counted ("and 12 more"): thousands of list items would slow the form. */
export const INVALID_SHOWN = 100;

interface Props {
  check: NumberCheck | null;
  /** a newer list waits for its count: the figures shown are of an older one. */
  counting: boolean;
  /** how far the worker is through a long list, while it counts. */
  progress: { done: number; total: number } | null;
  international: boolean;
  onRemoveInvalid: () => void;
  /** the valid numbers the platform's blacklist holds (not sent, not charged); null: it could not be asked
   * (offline); undefined: not asked yet about these numbers. */
  blacklisted?: string[] | null;
  /** the platform's reason for each blacklisted number, in the user's language. */
  reasons?: ReadonlyMap<string, string>;
}

export function NumberCounts({
  check,
  counting,
  progress,
  international,
  onRemoveInvalid,
  blacklisted,
  reasons,
}: Props) {
  const { t } = useTranslation();
  const figure = (key: string, count: number, testId: string) => (
    <Trans t={t} i18nKey={key} count={count} components={{ n: <b data-testid={testId} /> }} />
  );
  const more = (check?.invalid.length ?? 0) - INVALID_SHOWN;
  return (
    <div className="send-number-counts">
      {/* always mounted: a live region that appears with its text is not announced by every screen reader */}
      <p
        className="send-counts"
        data-testid="send-counts"
        role="status"
        aria-live="polite"
        aria-busy={counting}
        data-counting={counting}
      >
        {check && (
          <>
            {figure('send.countValid', check.valid.length - (blacklisted?.length ?? 0), 'count-valid')}
            {blacklisted && blacklisted.length > 0 && (
              <>
                {' · '}
                {figure('send.countBlacklisted', blacklisted.length, 'count-blacklisted')}
              </>
            )}
            {' · '}
            {figure('send.countInvalid', check.invalid.length, 'count-invalid')}
            {' · '}
            {figure('send.countDuplicates', check.repeatCount, 'count-duplicate')}
          </>
        )}
        {counting && !check && <span className="send-figures">{t('send.counting')}</span>}
      </p>
      {check && blacklisted === null && (
        <p className="send-blacklist-unchecked" data-testid="send-blacklist-unchecked">
          {t('send.blacklistUnchecked')}
        </p>
      )}
      {progress && progress.done < progress.total && (
        <ProgressBar
          data-testid="send-check-progress"
          value={Math.round((progress.done / progress.total) * 100)}
          aria-label={t('send.counting')}
        />
      )}
      {check && (check.invalid.length > 0 || check.repeatCount > 0) && (
        // a count of an older list would take off what was typed since: the machine refuses it, the button waits
        <Button
          type="button"
          data-testid="send-remove-invalid"
          size="small"
          text
          icon="pi pi-filter-slash"
          label={t('send.removeInvalid')}
          disabled={counting}
          onClick={onRemoveInvalid}
        />
      )}
      {check && check.invalid.length > 0 && (
        // focusable, so the list scrolls from the keyboard too
        <ul className="send-invalid" data-testid="send-invalid-list" aria-label={t('send.invalidList')} tabIndex={0}>
          {check.invalid.slice(0, INVALID_SHOWN).map((n) => (
            <li key={n}>{n}</li>
          ))}
          {more > 0 && <li data-testid="send-invalid-more">{t('send.invalidMore', { count: more })}</li>}
        </ul>
      )}
      {blacklisted && blacklisted.length > 0 && (
        <ul
          className="send-invalid"
          data-testid="send-blacklist-list"
          aria-label={t('send.blacklistList')}
          tabIndex={0}
        >
          {blacklisted.slice(0, INVALID_SHOWN).map((n) => (
            <li key={n}>
              {n}
              {reasons?.get(n) ? `: ${reasons.get(n)}` : ''}
            </li>
          ))}
          {blacklisted.length > INVALID_SHOWN && (
            <li>{t('send.invalidMore', { count: blacklisted.length - INVALID_SHOWN })}</li>
          )}
        </ul>
      )}
      {check && international && Object.keys(check.countries).length > 0 && (
        <table className="send-countries" data-testid="send-countries">
          <tbody>
            {Object.entries(check.countries).map(([cc, n]) => (
              <tr key={cc}>
                <td>{cc}</td>
                <td>{n}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
