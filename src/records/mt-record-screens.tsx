import { countryName } from '../../contract/country-names';
import { reportLabel } from '../../contract/report-codes';
import { MT_SOURCE_FILTER, SEND_STATUS_FILTER } from '../../contract/states';
import type { MtRecord } from '../../contract/records.schema';
import type { PermCode } from '../../contract/endpoints/user.endpoints';
import { projectQueuedSends } from '../../sync/commands/send-commands';
import { SendStatusTag, sendStatusText, timeColumn } from '../table/cells';
import { MtDetail } from './mt-detail';
import {
  accountFilterVisible,
  clientStatusVisible,
  contentFilterVisible,
  hasPermission,
  statusFilterVisible,
  type ColumnDef,
  type FilterDef,
  type ScreenDefinition,
} from '../table/screen-definition';

// Send records per product line, one definition each over the shared MT columns.

const base: ColumnDef<MtRecord>[] = [
  { field: 'cus_id', header: 'col.cusId', visible: accountFilterVisible },
  { field: 'decodeMobile', header: 'col.mobile', width: '9rem' },
  { field: 'decodeContent', header: 'col.content' },
  { field: 'segments', header: 'col.segments', width: '5rem' },
  {
    field: 'mt_status',
    header: 'col.status',
    render: (r, v) => <SendStatusTag row={r} v={v} />,
    text: sendStatusText,
    visible: clientStatusVisible,
  },
  timeColumn<MtRecord>('receive_time', 'col.submitTime'),
];

const filters: FilterDef<MtRecord>[] = [
  { field: 'cus_id', label: 'col.cusId', kind: 'eq-text', visible: accountFilterVisible },
  { field: 'decodeMobile', label: 'col.mobile', kind: 'prefix' },
  { field: 'decodeContent', label: 'col.content', kind: 'contains', visible: contentFilterVisible },
  {
    field: 'mt_status',
    label: 'col.status',
    kind: 'select',
    options: SEND_STATUS_FILTER,
    visible: statusFilterVisible,
  },
  { field: 'source', label: 'col.source', kind: 'select', options: MT_SOURCE_FILTER },
  // the send result links here with ?batch_id=
  { field: 'batch_id', label: 'col.batchId', kind: 'prefix' },
];

function mtScreen(
  path: string,
  title: string,
  prod: number,
  grantedBy: PermCode[],
  extra: ColumnDef<MtRecord>[],
): ScreenDefinition<MtRecord> {
  return {
    path,
    title,
    grantedBy,
    collection: 'mt_records',
    fixed: [{ op: 'eq', field: 'prod_type', value: prod }],
    columns: [...base.slice(0, 3), ...extra, ...base.slice(3)],
    filters,
    dateField: 'receive_time',
    project: projectQueuedSends(prod),
    detail: (row, v) => <MtDetail row={row} v={v} />,
  };
}

export const domesticRecords = mtScreen('/mtRecordList', 'screen.mtRecordList', 0, ['homeSms'], []);
export const internationalRecords = mtScreen(
  '/inteMtRecordList',
  'screen.inteMtRecordList',
  1,
  ['internationalSms'],
  [
    { field: 'countryName', header: 'col.country', text: (r, v) => countryName(v.lang, r.countryCode, r.countryName) },
    { field: 'priceStr', header: 'col.price', visible: hasPermission('inteMtRecordListPriceShow') },
    {
      field: 'report_result_desc',
      header: 'col.reportDesc',
      text: (r, v) => reportLabel(v.lang, r.report_result, r.report_result_desc) ?? '',
    },
    { field: 'sender_id', header: 'col.senderId' },
  ],
);
export const videoRecords = mtScreen(
  '/videoMtRecordList',
  'screen.videoMtRecordList',
  2,
  ['videoSms'],
  [{ field: 'titleStr', header: 'col.subject' }],
);
export const cspRecords = mtScreen(
  '/cspMtRecordList',
  'screen.cspMtRecordList',
  6,
  ['videoSms', 'cspSms'],
  [{ field: 'titleStr', header: 'col.templateName' }],
);
