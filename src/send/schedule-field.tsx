import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import { useTranslation } from 'react-i18next';
import { SCHEDULE_QUICK_PICKS_MS } from '../../contract/validation/international-send.rules';
import type { SendDraft } from '../../machines/send-kinds';
import { wallClockIn } from '../../contract/time-zone';

// 定时发送: the tick and the time as typed both live in the draft, so the send machine can tell a send that goes now
// from a scheduled one whose time is missing or not a real date, and refuse the latter rather than send at once.

interface Props {
  draft: Pick<SendDraft, 'scheduled' | 'timingText'>;
  update: (patch: Partial<SendDraft>) => void;
  /** the account's time zone, in which the time is read. */
  zone: string;
  /** the form's problem message, when it is about the time: the field is marked invalid and described by it. */
  problemId?: string;
}

export function ScheduleField({ draft, update, zone, problemId }: Props) {
  const { t } = useTranslation();
  return (
    <div className="send-row">
      <Checkbox
        inputId="send-timed"
        data-testid="send-timed"
        checked={draft.scheduled}
        onChange={(e) => update({ scheduled: !!e.checked })}
      />
      <label htmlFor="send-timed">{t('send.timed')}</label>
      {draft.scheduled && (
        <>
          <label htmlFor="send-timing" className="visually-hidden">
            {t('send.timingTime', { zone })}
          </label>
          <InputText
            id="send-timing"
            data-testid="send-timing"
            value={draft.timingText}
            placeholder="YYYY-MM-DD HH:mm"
            aria-invalid={problemId ? true : undefined}
            aria-describedby={problemId}
            onChange={(e) => update({ timingText: e.target.value })}
          />
          {SCHEDULE_QUICK_PICKS_MS.map((ms) => (
            <Button
              key={ms}
              type="button"
              size="small"
              text
              data-testid={`send-pick-${ms / 60_000}`}
              label={t(`send.pick.${ms / 60_000}`)}
              onClick={() => update({ timingText: wallClockIn(zone, Date.now() + ms + 30_000).slice(0, 16) })}
            />
          ))}
          <small>{zone}</small>
        </>
      )}
    </div>
  );
}
