import { describe, expect, it } from 'vitest';
import type { MtRecord } from '../../contract/records.schema';
import { timelineOf } from './mt-timeline';

const base = {
  receive_time: 1_700_000_000_000,
  table_name: 'mt',
  report_result: null,
  report_result_desc: null,
  errDesc: null,
} as MtRecord;
const steps = (r: Partial<MtRecord>, lang: 'zh' | 'en' = 'en') => timelineOf({ ...base, ...r }, lang);

describe('timelineOf', () => {
  it('stops at review while the record is pending review', () => {
    expect(steps({ mt_status: 100 }).map((s) => s.step)).toEqual(['submitted', 'review']);
    expect(steps({ mt_status: 0, table_name: 'review' }).map((s) => s.step)).toEqual(['submitted', 'review']);
  });
  it('shows sent to the carrier while waiting for the report', () => {
    const t = steps({ mt_status: 500 });
    expect(t.map((s) => s.step)).toEqual(['submitted', 'sent']);
    expect(t[0].time).toBe(base.receive_time);
  });
  it('ends with the report, its code and a plain explanation in the language', () => {
    const ok = steps({ mt_status: 0, report_result: '0', report_result_desc: 'DELIVRD' });
    expect(ok.at(-1)).toMatchObject({ step: 'report', code: '0', ok: true, text: 'Delivered to the handset' });
    const failed = steps({ mt_status: 700, report_result: 'UNDELIV', report_result_desc: '空号' }, 'en');
    expect(failed.at(-1)).toMatchObject({ step: 'report', code: 'UNDELIV', ok: false });
    expect(failed.at(-1)?.text).not.toMatch(/[\u4e00-\u9fff]/);
    expect(
      steps({ mt_status: 700, report_result: 'UNDELIV', report_result_desc: '空号' }, 'zh').at(-1)?.text,
    ).toContain('空号');
  });
  it('ends with the timeout, explained', () => {
    expect(steps({ mt_status: 600, report_result_desc: '状态报告超时' }).at(-1)).toMatchObject({
      step: 'timeout',
      text: 'No delivery report in time',
    });
  });
});
