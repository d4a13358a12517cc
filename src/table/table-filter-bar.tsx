import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { memo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { translate } from '../../contract/messages';
import { wallClockDay, wallClockToEpoch } from '../ui/format';
import { ButtonStandIn, CalendarStandIn, DropdownStandIn } from '../ui/stand-ins';
import { ACCOUNT_FILTER_STYLE, AccountFilter } from './account-filter';
import { DATE_SHORTCUTS, shortcutRange, type DateShortcut } from './date-shortcuts';
import type { ScreenDefinition, ViewerContext } from './screen-definition';

// A table screen's filter bar: the mode, the filters of its definition, the date range and its shortcuts, search, reset
// and export. Its own memoized component: the screen re-renders on every read of its rows, count, page and sync state
// (many times a second while the cache fills and the operator scrolls), and the bar's PrimeReact widgets would be most
// of each such render; the bar re-renders only when what it shows or edits changes.

export interface FilterBarProps<T> {
  def: ScreenDefinition<T>;
  viewer: ViewerContext;
  /** the applied parameters (the URL's) and the ones being edited */
  params: Record<string, string>;
  draft: Record<string, string>;
  setDraft: (draft: Record<string, string>) => void;
  /** applies parameters (the URL changes); one function while the screen's path stays */
  apply: (next: Record<string, string>) => void;
  /** the whole matching local set as a spreadsheet */
  onExport: () => Promise<void>;
  /** the product line the account picker lists accounts of */
  prodType: number;
  /** the real widgets, or their stand-ins before the screen's first paint (src/ui/stand-ins.tsx) */
  widgets: boolean;
}

function FilterBarOf<T>({
  def,
  viewer,
  params,
  draft,
  setDraft,
  apply,
  onExport,
  prodType,
  widgets,
}: FilterBarProps<T>) {
  const { t } = useTranslation();
  const filterDefs = def.filters.filter((f) => !f.visible || f.visible(viewer));
  const actions = [
    {
      id: 'table-search',
      icon: 'pi pi-search',
      label: 'table.search',
      severity: undefined,
      onClick: () => apply(draft),
    },
    {
      id: 'table-reset',
      icon: 'pi pi-refresh',
      label: 'table.reset',
      severity: 'secondary' as const,
      onClick: () => apply({}),
    },
    {
      id: 'table-export',
      icon: 'pi pi-file-excel',
      label: 'table.export',
      severity: 'help' as const,
      onClick: () => void onExport(),
    },
  ];
  const optionLabel = (o: { label: string }) => (o.label.includes('.') ? translate(viewer.lang, o.label) : o.label);
  // the calendar picks days of the account's zone: shown as the browser's local dates of the same calendar day
  const calendarDay = (ms: number) => {
    const { y, month, day } = wallClockDay(ms);
    return new Date(y, month, day);
  };
  const dateRange: [Date, Date] | null =
    params.from && params.to ? [calendarDay(Number(params.from)), calendarDay(Number(params.to))] : null;
  const field = (name: string, node: ReactNode) => (
    <label key={name} style={{ display: 'inline-flex', flexDirection: 'column', gap: 2 }}>
      <small>{t(name)}</small>
      {node}
    </label>
  );
  return (
    <div
      className="table-search"
      style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'flex-end', marginBottom: 8 }}
    >
      {def.modes &&
        field(
          'table.mode',
          !widgets ? (
            <DropdownStandIn
              label={t(def.modes[Number(draft.mode ?? 0)]?.label ?? def.modes[0].label)}
              placeholder=""
            />
          ) : (
            <Dropdown
              value={Number(draft.mode ?? 0)}
              options={def.modes.map((m, i) => ({ value: i, label: t(m.label) }))}
              onChange={(e) => apply({ ...params, mode: String(e.value) })}
            />
          ),
        )}
      {filterDefs.map((f) =>
        field(
          f.label,
          !widgets && (f.kind === 'select' || f.field === 'cus_id') ? (
            <DropdownStandIn
              label={
                f.kind === 'select'
                  ? ((f.options ?? []).filter((o) => String(o.value) === draft[f.field]).map(optionLabel)[0] ?? null)
                  : draft.cus_id || null
              }
              placeholder={t('table.any')}
              clearable
              style={f.kind === 'select' ? undefined : ACCOUNT_FILTER_STYLE}
            />
          ) : f.field === 'cus_id' && f.kind !== 'select' ? (
            <AccountFilter
              prodType={prodType}
              value={draft.cus_id}
              onChange={(v) => setDraft({ ...draft, cus_id: v })}
            />
          ) : f.kind === 'select' ? (
            <Dropdown
              data-testid={`filter-${f.field}`}
              showClear
              value={
                draft[f.field] === undefined
                  ? null
                  : typeof f.options?.[0]?.value === 'number'
                    ? Number(draft[f.field])
                    : draft[f.field]
              }
              options={(f.options ?? []).map((o) => ({ value: o.value, label: optionLabel(o) }))}
              onChange={(e) =>
                setDraft({ ...draft, [f.field]: e.value === null || e.value === undefined ? '' : String(e.value) })
              }
              placeholder={t('table.any')}
            />
          ) : (
            <InputText
              data-testid={`filter-${f.field}`}
              value={draft[f.field] ?? ''}
              onChange={(e) => setDraft({ ...draft, [f.field]: e.target.value })}
              onKeyDown={(e) => e.key === 'Enter' && apply(draft)}
            />
          ),
        ),
      )}
      {def.dateField &&
        field(
          'table.dateRange',
          !widgets ? (
            <span style={{ display: 'inline-flex', gap: 4 }}>
              <CalendarStandIn text="" />
              <DropdownStandIn
                label={
                  params.shortcut && (DATE_SHORTCUTS as readonly string[]).includes(params.shortcut)
                    ? t(`table.shortcuts.${params.shortcut}`)
                    : null
                }
                placeholder={t('table.shortcut')}
              />
            </span>
          ) : (
            <span style={{ display: 'inline-flex', gap: 4 }}>
              <Calendar
                selectionMode="range"
                value={dateRange}
                readOnlyInput
                showIcon
                onChange={(e) => {
                  const [a, b] = (e.value as (Date | null)[] | null) ?? [];
                  if (a && b)
                    setDraft({
                      ...draft,
                      shortcut: '',
                      from: String(wallClockToEpoch(a.getFullYear(), a.getMonth(), a.getDate())),
                      to: String(wallClockToEpoch(b.getFullYear(), b.getMonth(), b.getDate() + 1) - 1),
                    });
                }}
              />
              <Dropdown
                data-testid="date-shortcut"
                placeholder={t('table.shortcut')}
                // the choice stays shown while the range is the one it set
                value={
                  params.shortcut && (DATE_SHORTCUTS as readonly string[]).includes(params.shortcut)
                    ? params.shortcut
                    : null
                }
                options={DATE_SHORTCUTS.map((s) => ({ value: s, label: t(`table.shortcuts.${s}`) }))}
                onChange={(e) => {
                  const [from, to] = shortcutRange(e.value as DateShortcut, Date.now());
                  apply({ ...draft, from: String(from), to: String(to), shortcut: String(e.value) });
                }}
              />
            </span>
          ),
        )}
      {actions.map((a) =>
        widgets ? (
          <Button
            key={a.id}
            data-testid={a.id}
            icon={a.icon}
            label={t(a.label)}
            severity={a.severity}
            onClick={a.onClick}
          />
        ) : (
          <ButtonStandIn key={a.id} icon={a.icon} label={t(a.label)} severity={a.severity} />
        ),
      )}
    </div>
  );
}

export const FilterBar = memo(FilterBarOf) as typeof FilterBarOf;
