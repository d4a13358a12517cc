import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { timeBatchEditQuoteEndpoint } from '../../contract/endpoints/timed.endpoints';
import type { TimeBatch } from '../../contract/records.schema';
import { wallClockIn } from '../../contract/time-zone';
import { usePlatformRead } from '../data/use-platform-read';
import { FormDialog } from '../forms/form-dialog';
import { messageText } from '../forms/message-text';
import { useForm } from '../forms/use-form';
import { displayTimeZone, formatMoney, zoneLabel } from '../ui/format';
import { getLanguage } from '../ui/language';
import { TIMED_EDIT_LIVE, timedEditParams, timedEditSchema, type TimedEditRequest } from './timed-edit-form';

// Editing a timed batch not yet sent: its text and its time. Before saving it says what the new text costs (the
// platform's quote, reckoned as the save will) and whether the difference is charged or refunded; the time is read in
// the account's zone and held to the send's rule of at least 10 minutes ahead (timed-edit-form.ts).

/** How long typing rests before the quote is asked again. */
const QUOTE_REST_MS = 400;

export interface TimedEdit {
  content: string;
  /** epoch ms; absent when the time was left as it was. */
  timing_time?: number;
}

export function TimedEditDialog({
  row,
  onSave,
  onClose,
}: {
  row: TimeBatch;
  onSave: (edit: TimedEdit) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const lang = getLanguage();
  const zone = displayTimeZone();
  const [{ schema, values }] = useState(() => {
    const scheduledText = wallClockIn(zone, row.timing_time).slice(0, 16);
    return {
      schema: timedEditSchema(zone, scheduledText),
      values: { time_batch: row.time_batch, content: row.decodeContent, timing_time: scheduledText },
    };
  });
  const form = useForm({ schema, values, sends: 'parsed', live: TIMED_EDIT_LIVE }, async (request) => {
    const { content, timing_time } = request as TimedEditRequest;
    onSave(timing_time === undefined ? { content } : { content, timing_time });
  });
  const content = String(form.values.content ?? '');
  const params = timedEditParams(content);
  const contentError = form.errors.content ? messageText(form.errors.content, params) : null;
  const timingError = form.errors.timing_time ? messageText(form.errors.timing_time, params) : null;
  // the quote is of the content as it would be saved, once it may be
  const quotable = schema.shape.content.safeParse(content);
  const quote = usePlatformRead(
    timeBatchEditQuoteEndpoint,
    { time_batch: row.time_batch, content: quotable.data ?? '' },
    { enabled: quotable.success, rest: QUOTE_REST_MS },
  );
  const q = quote.data;
  const money = (n: number) => formatMoney(n, lang);

  return (
    <FormDialog header={t('timed.edit')} visible onHide={onClose} unsaved={form.unsaved} style={{ width: '34rem' }}>
      <label htmlFor="edit-content" className="visually-hidden">
        {t('timed.content')}
      </label>
      <InputTextarea
        id="edit-content"
        data-testid="edit-content"
        value={content}
        onChange={(e) => form.set('content', e.target.value)}
        rows={5}
        style={{ width: '100%' }}
        aria-invalid={contentError !== null}
        aria-describedby="edit-content-error edit-quote"
      />
      {/* the content rule's message, not only a greyed-out Save */}
      {contentError && (
        <small
          id="edit-content-error"
          data-testid="edit-error"
          role="alert"
          className="p-error"
          style={{ display: 'block' }}
        >
          {contentError}
        </small>
      )}
      <div id="edit-quote" data-testid="edit-quote" role="status" style={{ margin: '6px 0' }}>
        {quotable.success && quote.failure}
        {quotable.success && !q && !quote.error && <small>{t('timed.quoting')}</small>}
        {quotable.success && q && (
          <small style={{ display: 'block' }}>
            {t('timed.quote', { ...q, charged: money(q.charged), newCharged: money(q.newCharged) })}
          </small>
        )}
        {quotable.success && q && (
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
        value={String(form.values.timing_time ?? '')}
        placeholder="YYYY-MM-DD HH:mm"
        onChange={(e) => form.set('timing_time', e.target.value)}
        aria-invalid={timingError !== null}
        aria-describedby={timingError ? 'edit-timing-error' : undefined}
      />
      {timingError && (
        <small
          id="edit-timing-error"
          data-testid="edit-timing-error"
          role="alert"
          className="p-error"
          style={{ display: 'block' }}
        >
          {timingError}
        </small>
      )}
      <div style={{ marginTop: 8 }}>
        <Button
          data-testid="edit-save"
          label={t('timed.save')}
          disabled={contentError !== null || timingError !== null || form.busy}
          onClick={form.submit}
        />
      </div>
    </FormDialog>
  );
}
