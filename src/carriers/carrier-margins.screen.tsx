import i18next from 'i18next';
import { Calendar } from 'primereact/calendar';
import { Column } from 'primereact/column';
import { ColumnGroup } from 'primereact/columngroup';
import { MultiSelect } from 'primereact/multiselect';
import { Row } from 'primereact/row';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResponseOf } from '../../contract/endpoint';
import {
  MARGIN_DIMENSIONS,
  carrierMarginsEndpoint,
  carrierMarginsExportEndpoint,
  type MarginDimension,
  type MarginRow,
} from '../../contract/endpoints/carrier-cost.endpoints';
import { RemoteTable } from '../table/remote-table';
import type { RemoteColumn, RemoteFilterControlProps, RemoteFilters, RemoteTableDef } from '../table/remote-table-def';
import type { ViewerContext } from '../table/screen-definition';
import { dateOfDay, dayOfDate, lastDays } from './margin-days';

// Customer price minus carrier cost over a range of days, grouped by the dimensions the operator picks, paged by the
// platform, with the range's totals in the table's footer and the same groups as a workbook. The figures are the
// platform's exact decimal texts, shown as they come.

const SUMS = ['records', 'segments', 'price', 'cost', 'margin', 'costUnknown', 'costUnknownPrice'] as const;
const FILTERS = ['carrier', 'country', 'enterprise'] as const;

type Answer = ResponseOf<typeof carrierMarginsEndpoint>;

/** The dimensions the applied filters group by, in their fixed order. */
const groupedBy = (query: RemoteFilters): MarginDimension[] =>
  MARGIN_DIMENSIONS.filter((d) => (query.groupBy as MarginDimension[]).includes(d));

// The range and the grouping are controls of this list's own; each carries its own test id.

/** The days picked: both ends, once the second is chosen. */
function DayRange({ id, draft, setDraft }: RemoteFilterControlProps) {
  const { t } = useTranslation();
  return (
    <Calendar
      inputId={id}
      data-testid="margins-range"
      selectionMode="range"
      value={[dateOfDay(String(draft.from)), dateOfDay(String(draft.to))]}
      placeholder={t('carrierMargins.range')}
      readOnlyInput
      showIcon
      onChange={(e) => {
        const [a, b] = (e.value as (Date | null)[] | null) ?? [];
        if (a && b) setDraft({ ...draft, from: dayOfDate(a), to: dayOfDate(b) });
      }}
    />
  );
}

/** The dimensions to group by: at least one stays chosen. */
function GroupBy({ id, draft, setDraft }: RemoteFilterControlProps) {
  const { t } = useTranslation();
  return (
    <MultiSelect
      inputId={id}
      data-testid="margins-group-by"
      value={draft.groupBy}
      options={MARGIN_DIMENSIONS.map((d) => ({ value: d, label: t(`carrierMargins.dimensions.${d}`) }))}
      placeholder={t('carrierMargins.groupBy')}
      display="chip"
      onChange={(e) =>
        (e.value as MarginDimension[]).length > 0 && setDraft({ ...draft, groupBy: e.value as MarginDimension[] })
      }
    />
  );
}

const tr = (v: ViewerContext, key: string) => i18next.t(key, { lng: v.lang });
const none = (v: ViewerContext) => tr(v, 'carrierMargins.none');
const dimensionText: Record<MarginDimension, (r: MarginRow, v: ViewerContext) => string> = {
  day: (r, v) => r.day ?? none(v),
  carrier: (r, v) => r.carrier ?? none(v),
  country: (r, v) => r.country ?? none(v),
  enterprise: (r, v) => (r.enterprise ? `${r.enterprise}${r.enterpriseName ? ` ${r.enterpriseName}` : ''}` : none(v)),
};

/** The range's totals under the figures, one cell under the grouping columns shown. */
const totals = (answer: Answer | null, query: RemoteFilters, v: ViewerContext) => (
  <ColumnGroup>
    <Row>
      <Column footer={tr(v, 'carrierMargins.totals')} colSpan={Math.max(1, groupedBy(query).length)} />
      {SUMS.map((k) => (
        <Column key={k} footer={answer ? String(answer.totals[k]) : ''} data-testid={`margins-total-${k}`} />
      ))}
    </Row>
  </ColumnGroup>
);

export const carrierMargins: RemoteTableDef<MarginRow, Answer> = {
  id: 'margins',
  endpoint: carrierMarginsEndpoint,
  download: carrierMarginsExportEndpoint,
  texts: { table: 'carrierMargins.tableLabel', search: 'carrierMargins.search', export: 'carrierMargins.export' },
  serial: false,
  initial: () => ({ ...lastDays(Date.now(), 7), groupBy: [...MARGIN_DIMENSIONS] }),
  filters: [
    { field: 'from', label: 'carrierMargins.range', control: DayRange },
    { field: 'groupBy', label: 'carrierMargins.groupBy', control: GroupBy },
    ...FILTERS.map((f) => ({ field: f, label: `carrierMargins.${f}` })),
  ],
  columns: [
    ...MARGIN_DIMENSIONS.map((d): RemoteColumn<MarginRow> => ({
      field: d,
      header: `carrierMargins.dimensions.${d}`,
      render: dimensionText[d],
      when: (query) => groupedBy(query).includes(d),
    })),
    ...SUMS.map((k): RemoteColumn<MarginRow> => ({ field: k, header: `carrierMargins.${k}` })),
  ],
  footer: totals,
};

export function CarrierMarginsScreen() {
  const { t } = useTranslation();
  const hintId = useId();
  return (
    <section
      className="page-card"
      data-testid="carrier-margins"
      style={{ display: 'flex', flexDirection: 'column', gap: 12 }}
    >
      <p id={hintId} style={{ margin: 0 }}>
        {t('carrierMargins.hint')}
      </p>
      <RemoteTable def={carrierMargins} describedBy={hintId} />
    </section>
  );
}
