import { pendingCount, STAT_BATCH_TYPE } from '../../contract/states';
import type { z } from 'zod';
import type { batchSummarySchema } from '../../contract/endpoints/records.endpoints';
import type { Batch } from '../../contract/records.schema';
import { stateText, timeColumn } from '../table/cells';
import { accountFilterVisible, clientStatusVisible, type ScreenDefinition } from '../table/screen-definition';

// The batch list with the summary row (sums; pending = max(received - sent, 0) per batch).
type BatchSummary = z.infer<typeof batchSummarySchema>;
const sum = (rows: Batch[], f: (b: Batch) => number) => String(rows.reduce((s, b) => s + f(b), 0));

export const batches: ScreenDefinition<Batch> = {
  path: '/dataGatheringBatchList',
  title: 'screen.dataGatheringBatchList',
  collection: 'batches',
  columns: [
    { field: 'cus_id', header: 'col.cusId', visible: accountFilterVisible },
    { field: 'batch_type', header: 'col.batchType', render: (r, v) => stateText(STAT_BATCH_TYPE, r.batch_type, v) },
    timeColumn<Batch>('create_time', 'col.batchTime'),
    { field: 'receive_count', header: 'col.received' },
    {
      field: 'wait_send_count',
      header: 'col.pending',
      render: (r) => String(pendingCount(r.receive_count, r.sent_count)),
    },
    { field: 'sent_count', header: 'col.sent' },
    { field: 'success_count', header: 'col.success', visible: clientStatusVisible },
    { field: 'failure_count', header: 'col.failure', visible: clientStatusVisible },
    { field: 'unknown_count', header: 'col.unknown', visible: clientStatusVisible },
    { field: 'batch_id', header: 'col.batchId' },
    { field: 'decodeContent', header: 'col.content' },
  ],
  filters: [
    { field: 'cus_id', label: 'col.cusId', kind: 'eq-text', visible: accountFilterVisible },
    { field: 'batch_id', label: 'col.batchId', kind: 'prefix' },
  ],
  fixed: [{ op: 'eq', field: 'prod_type', value: 0 }],
  dateField: 'create_time',
  summary: (rows) => ({
    receive_count: sum(rows, (b) => b.receive_count),
    wait_send_count: sum(rows, (b) => pendingCount(b.receive_count, b.sent_count)),
    sent_count: sum(rows, (b) => b.sent_count),
    success_count: sum(rows, (b) => b.success_count),
    failure_count: sum(rows, (b) => b.failure_count),
    unknown_count: sum(rows, (b) => b.unknown_count),
  }),
  // past the cache window the platform sums the whole filter, never only the loaded rows
  platformSummary: (s) => {
    const p = s as BatchSummary;
    return {
      receive_count: String(p.receive),
      wait_send_count: String(p.pending),
      sent_count: String(p.sent),
      success_count: String(p.success),
      failure_count: String(p.failure),
      unknown_count: String(p.unknown),
    };
  },
};

// found by field, not by position, so a column added before the batch time cannot move the sender id
const afterBatchTime = batches.columns.findIndex((c) => c.field === 'create_time') + 1;

/** The international batches: the same list over product line 1, with the sender id each send asked for, after the
 * batch time. */
export const internationalBatches: ScreenDefinition<Batch> = {
  ...batches,
  path: '/inteDataGatheringBatchList',
  title: 'screen.inteDataGatheringBatchList',
  grantedBy: ['internationalSms'],
  columns: [
    ...batches.columns.slice(0, afterBatchTime),
    { field: 'sender_id', header: 'col.senderId' },
    ...batches.columns.slice(afterBatchTime),
  ],
  fixed: [{ op: 'eq', field: 'prod_type', value: 1 }],
};
