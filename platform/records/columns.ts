import type { DimeRow } from '../../contract/endpoints/records.endpoints';
import type { Batch, MoRecord, MtRecord, TimeMtMessage } from '../../contract/records.schema';
import { translate } from '../../contract/messages';
import { mtSourceLabel } from '../../contract/states';
import type { Column } from '../lists/xlsx-export';

// Spreadsheet columns of each download, headers in zh and en (the caller's Accept-Language picks one). Columns marked
// `outcome` are left out for a user who may not see delivery outcomes (client-status.ts columnsFor).
const MT_STATUS_LABEL: Record<number, { zh: string; en: string }> = {
  0: { zh: '成功', en: 'Success' },
  100: { zh: '待审核', en: 'Pending review' },
  500: { zh: '等待回执', en: 'Waiting for report' },
  600: { zh: '未知', en: 'Unknown' },
  700: { zh: '失败', en: 'Failure' },
};
const statusText = (lang: 'zh' | 'en') => (r: MtRecord) => MT_STATUS_LABEL[r.mt_status]?.[lang] ?? String(r.mt_status);
const sourceText = (lang: 'zh' | 'en') => (r: MtRecord) => translate(lang, mtSourceLabel(r.source));

export function mtColumns(lang: 'zh' | 'en', prodType: number): Column<MtRecord>[] {
  const cols: Column<MtRecord>[] = [
    { label: { zh: '流水号', en: 'Serial number' }, value: 'sn', width: 30 },
    { label: { zh: '发送账号', en: 'Account' }, value: 'cus_id' },
    { label: { zh: '账号名称', en: 'Account name' }, value: 'cus_name' },
    { label: { zh: '手机号码', en: 'Phone number' }, value: 'decodeMobile' },
    { label: { zh: '短信内容', en: 'Content' }, value: 'decodeContent', width: 50 },
    { label: { zh: '发送状态', en: 'Status' }, value: statusText(lang), outcome: true },
    { label: { zh: '回执代码', en: 'Report code' }, value: 'report_result', outcome: true },
    { label: { zh: '回执描述', en: 'Report description' }, value: 'report_result_desc', outcome: true },
    { label: { zh: '提交时间', en: 'Submit time' }, value: 'receive_time', time: true, width: 20 },
    { label: { zh: '计费条数', en: 'Segments' }, value: 'segments' },
    { label: { zh: '来源', en: 'Source' }, value: sourceText(lang) },
  ];
  if (prodType === 1) {
    cols.push(
      { label: { zh: '国家', en: 'Country' }, value: 'countryName' },
      { label: { zh: '价格', en: 'Price' }, value: 'priceStr' },
      { label: SENDER_ID_LABEL, value: 'sender_id' },
    );
  }
  if (prodType === 2 || prodType === 6) {
    cols.push({
      label: prodType === 2 ? { zh: '主题', en: 'Subject' } : { zh: '模板名称', en: 'Template name' },
      value: 'titleStr',
    });
  }
  return cols;
}

export const MO_COLUMNS: Column<MoRecord>[] = [
  { label: { zh: '发送账号', en: 'Account' }, value: 'cus_id' },
  { label: { zh: '主叫号码', en: 'Caller number' }, value: 'src_calling_number' },
  { label: { zh: '手机号码', en: 'Phone number' }, value: 'decodeMobile' },
  { label: { zh: '上行内容', en: 'Reply content' }, value: 'decodeContent', width: 40 },
  { label: { zh: '下发内容', en: 'Sent content' }, value: 'decodeWholeContent', width: 40 },
  { label: { zh: '上行时间', en: 'Reply time' }, value: 'deliver_time', time: true, width: 20 },
  { label: { zh: '批次号', en: 'Batch id' }, value: 'batch_id', width: 30 },
  { label: { zh: '标签', en: 'Tag' }, value: 'tag' },
];

const SENDER_ID_LABEL = { zh: '发送方 ID', en: 'Sender id' };

/** International batches carry the sender id their send asked for; other product lines have none. */
export const batchColumns = (prodType: number): Column<Batch>[] =>
  prodType === 1 ? [...BATCH_COLUMNS, { label: SENDER_ID_LABEL, value: 'sender_id' }] : BATCH_COLUMNS;

export const BATCH_COLUMNS: Column<Batch>[] = [
  { label: { zh: '批次号', en: 'Batch id' }, value: 'batch_id', width: 30 },
  { label: { zh: '发送账号', en: 'Account' }, value: 'cus_id' },
  { label: { zh: '批次类型', en: 'Batch type' }, value: 'batch_type' },
  { label: { zh: '批次时间', en: 'Batch time' }, value: 'create_time', time: true, width: 20 },
  { label: { zh: '接收数', en: 'Received' }, value: 'receive_count' },
  { label: { zh: '待发数', en: 'Pending' }, value: 'wait_send_count' },
  { label: { zh: '已发数', en: 'Sent' }, value: 'sent_count' },
  { label: { zh: '成功数', en: 'Success' }, value: 'success_count', outcome: true },
  { label: { zh: '失败数', en: 'Failure' }, value: 'failure_count', outcome: true },
  { label: { zh: '未知数', en: 'Unknown' }, value: 'unknown_count', outcome: true },
  { label: { zh: '短信内容', en: 'Content' }, value: 'decodeContent', width: 50 },
];

export const TIME_MT_COLUMNS: Column<TimeMtMessage>[] = [
  { label: { zh: '手机号码', en: 'Phone number' }, value: 'decodeMobile' },
  { label: { zh: '发送状态', en: 'Send status' }, value: 'send_status' },
  { label: { zh: '定时批次号', en: 'Timed batch' }, value: 'time_batch', width: 30 },
  { label: { zh: '定时时间', en: 'Timing time' }, value: 'timing_time', time: true, width: 20 },
  { label: { zh: '创建时间', en: 'Created' }, value: 'create_time', time: true, width: 20 },
];

export const DIME_COLUMNS: Column<DimeRow>[] = [
  { label: { zh: '发送账号', en: 'Account' }, value: 'cus_id' },
  { label: { zh: '账号名称', en: 'Account name' }, value: 'cus_name' },
  { label: { zh: '发送总数', en: 'Sent' }, value: 'sent_count' },
  { label: { zh: '成功', en: 'Success' }, value: 'successUnionStr', outcome: true },
  { label: { zh: '失败', en: 'Failure' }, value: 'failureUnionStr', outcome: true },
  { label: { zh: '未知', en: 'Unknown' }, value: 'unknownUnionStr', outcome: true },
];
