import type { MoRecord } from '../../contract/records.schema';
import { timeColumn } from '../table/cells';
import { accountFilterVisible, contentFilterVisible, type ScreenDefinition } from '../table/screen-definition';

// Uplink (reply) records.
export const moRecords: ScreenDefinition<MoRecord> = {
  path: '/moRecordList',
  title: 'screen.moRecordList',
  grantedBy: ['homeSms'],
  collection: 'mo_records',
  // replies to domestic sends only: replies to international sends carry their send's prod_type
  fixed: [{ op: 'eq', field: 'prod_type', value: 0 }],
  columns: [
    { field: 'cus_id', header: 'col.cusId', visible: accountFilterVisible },
    { field: 'src_calling_number', header: 'col.callingNumber' },
    { field: 'decodeMobile', header: 'col.mobile' },
    { field: 'decodeContent', header: 'col.replyContent' },
    { field: 'decodeWholeContent', header: 'col.sentContent' },
    timeColumn<MoRecord>('deliver_time', 'col.uplinkTime'),
    { field: 'tag', header: 'col.replyTag' },
  ],
  filters: [
    { field: 'cus_id', label: 'col.cusId', kind: 'eq-text', visible: accountFilterVisible },
    { field: 'decodeMobile', label: 'col.mobile', kind: 'prefix' },
    { field: 'decodeContent', label: 'col.replyContent', kind: 'contains', visible: contentFilterVisible },
  ],
  dateField: 'deliver_time',
};
