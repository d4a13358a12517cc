import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Column } from 'primereact/column';
import { ColumnGroup } from 'primereact/columngroup';
import { DataTable } from 'primereact/datatable';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import { Row } from 'primereact/row';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MARGIN_DIMENSIONS,
  carrierMarginsEndpoint,
  carrierMarginsExportEndpoint,
  type MarginDimension,
  type MarginRow,
} from '../../contract/endpoints/carrier-cost.endpoints';
import { download } from '../data/platform-actions';
import { usePlatformRead } from '../data/use-platform-read';
import { notify } from '../ui/notify';
import { dateOfDay, dayOfDate, lastDays } from './margin-days';

// Customer price minus carrier cost over a range of days, grouped by the dimensions the operator picks, paged by the
// platform, with the range's totals in the table's footer and the same groups as a workbook. The figures are the
// platform's exact decimal texts, shown as they come.

const PAGE = 20;
const SUMS = ['records', 'segments', 'price', 'cost', 'margin', 'costUnknown', 'costUnknownPrice'] as const;
const FILTERS = ['carrier', 'country', 'enterprise'] as const;

interface Query {
  from: string;
  to: string;
  groupBy: MarginDimension[];
  carrier?: string;
  country?: string;
  enterprise?: string;
}

const trimmed = (q: Query): Query =>
  Object.fromEntries(
    Object.entries(q)
      .map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v])
      .filter(([, v]) => v !== ''),
  ) as unknown as Query;

export function CarrierMarginsScreen() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Query>(() => ({ ...lastDays(Date.now(), 7), groupBy: [...MARGIN_DIMENSIONS] }));
  const [query, setQuery] = useState<Query>(draft);
  const [page, setPage] = useState(1);
  const { data, failure, loading } = usePlatformRead(carrierMarginsEndpoint, { ...query, pageNumber: page, pageSize: PAGE });
  const hintId = useId();
  const rangeId = useId();
  const groupId = useId();
  const label = t('carrierMargins.tableLabel');
  const apply = () => (setPage(1), setQuery(trimmed(draft)));
  const none = t('carrierMargins.none');
  const shown = MARGIN_DIMENSIONS.filter((d) => query.groupBy.includes(d));
  const dimensionText: Record<MarginDimension, (r: MarginRow) => string> = {
    day: (r) => r.day ?? none,
    carrier: (r) => r.carrier ?? none,
    country: (r) => r.country ?? none,
    enterprise: (r) => (r.enterprise ? `${r.enterprise}${r.enterpriseName ? ` ${r.enterpriseName}` : ''}` : none),
  };
  const totals = data?.totals;
  const footer = (
    <ColumnGroup>
      <Row>
        <Column footer={t('carrierMargins.totals')} colSpan={Math.max(1, shown.length)} />
        {SUMS.map((k) => (
          <Column key={k} footer={totals ? String(totals[k]) : ''} data-testid={`margins-total-${k}`} />
        ))}
      </Row>
    </ColumnGroup>
  );
  return (
    <section className="page-card" data-testid="carrier-margins" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <p id={hintId} style={{ margin: 0 }}>
        {t('carrierMargins.hint')}
      </p>
      <form
        style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}
        onSubmit={(e) => {
          e.preventDefault();
          apply();
        }}
      >
        <label htmlFor={rangeId} className="visually-hidden">
          {t('carrierMargins.range')}
        </label>
        <Calendar
          inputId={rangeId}
          data-testid="margins-range"
          selectionMode="range"
          value={[dateOfDay(draft.from), dateOfDay(draft.to)]}
          placeholder={t('carrierMargins.range')}
          readOnlyInput
          showIcon
          onChange={(e) => {
            const [a, b] = (e.value as (Date | null)[] | null) ?? [];
            if (a && b) setDraft({ ...draft, from: dayOfDate(a), to: dayOfDate(b) });
          }}
        />
        <label htmlFor={groupId} className="visually-hidden">
          {t('carrierMargins.groupBy')}
        </label>
        <MultiSelect
          inputId={groupId}
          data-testid="margins-group-by"
          value={draft.groupBy}
          options={MARGIN_DIMENSIONS.map((d) => ({ value: d, label: t(`carrierMargins.dimensions.${d}`) }))}
          placeholder={t('carrierMargins.groupBy')}
          display="chip"
          onChange={(e) => (e.value as MarginDimension[]).length > 0 && setDraft({ ...draft, groupBy: e.value as MarginDimension[] })}
        />
        {FILTERS.map((f) => (
          <InputText
            key={f}
            data-testid={`margins-${f}`}
            aria-label={t(`carrierMargins.${f}`)}
            placeholder={t(`carrierMargins.${f}`)}
            value={draft[f] ?? ''}
            onChange={(e) => setDraft({ ...draft, [f]: e.target.value })}
            style={{ width: '9rem' }}
          />
        ))}
        <Button type="submit" data-testid="margins-search" icon="pi pi-search" label={t('carrierMargins.search')} />
        <Button
          type="button"
          data-testid="margins-export"
          icon="pi pi-file-excel"
          severity="help"
          label={t('carrierMargins.export')}
          onClick={() => void download(carrierMarginsExportEndpoint, query).catch((e: Error) => notify({ severity: 'error', summary: e.message }))}
        />
      </form>
      {failure}
      <DataTable
        value={data?.data ?? []}
        lazy
        paginator
        scrollable
        rows={PAGE}
        first={(page - 1) * PAGE}
        totalRecords={data?.total ?? 0}
        onPage={(e) => setPage((e.page ?? 0) + 1)}
        loading={loading && !data}
        size="small"
        stripedRows
        emptyMessage={t('table.empty')}
        footerColumnGroup={footer}
        data-testid="margins"
        pt={{
          table: { 'aria-label': label, 'aria-describedby': hintId },
          wrapper: { tabIndex: 0, role: 'region', 'aria-label': label },
        }}
      >
        {shown.map((d) => (
          <Column key={d} header={t(`carrierMargins.dimensions.${d}`)} body={dimensionText[d]} />
        ))}
        {SUMS.map((k) => (
          <Column key={k} field={k} header={t(`carrierMargins.${k}`)} />
        ))}
      </DataTable>
    </section>
  );
}
