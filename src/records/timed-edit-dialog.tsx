import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SCHEDULE_MIN_AHEAD_MS } from '../../contract/constants';
import { timeBatchEditQuoteEndpoint } from '../../contract/endpoints/timed.endpoints';
import { translate } from '../../contract/messages';
import type { TimeBatch } from '../../contract/records.schema';
import { wallClockIn } from '../../contract/time-zone';
import { timedContentSchema } from '../../contract/validation/timed-edit.rules';
import { isScheduleFarEnough } from '../../contract/validation/international-send.rules';
import { scheduleOf } from '../../machines/send-kinds';
import { usePlatformRead } from '../data/use-platform-read';
import { FormDialog } from '../forms/form-dialog';
import { displayTimeZone, formatMoney, zoneLabel } from '../ui/format';
import { getLanguage } from '../ui/language';

// Editing a timed batch not yet sent: its text and its time. Before saving it says what the new text costs (the
// platform's quote, reckoned as the save will) and whether the difference is charged or refunded; the time is read in
// the account's zone and held to the send's rule of at least 10 minutes ahead.

/** How long typing rests before the quote is asked again. */
const QUOTE_REST_MS = 400;

export interface TimedEdit {
  content: string;
  /** epoch ms; absent when the time was left as it was. */
  timing_time?: number;
}

export function TimedEditDialog({ row, onSave, onClose }: { row: TimeBatch; onSave: (edit: TimedEdit) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const lang = getLanguage();
  const zone = displayTimeZone();
  const scheduledText = wallClockIn(zone, row.timing_time).slice(0, 16);
  const [content, setContent] = useState(row.decodeContent);
  const [timingText, setTimingText] = useState(scheduledText);
  const [quoted, setQuoted] = useState(row.decodeContent);
  useEffect(() => {
    const rest = setTimeout(() => setQuoted(content), QUOTE_REST_MS);
    return () => clearTimeout(rest);
  }, [content]);

  const contentIssue = timedContentSchema.safeParse(content).error?.issues[0];
  const contentError = contentIssue ? translate(lang, contentIssue.message, 'params' in contentIssue ? contentIssue.params : undefined) : null;
  const timingChanged = timingText.trim() !== scheduledText;
  const schedule = scheduleOf({ scheduled: timingChanged, timingText }, zone);
  const timingError = schedule.problem
    ? translate(lang, schedule.problem)
    : schedule.at !== null && !isScheduleFarEnough(schedule.at, Date.now())
      ? translate(lang, 'send.timingTooSoon', { minutes: SCHEDULE_MIN_AHEAD_MS / 60_000 })
      : null;
  const quote = usePlatformRead(timeBatchEditQuoteEndpoint, { time_batch: row.time_batch, content: quoted }, { enabled: contentError === null });
  const q = quote.data;
  const money = (n: number) => formatMoney(n, lang);
  const unsaved = content !== row.decodeContent || timingChanged;

  return (
    <FormDialog header={t('timed.edit')} visible onHide={onClose} unsaved={unsaved} style={{ width: '34rem' }}>
      <label htmlFor="edit-content" className="visually-hidden">
        {t('timed.content')}
      </label>
      <InputTextarea
        id="edit-content"
        data-testid="edit-content"
        value={content}
        onChange={(e) => setContent(e.target.value)}
        rows={5}
        style={{ width: '100%' }}
        aria-invalid={contentError !== null}
        aria-describedby="edit-content-error edit-quote"
      />
      {/* the content rule's message, not only a greyed-out Save */}
      {contentError && (
        <small id="edit-content-error" data-testid="edit-error" role="alert" className="p-error" style={{ display: 'block' }}>
          {contentError}
        </small>
      )}
      <div id="edit-quote" data-testid="edit-quote" role="status" style={{ margin: '6px 0' }}>
        {contentError === null && quote.failure}
        {contentError === null && !q && !quote.error && <small>{t('timed.quoting')}</small>}
        {contentError === null && q && (
          <small style={{ display: 'block' }}>{t('timed.quote', { ...q, charged: money(q.charged), newCharged: money(q.newCharged) })}</small>
        )}
        {contentError === null && q && (
          <small style={{ display: 'block' }} data-testid="edit-difference">
            {q.difference > 0
              ? t('timed.quoteCharge', { amount: money(q.difference) })
              : q.difference < 0
                ? t('timed.quoteRefund', { amount: money(-q.difference) })
                : t('timed.quoteSame')}
          </small>
        )}
      </div>
      <label htmlFor="edit-timing" style={{ display: 'block' }}>
        {t('timed.timing', { zone: zoneLabel(Date.now(), zone) })}
      </label>
      <InputText
        id="edit-timing"
        data-testid="edit-timing"
        value={timingText}
        placeholder="YYYY-MM-DD HH:mm"
        onChange={(e) => setTimingText(e.target.value)}
        aria-invalid={timingError !== null}
        aria-describedby={timingError ? 'edit-timing-error' : undefined}
      />
      {timingError && (
        <small id="edit-timing-error" data-testid="edit-timing-error" role="alert" className="p-error" style={{ display: 'block' }}>
          {timingError}
        </small>
      )}
      <div style={{ marginTop: 8 }}>
        <Button
          data-testid="edit-save"
          label={t('timed.save')}
          disabled={contentError !== null || timingError !== null}
          onClick={() => onSave(schedule.at === null ? { content } : { content, timing_time: schedule.at })}
        />
      </div>
    </FormDialog>
  );
}
