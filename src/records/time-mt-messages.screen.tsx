import { TIMED_SEND_STATUS } from '../../contract/states';
import type { TimeMtMessage } from '../../contract/records.schema';
import { stateTag, stateText, timeColumn } from '../table/cells';
import { accountFilterVisible, type ScreenDefinition } from '../table/screen-definition';

// Timed SMS details.
export const timeMtMessages: ScreenDefinition<TimeMtMessage> = {
  path: '/timeMtMessageList',
  title: 'screen.timeMtMessageList',
  collection: 'time_mt_messages',
  columns: [
    { field: 'cus_id', header: 'col.cusId', visible: accountFilterVisible },
    { field: 'decodeMobile', header: 'col.mobile' },
    {
      field: 'send_status',
      header: 'col.sendStatus',
      render: (r, v) => stateTag(TIMED_SEND_STATUS, r.send_status, v),
      text: (r, v) => stateText(TIMED_SEND_STATUS, r.send_status, v),
    },
    { field: 'time_batch', header: 'col.timeBatch' },
    timeColumn<TimeMtMessage>('timing_time', 'col.timingTime'),
    timeColumn<TimeMtMessage>('create_time', 'col.createTime'),
  ],
  filters: [
    { field: 'cus_id', label: 'col.cusId', kind: 'eq-text', visible: accountFilterVisible },
    { field: 'time_batch', label: 'col.timeBatch', kind: 'eq-text' },
    { field: 'decodeMobile', label: 'col.mobile', kind: 'prefix' },
    {
      field: 'send_status',
      label: 'col.sendStatus',
      kind: 'select',
      options: TIMED_SEND_STATUS.filter.map((value) => ({ value, label: TIMED_SEND_STATUS.codes[value].label })),
    },
  ],
  dateField: 'create_time',
};
