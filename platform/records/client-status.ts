import { MT_STATUS, MT_STATUS_NOT_OUTCOME, REVIEW_TABLE } from '../../contract/states';
import type { CurrentUser } from '../core/current-user';
import { badRequest } from '../http/api-error';
import type { FeedSource } from '../feed/feed-source';
import type { Column } from '../lists/xlsx-export';
import { batchSelect, mtSelect, RECORD_SOURCES, statisticsSelect, type RecordFeed } from './sources';
import { DIME_OUTCOME_COLS } from './summaries';

// Whether a console user sees delivery outcomes (users.show_client_status), and what the platform answers one who does
// not: every list, download, feed pull, summary and dashboard of the console reads its sources through here, so the
// console's own hiding is never what keeps an outcome from such a user.
//
// Withheld forms:
// - send records: an outcome (success, timeout/unknown, failure, or any code not named) is the neutral MT_STATUS.sent;
//   pending review and waiting for the report stay, as they are not outcomes; the report code, its description and
//   the error description are null.
// - batches and statistics: the success, failure and unknown counts are 0 and the "count (ratio%)" cells are empty
//   strings. 0 keeps the documents' integer fields valid for the browser's local copy; an empty cell, not "0 (0.00%)",
//   so that nothing reads as a ratio that was measured.
// The integrator HTTP API and SMPP answer an account, not a console user, and are not touched.

/** true when the user may not see delivery outcomes. */
export const hidesClientStatus = (user: Pick<CurrentUser, 'showClientStatus'>) => user.showClientStatus === 0;

/** The mt record outcome columns as withheld (see above). */
export const MT_OUTCOME_WITHHELD = `case when m.table_name = '${REVIEW_TABLE}' then ${MT_STATUS.pendingReview}
      when m.mt_status in (${MT_STATUS_NOT_OUTCOME.join(', ')}) then m.mt_status else ${MT_STATUS.sent} end as mt_status,
      null::text as report_result, null::text as report_result_desc, null::text as "errDesc"`;

const COUNTS_WITHHELD = '0 as success_count, 0 as failure_count, 0 as unknown_count';
const UNIONS_WITHHELD = `'' as "successUnionStr", '' as "failureUnionStr", '' as "unknownUnionStr"`;

/** The record sources with their outcome columns withheld; the other resources carry no outcome. */
export const WITHHELD_SOURCES: Record<RecordFeed, FeedSource> = {
  ...RECORD_SOURCES,
  mtRecord: { ...RECORD_SOURCES.mtRecord, select: mtSelect(MT_OUTCOME_WITHHELD) },
  batch: { ...RECORD_SOURCES.batch, select: batchSelect(COUNTS_WITHHELD) },
  statistics: { ...RECORD_SOURCES.statistics, select: statisticsSelect(`${COUNTS_WITHHELD}, ${UNIONS_WITHHELD}`) },
};

/** The source of a record resource as this user is answered it. */
export const recordSourceFor = (user: Pick<CurrentUser, 'showClientStatus'>, resource: RecordFeed): FeedSource =>
  (hidesClientStatus(user) ? WITHHELD_SOURCES : RECORD_SOURCES)[resource];

/** The outcome columns of the per-account statistics totals as this user is answered them. */
export const dimeOutcomeFor = (user: Pick<CurrentUser, 'showClientStatus'>) =>
  hidesClientStatus(user) ? `${COUNTS_WITHHELD}, ${UNIONS_WITHHELD}` : DIME_OUTCOME_COLS;

/** A download's columns for this user: the ones marked `outcome` go when outcomes are withheld. */
export const columnsFor = <R>(user: Pick<CurrentUser, 'showClientStatus'>, columns: Column<R>[]): Column<R>[] =>
  hidesClientStatus(user) ? columns.filter((c) => !c.outcome) : columns;

/** Refuses a filter on the send status from a user who may not see outcomes: filtering by outcome would reveal it. */
export function refuseStatusFilter(user: Pick<CurrentUser, 'showClientStatus'>, body: Record<string, unknown>): void {
  if (hidesClientStatus(user) && body.mt_status !== undefined && body.mt_status !== null && body.mt_status !== '') {
    throw badRequest('records.statusHidden', {}, 'mt_status');
  }
}

/** Success, failure and unknown totals as this user is answered them. */
export const outcomeTotals = <T extends { success: number; failure: number; unknown: number }>(
  user: Pick<CurrentUser, 'showClientStatus'>,
  t: T,
): T => (hidesClientStatus(user) ? { ...t, success: 0, failure: 0, unknown: 0 } : t);
