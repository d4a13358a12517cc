import type { StatisticsRow } from '../../contract/records.schema';
import { accountFilterVisible, clientStatusVisible, type ScreenDefinition } from '../table/screen-definition';

// Send statistics by day, month or year (one collection, `kind` tells them apart).
export const statistics: ScreenDefinition<StatisticsRow> = {
  path: '/dataGatheringList',
  title: 'screen.dataGatheringList',
  collection: 'statistics',
  modes: [
    {
      label: 'stat.day',
      fixed: [
        { op: 'eq', field: 'kind', value: 'day' },
        { op: 'eq', field: 'prod_type', value: 0 },
      ],
    },
    {
      label: 'stat.month',
      fixed: [
        { op: 'eq', field: 'kind', value: 'month' },
        { op: 'eq', field: 'prod_type', value: 0 },
      ],
    },
    {
      label: 'stat.year',
      fixed: [
        { op: 'eq', field: 'kind', value: 'year' },
        { op: 'eq', field: 'prod_type', value: 0 },
      ],
    },
  ],
  columns: [
    { field: 'gathering_time', header: 'col.gatheringTime' },
    { field: 'cus_id', header: 'col.cusId', visible: accountFilterVisible },
    { field: 'cus_name', header: 'col.cusName' },
    { field: 'sent_count', header: 'col.sent' },
    { field: 'successUnionStr', header: 'col.success', visible: clientStatusVisible },
    { field: 'failureUnionStr', header: 'col.failure', visible: clientStatusVisible },
    { field: 'unknownUnionStr', header: 'col.unknown', visible: clientStatusVisible },
  ],
  filters: [{ field: 'cus_id', label: 'col.cusId', kind: 'eq-text', visible: accountFilterVisible }],
  // the period's day (month, year) as the date range's field: the range keeps the periods that start inside it
  dateField: 'gathering_time',
  summary: (rows) => ({ sent_count: String(rows.reduce((s, r) => s + r.sent_count, 0)) }),
};
