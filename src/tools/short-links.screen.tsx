import type { ShortLinkRecord } from '../../contract/entities.schema';
import { CLICK_STATUS, filterOptions } from '../../contract/states';
import { stateTag, timeColumn } from '../table/cells';
import { accountFilterVisible, type ScreenDefinition } from '../table/screen-definition';

// Short-link click records, replicated like send records (one row per number a link went to,
// and one per link made with the conversion tool).
export const shortLinks: ScreenDefinition<ShortLinkRecord> = {
  path: '/shortLinkList',
  title: 'menu.shortLinkList',
  collection: 'short_links',
  columns: [
    { field: 'cus_id', header: 'col.cusId', visible: accountFilterVisible },
    { field: 'cus_name', header: 'col.cusName' },
    { field: 'decodeMobile', header: 'col.mobile' },
    { field: 'decodeContent', header: 'tools.content' },
    { field: 'mtLonglink', header: 'tools.longUrl' },
    { field: 'shortLink', header: 'tools.shortUrl' },
    { field: 'click_status', header: 'tools.clickStatus', render: (r, v) => stateTag(CLICK_STATUS, r.click_status, v) },
    timeColumn<ShortLinkRecord>('click_time', 'tools.clickTime'),
    { field: 'osystem', header: 'tools.osystem' },
    { field: 'browser', header: 'tools.browser' },
    timeColumn<ShortLinkRecord>('create_time', 'tools.sendTime'),
  ],
  filters: [
    { field: 'cus_id', label: 'col.cusId', kind: 'eq-text', visible: accountFilterVisible },
    { field: 'decodeMobile', label: 'col.mobile', kind: 'prefix' },
    { field: 'click_status', label: 'tools.clickStatus', kind: 'select', options: filterOptions(CLICK_STATUS) },
    { field: 'batch_id', label: 'tools.batchId', kind: 'eq-text' },
  ],
  dateField: 'create_time',
};
