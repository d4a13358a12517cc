import { describe, expect, it } from 'vitest';
import { MT_STATUS, REVIEW_TABLE, sendStatus, sendStatusText, withoutOutcome } from '../../contract/states';
import { ApiError } from '../http/api-error';
import type { Column } from '../lists/xlsx-export';
import {
  columnsFor,
  dimeOutcomeFor,
  hidesClientStatus,
  outcomeTotals,
  recordSourceFor,
  refuseStatusFilter,
  WITHHELD_SOURCES,
} from './client-status';
import { RECORD_SOURCES } from './sources';

// What a user whose showClientStatus is 0 is answered, in its pure parts; tests/api/client-status.test.ts asks the
// platform itself.
const hidden = { showClientStatus: 0 };
const shown = { showClientStatus: 1 };

describe('withholding delivery outcomes', () => {
  const record = (mt_status: number, extra: object = {}) => ({
    mt_status,
    report_result: mt_status === 0 ? 'DELIVRD' : 'UNDELIV',
    report_result_desc: 'desc',
    errDesc: 'err',
    table_name: 'mt_records',
    ...extra,
  });

  it('turns every outcome into the neutral sent state and drops the report', () => {
    for (const code of [MT_STATUS.submitted, MT_STATUS.timeout, MT_STATUS.failure, 999]) {
      const r = withoutOutcome(record(code));
      expect(r).toMatchObject({
        mt_status: MT_STATUS.sent,
        report_result: null,
        report_result_desc: null,
        errDesc: null,
      });
      expect(sendStatus(r)).toMatchObject({ kind: 'sent', severity: 'info', detail: null });
    }
    expect(sendStatusText('zh', withoutOutcome(record(MT_STATUS.failure)))).toBe('已发送');
    expect(sendStatusText('en', withoutOutcome(record(MT_STATUS.submitted)))).toBe('Sent');
  });

  it('keeps the states that are not outcomes', () => {
    expect(sendStatus(withoutOutcome(record(MT_STATUS.waiting))).kind).toBe('waiting');
    expect(sendStatus(withoutOutcome(record(MT_STATUS.pendingReview))).kind).toBe('pendingReview');
    expect(withoutOutcome(record(MT_STATUS.submitted, { table_name: REVIEW_TABLE }))).toMatchObject({
      mt_status: MT_STATUS.pendingReview,
      report_result: null,
    });
  });

  it('decides by showClientStatus alone', () => {
    expect(hidesClientStatus(hidden)).toBe(true);
    expect(hidesClientStatus(shown)).toBe(false);
    expect(recordSourceFor(shown, 'mtRecord')).toBe(RECORD_SOURCES.mtRecord);
    expect(recordSourceFor(hidden, 'mtRecord')).toBe(WITHHELD_SOURCES.mtRecord);
    // resources without outcomes are the same either way
    expect(recordSourceFor(hidden, 'moRecord')).toBe(RECORD_SOURCES.moRecord);
  });

  it('reads no outcome column in the withheld sources, and changes nothing else', () => {
    const raw =
      /\b(m\.mt_status|m\.report_result|m\.report_result_desc|m\.err_desc|[bs]\.(success|failure|unknown)_count)\b/;
    for (const r of ['mtRecord', 'batch', 'statistics'] as const) {
      const { select, ...rest } = WITHHELD_SOURCES[r];
      const { select: full, ...fullRest } = RECORD_SOURCES[r];
      expect(rest).toEqual(fullRest);
      expect(full).toMatch(/(report_result|success_count)/);
      // the mt_status case reads the column only to keep waiting and review
      expect(select.replace(/when m\.mt_status in \([^)]*\) then m\.mt_status/, '')).not.toMatch(raw);
    }
    expect(dimeOutcomeFor(hidden)).not.toMatch(/s\.(success|failure|unknown)_count/);
    expect(dimeOutcomeFor(shown)).toMatch(/sum\(s\.success_count\)/);
  });

  it('drops the outcome columns of a download, zeroes the totals and refuses a status filter', () => {
    const cols: Column<{ a: number; b: number }>[] = [
      { label: { zh: 'a', en: 'a' }, value: 'a' },
      { label: { zh: 'b', en: 'b' }, value: 'b', outcome: true },
    ];
    expect(columnsFor(hidden, cols).map((c) => c.value)).toEqual(['a']);
    expect(columnsFor(shown, cols)).toBe(cols);
    const totals = { receive: 4, sent: 3, success: 1, failure: 1, unknown: 1 };
    expect(outcomeTotals(hidden, totals)).toEqual({ receive: 4, sent: 3, success: 0, failure: 0, unknown: 0 });
    expect(outcomeTotals(shown, totals)).toBe(totals);
    expect(() => refuseStatusFilter(hidden, { mt_status: 700 })).toThrow(ApiError);
    expect(() => refuseStatusFilter(hidden, { mt_status: '' })).not.toThrow();
    expect(() => refuseStatusFilter(hidden, {})).not.toThrow();
    expect(() => refuseStatusFilter(shown, { mt_status: 700 })).not.toThrow();
  });
});
