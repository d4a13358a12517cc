import { describe, expect, it } from 'vitest';
import { finalReport, refusedReport, VALIDITY_OVER } from '../carriers/carrier-reports';
import { receiptStat } from './receipt-queue';

// The stat an SMPP client's receipt carries is the one the carrier gave, whatever words the console shows for it.
describe('receiptStat', () => {
  const of = (r: { mt_status: number; report_result: string | null; report_result_desc: string | null }) =>
    receiptStat({ sn: 'x', ...r });

  it("passes on a carrier receipt's own failure word", () => {
    for (const word of ['REJECTD', 'UNDELIV', 'DELETED', 'UNKNOWN', 'EXPIRED'])
      expect(of(finalReport(700, [`${word} 045`]))).toBe(word);
  });

  it('says DELIVRD for a delivered record, EXPIRED for one that outlived its validity or its receipt wait', () => {
    expect(of(finalReport(0, []))).toBe('DELIVRD');
    expect(of(finalReport(600, []))).toBe('EXPIRED');
    expect(of(VALIDITY_OVER)).toBe('EXPIRED');
  });

  it('says UNDELIV for a submit the carrier refused, and REJECTD for a record the platform itself rejected', () => {
    expect(of(refusedReport('a', 0x45))).toBe('UNDELIV');
    expect(of({ mt_status: 700, report_result: null, report_result_desc: 'REJECTD' })).toBe('REJECTD');
  });
});
