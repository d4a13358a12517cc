import { Calendar } from 'primereact/calendar';
import { Dropdown } from 'primereact/dropdown';
import { useTranslation } from 'react-i18next';
import { wallClockDay, wallClockToEpoch } from '../ui/format';
import { DATE_SHORTCUTS, shortcutRange, type DateShortcut } from './date-shortcuts';
import type { RemoteFilters } from './remote-table-def';

// The date range of a platform-paged list: the same range calendar and shortcuts as the replicated lists' filter bar
// (table-filter-bar.tsx), over the request's startTime/endTime (epoch ms, days of the account's zone, end inclusive).

/** The calendar shows the account zone's days as the browser's local dates of the same calendar day. */
const calendarDay = (ms: number) => {
  const { y, month, day } = wallClockDay(ms);
  return new Date(y, month, day);
};

/** startTime/endTime of the days picked in the calendar: the first day's start to the last day's end. */
export function pickedRange(a: Date, b: Date): { startTime: number; endTime: number } {
  return {
    startTime: wallClockToEpoch(a.getFullYear(), a.getMonth(), a.getDate()),
    endTime: wallClockToEpoch(b.getFullYear(), b.getMonth(), b.getDate() + 1) - 1,
  };
}

export function RemoteDateRange({
  id,
  draft,
  setDraft,
  apply,
}: {
  id: string;
  draft: RemoteFilters;
  setDraft: (d: RemoteFilters) => void;
  apply: (d: RemoteFilters) => void;
}) {
  const { t } = useTranslation();
  const start = draft.startTime === undefined || draft.startTime === '' ? null : Number(draft.startTime);
  const end = draft.endTime === undefined || draft.endTime === '' ? null : Number(draft.endTime);
  return (
    <span data-testid={`${id}-range`} style={{ display: 'inline-flex', gap: 4 }}>
      <Calendar
        selectionMode="range"
        value={start !== null && end !== null ? [calendarDay(start), calendarDay(end)] : null}
        placeholder={t('table.dateRange')}
        readOnlyInput
        showIcon
        onChange={(e) => {
          const [a, b] = (e.value as (Date | null)[] | null) ?? [];
          if (a && b) setDraft({ ...draft, shortcut: '', ...pickedRange(a, b) });
        }}
      />
      <Dropdown
        data-testid={`${id}-shortcut`}
        placeholder={t('table.shortcut')}
        showClear
        value={draft.shortcut || null}
        options={DATE_SHORTCUTS.map((s) => ({ value: s, label: t(`table.shortcuts.${s}`) }))}
        onChange={(e) => {
          if (!e.value) return apply({ ...draft, shortcut: '', startTime: '', endTime: '' });
          const [startTime, endTime] = shortcutRange(e.value as DateShortcut, Date.now());
          apply({ ...draft, shortcut: e.value as string, startTime, endTime });
        }}
      />
    </span>
  );
}
