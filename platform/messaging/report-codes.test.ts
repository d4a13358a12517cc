import { describe, expect, it } from 'vitest';
import { FAILURE_REPORTS } from './simulator';
import { explainReport, reportLabel } from '../../contract/report-codes';

describe('explainReport', () => {
  it('explains every code the simulator sends, in both languages, with no Chinese in English', () => {
    for (const r of FAILURE_REPORTS) {
      expect(explainReport('zh', r.code, r.desc)).toContain(r.desc.slice(0, 2));
      expect(explainReport('en', r.code, r.desc)).not.toMatch(/[\u4e00-\u9fff]/);
    }
    expect(explainReport('en', '0', 'DELIVRD')).toBe('Delivered to the handset');
    expect(explainReport('en', null, '状态报告超时')).toBe('No delivery report in time');
  });
  it('falls back to the carrier text, then the code, then null', () => {
    expect(explainReport('en', 'X:1', 'odd')).toBe('odd');
    expect(explainReport('en', 'X:1', null)).toBe('X:1');
    expect(explainReport('zh', null, null)).toBeNull();
  });
});

describe('reportLabel', () => {
  it('is the short name: the same Chinese words the carrier sent, English words on English screens', () => {
    for (const r of FAILURE_REPORTS) expect(reportLabel('zh', r.code, r.desc)).toBe(r.desc);
    expect(reportLabel('en', 'UNDELIV', '空号')).toBe('Unassigned number');
    expect(reportLabel('en', 'X:1', 'odd')).toBe('odd');
  });
});
