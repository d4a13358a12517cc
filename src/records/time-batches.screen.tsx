import { TIMED_BATCH_TYPE, TIMED_SEND_STATUS } from '../../contract/states';
import type { TimeBatch } from '../../contract/records.schema';
import { projectTimeBatches } from '../../sync/commands/projection';
import { stateTag, stateText, timeColumn } from '../table/cells';
import { accountFilterVisible, type ScreenDefinition } from '../table/screen-definition';
import { TimedBatchActions } from './timed-batch-actions';

// Timed batches with pause, recover, intercept and edit; pending commands show at once.
type Row = TimeBatch & { pending?: string };

export const timeBatches: ScreenDefinition<Row> = {
  path: '/pageTimeBatchList',
  title: 'screen.pageTimeBatchList',
  collection: 'time_batches',
  fixed: [{ op: 'eq', field: 'prod_type', value: 0 }],
  columns: [
    { field: 'time_batch', header: 'col.timeBatch' },
    { field: 'cus_id', header: 'col.cusId', visible: accountFilterVisible },
    { field: 'batch_count', header: 'col.batchCount' },
    { field: 'batch_type', header: 'col.batchType', render: (r, v) => stateText(TIMED_BATCH_TYPE, r.batch_type, v) },
    {
      field: 'send_status',
      header: 'col.sendStatus',
      render: (r, v) => stateTag(TIMED_SEND_STATUS, r.send_status, v, r.pending),
      text: (r, v) => stateText(TIMED_SEND_STATUS, r.send_status, v),
    },
    timeColumn<Row>('timing_time', 'col.timingTime'),
    timeColumn<Row>('create_time', 'col.createTime'),
    { field: 'decodeContent', header: 'col.content' },
  ],
  filters: [
    { field: 'cus_id', label: 'col.cusId', kind: 'eq-text', visible: accountFilterVisible },
    {
      field: 'send_status',
      label: 'col.sendStatus',
      kind: 'select',
      options: TIMED_SEND_STATUS.filter.map((value) => ({ value, label: TIMED_SEND_STATUS.codes[value].label })),
    },
  ],
  dateField: 'create_time',
  project: projectTimeBatches,
  actions: (row) => <TimedBatchActions row={row} />,
};
