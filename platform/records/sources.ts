import type { FeedResource } from '../../contract/endpoints/feed.endpoints';
import type { LibraryFeed } from '../../contract/endpoints/library-feed.endpoints';
import { feedCols, type FeedSource } from '../feed/feed-source';
import { ms } from '../lists/list-query';

// Each replicated resource as SQL: the select list yields its contract document (records.schema.ts), so lists,
// downloads and the change feed answer the same shape. `base` hides tombstones from lists; the feed keeps them.

/** `count (ratio%)` of the statistics tables, ratio over the sent count, two decimals. */
export const unionSql = (count: string, of: string) =>
  `(${count})::text || ' (' || to_char(case when (${of}) > 0 then (${count}) * 100.0 / (${of}) else 0 end, 'FM990.00') || '%)'`;

// The delivery outcome columns of the send records, batches and statistics are apart from the rest of their select
// lists, so that client-status.ts can put their withheld forms in for a user who may not see outcomes.

/** mt_status and the report columns. */
export const MT_OUTCOME_COLS = `m.mt_status, m.report_result, m.report_result_desc, m.err_desc as "errDesc"`;
export const mtSelect = (
  outcome: string,
) => `m.sn, m.prod_type, m.cus_id, a.cus_name, m.batch_id, m.mobile as "decodeMobile",
      m.content as "decodeContent", ${outcome}, m.table_name, ${ms('m.receive_time')} as receive_time, m.month,
      m.segments, m.price, to_char(m.price, 'FM9999999990.0000') as "priceStr", m.country_name as "countryName",
      m.country_code as "countryCode", m.title as "titleStr", m.receive_content, sb.sender_id, m.source, ${feedCols('m')}`;

/** a batch's success, failure and unknown counts. */
export const BATCH_OUTCOME_COLS = 'b.success_count, b.failure_count, b.unknown_count';
export const batchSelect = (
  outcome: string,
) => `b.batch_id, b.prod_type, b.batch_type, ${ms('b.create_time')} as create_time, b.receive_count,
      greatest(b.receive_count - b.sent_count, 0) as wait_send_count, b.sent_count, ${outcome}, b.cus_id, a.cus_name,
      b.content as "decodeContent", b.sender_id, ${feedCols('b')}`;

/** a statistics row's success, failure and unknown counts and their "count (ratio%)" cells. */
export const STAT_OUTCOME_COLS = `s.success_count, s.failure_count, s.unknown_count, ${unionSql('s.success_count', 's.sent_count')} as "successUnionStr",
      ${unionSql('s.failure_count', 's.sent_count')} as "failureUnionStr", ${unionSql('s.unknown_count', 's.sent_count')} as "unknownUnionStr"`;
export const statisticsSelect = (outcome: string) => `s.id, s.kind, s.prod_type, s.gathering_time, s.cus_id, a.cus_name,
      s.country_name as "countryName", s.sent_count, ${outcome}, ${feedCols('s')}`;

/** The replicated resources of the records area (the library's are in library/sources.ts, the notices' in
 * notices/notice-rows.ts, the blacklist's in messaging). */
export type RecordFeed = Exclude<FeedResource, LibraryFeed | 'notice' | 'blacklist'>;

export const RECORD_SOURCES: Record<RecordFeed, FeedSource> = {
  mtRecord: {
    table: 'mt_records',
    alias: 'm',
    // the sender id is the batch's (one per send): read through its primary key, one lookup per row shown or pulled
    from: 'mt_records m join accounts a on a.cus_id = m.cus_id left join batches sb on sb.batch_id = m.batch_id',
    countFrom: 'mt_records m',
    select: mtSelect(MT_OUTCOME_COLS),
    scope: 'm.cus_id',
    time: 'm.receive_time',
    key: 'm.sn',
    horizon: 'm.receive_time',
    base: 'm.deleted = false',
  },
  moRecord: {
    table: 'mo_records',
    alias: 'o',
    from: 'mo_records o join accounts a on a.cus_id = o.cus_id',
    countFrom: 'mo_records o',
    select: `o.sn, o.prod_type, o.cus_id, a.cus_name, o.src_calling_number, o.mobile as "decodeMobile", o.content as "decodeContent",
      o.whole_content as "decodeWholeContent", ${ms('o.deliver_time')} as deliver_time, o.batch_id, o.tag, ${feedCols('o')}`,
    scope: 'o.cus_id',
    time: 'o.deliver_time',
    key: 'o.sn',
    horizon: 'o.deliver_time',
    base: 'o.deleted = false',
  },
  batch: {
    table: 'batches',
    alias: 'b',
    from: 'batches b join accounts a on a.cus_id = b.cus_id',
    countFrom: 'batches b',
    select: batchSelect(BATCH_OUTCOME_COLS),
    scope: 'b.cus_id',
    time: 'b.create_time',
    key: 'b.batch_id',
    horizon: 'b.create_time',
    base: 'b.deleted = false',
  },
  timeBatch: {
    table: 'time_batches',
    alias: 'tb',
    from: 'time_batches tb join accounts a on a.cus_id = tb.cus_id',
    countFrom: 'time_batches tb',
    select: `tb.time_batch, tb.cus_id, a.cus_name, tb.prod_type, tb.batch_count, tb.batch_type, tb.send_status,
      ${ms('tb.timing_time')} as timing_time, ${ms('tb.create_time')} as create_time, tb.content as "decodeContent", ${feedCols('tb')}`,
    scope: 'tb.cus_id',
    time: 'tb.create_time',
    key: 'tb.time_batch',
    horizon: 'tb.create_time',
    base: 'tb.deleted = false',
  },
  timeMtMessage: {
    table: 'time_mt_messages',
    alias: 'tm',
    from: 'time_mt_messages tm',
    select: `tm.sn, tm.mobile as "decodeMobile", tm.send_status, tm.time_batch, ${ms('tm.timing_time')} as timing_time,
      ${ms('tm.create_time')} as create_time, tm.cus_id, ${feedCols('tm')}`,
    scope: 'tm.cus_id',
    time: 'tm.create_time',
    key: 'tm.sn',
    horizon: 'tm.create_time',
    base: 'tm.deleted = false',
  },
  statistics: {
    table: 'stat_rows',
    alias: 's',
    from: 'stat_rows s join accounts a on a.cus_id = s.cus_id',
    countFrom: 'stat_rows s',
    select: statisticsSelect(STAT_OUTCOME_COLS),
    scope: 's.cus_id',
    time: 's.gathering_time',
    key: 's.id',
    horizon: 's.updated_at',
    base: 's.deleted = false',
  },
  // short links (platform/short-links): one row per code; the tool's links have no mobile
  shortLink: {
    table: 'short_links',
    alias: 'l',
    from: 'short_links l join accounts a on a.cus_id = l.cus_id',
    countFrom: 'short_links l',
    select: `l.sn, l.cus_id, a.cus_name, coalesce(l.batch_id, '') as batch_id, coalesce(l.mobile, '') as "decodeMobile", l.content as "decodeContent",
      l.long_url as "mtLonglink", l.short_url as "shortLink", ${ms('l.create_time')} as create_time, ${ms('l.expires_at')} as expire_time,
      ${ms('l.click_time')} as click_time, l.osystem, l.browser, l.click_status, l.click_count, ${feedCols('l')}`,
    scope: 'l.cus_id',
    time: 'l.create_time',
    key: 'l.sn',
    horizon: 'l.create_time',
    base: 'l.deleted = false',
  },
};
