import i18next from 'i18next';
import type { HTMLAttributes } from 'react';
import './cells.css';
import { translate } from '../../contract/messages';
import { reportLabel } from '../../contract/report-codes';
import { sendStatus, stateOf, withoutOutcome, type StateMap } from '../../contract/states';
import type { MtRecord } from '../../contract/records.schema';
import { formatDateTime } from '../ui/format';
import type { ColumnDef, ViewerContext } from './screen-definition';

// Cells shared by the screen definitions: status tags in their states' colours, times in the viewer's language.

/** PrimeReact's Tag markup and theme classes without its component (one per row, re-rendered while scrolling). */
function Tag({
  severity,
  value,
  icon,
  ...rest
}: { severity?: string | null; value: string; icon?: string } & HTMLAttributes<HTMLSpanElement> &
  Record<`data-${string}`, unknown>) {
  return (
    <span className={`p-tag p-component${severity ? ` p-tag-${severity}` : ''}`} {...rest}>
      {icon && <span className={`p-tag-icon ${icon}`} aria-hidden="true" />}
      <span className="p-tag-value">{value}</span>
    </span>
  );
}

/** the record as this viewer may see it (outcomes withheld when showClientStatus is 0, as the platform answers). */
const shownTo = (r: MtRecord, v: ViewerContext) => (v.showClientStatus === 0 ? withoutOutcome(r) : r);

export function sendStatusText(held: MtRecord, v: ViewerContext): string {
  const r = shownTo(held, v);
  const s = sendStatus(r);
  const label = translate(v.lang, s.label);
  // the failure reason from the code catalogue in the viewer's language
  const detail = s.detail ? reportLabel(v.lang, r.report_result, s.detail) : null;
  return detail ? `${label}(${detail})` : label;
}
export function SendStatusTag({ row, v }: { row: MtRecord & { pending?: string }; v: ViewerContext }) {
  // a send still queued in the event log
  if (row.pending)
    return (
      <Tag
        data-testid="send-status"
        data-status="queued"
        severity="warning"
        value={translate(v.lang, 'send.queuedRecord')}
      />
    );
  const s = sendStatus(shownTo(row, v));
  return (
    <Tag
      data-testid="send-status"
      data-status={s.kind}
      severity={s.severity === 'secondary' ? null : s.severity}
      value={sendStatusText(row, v)}
    />
  );
}

/** The mark of a row changed here whose command the platform has not taken yet. */
export const PendingMark = () => (
  <Tag data-testid="pending-mark" severity="warning" icon="pi pi-clock" value={i18next.t('sync.pending')} />
);

export const stateText = (map: StateMap, code: number, v: ViewerContext) => translate(v.lang, stateOf(map, code).label);
export function stateTag(map: StateMap, code: number, v: ViewerContext, pending?: string) {
  const s = stateOf(map, code);
  return (
    <span style={{ display: 'inline-flex', gap: 4 }}>
      <Tag
        data-testid="state"
        data-code={code}
        severity={s.severity === 'secondary' ? null : s.severity}
        value={translate(v.lang, s.label)}
      />
      {pending && <PendingMark />}
    </span>
  );
}

/** a time column: epoch ms rendered as local date-time. */
export function timeColumn<T>(field: keyof T & string, header: string): ColumnDef<T> {
  const text = (r: T, v: ViewerContext) => {
    const ms = (r as Record<string, unknown>)[field];
    return typeof ms === 'number' ? formatDateTime(ms, v.lang) : '';
  };
  return { field, header, text, render: text, width: '11rem' };
}

/** A long id (26 characters) cut with an ellipsis to a narrow column: its title shows the whole id, and a click selects
 * all of it to copy (the copy holds the whole id, not what shows). */
export function idColumn<T>(field: keyof T & string, header: string): ColumnDef<T> {
  return {
    field,
    header,
    width: '9rem',
    render: (r) => {
      const id = String((r as Record<string, unknown>)[field] ?? '');
      return (
        <span className="id-cell" title={id}>
          {id}
        </span>
      );
    },
    text: (r) => String((r as Record<string, unknown>)[field] ?? ''),
  };
}
