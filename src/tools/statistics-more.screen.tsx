import type { StatisticsRow } from '../../contract/records.schema';
import {
  accountFilterVisible,
  clientStatusVisible,
  type ColumnDef,
  type ScreenDefinition,
} from '../table/screen-definition';

// International statistics by day, month or year, and by country (per day and country).
// All read the replicated statistics rows of product line 1 (kind: the time dimension, or 'country').

const columns: ColumnDef<StatisticsRow>[] = [
  { field: 'gathering_time', header: 'col.gatheringTime' },
  { field: 'cus_id', header: 'col.cusId', visible: accountFilterVisible },
  { field: 'cus_name', header: 'col.cusName' },
  { field: 'countryName', header: 'tools.country' },
  { field: 'sent_count', header: 'col.sent' },
  { field: 'successUnionStr', header: 'col.success', visible: clientStatusVisible },
  { field: 'failureUnionStr', header: 'col.failure', visible: clientStatusVisible },
  { field: 'unknownUnionStr', header: 'col.unknown', visible: clientStatusVisible },
];
const sentTotal = (rows: StatisticsRow[]) => ({ sent_count: String(rows.reduce((s, r) => s + r.sent_count, 0)) });

const inte = (kind: string) => [
  { op: 'eq' as const, field: 'kind', value: kind },
  { op: 'eq' as const, field: 'prod_type', value: 1 },
];
export const internationalStatistics: ScreenDefinition<StatisticsRow> = {
  path: '/inteDataGatheringList',
  title: 'menu.inteDataGatheringList',
  collection: 'statistics',
  modes: [
    { label: 'stat.day', fixed: inte('day') },
    { label: 'stat.month', fixed: inte('month') },
    { label: 'stat.year', fixed: inte('year') },
    { label: 'tools.byCountry', fixed: inte('country') },
  ],
  columns,
  filters: [{ field: 'cus_id', label: 'col.cusId', kind: 'eq-text', visible: accountFilterVisible }],
  dateField: 'gathering_time',
  summary: sentTotal,
};
