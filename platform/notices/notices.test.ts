import { describe, expect, it } from 'vitest';
import { NOTICE_PARAM_MAX, noticeLinkSchema } from '../../contract/notice.schema';
import { batchLink, RECHARGE_LINK, SUB_ACCOUNT_LINK, TEMPLATE_LINKS } from './notice-links';
import { batchDoneNotice } from '../messaging/stats';
import { clipParams } from './notices';

describe('notice parameters and links', () => {
  it('cuts long strings to the bound on a code point, leaves numbers and short strings', () => {
    const long = '😀'.repeat(NOTICE_PARAM_MAX + 5);
    const out = clipParams({ name: long, n: 12, s: 'short' });
    expect([...(out.name as string)]).toHaveLength(NOTICE_PARAM_MAX);
    expect((out.name as string).endsWith('…')).toBe(true);
    expect(out).toMatchObject({ n: 12, s: 'short' });
  });

  it('links each batch to the screen of its product line, filtered to it', () => {
    expect(batchLink(0, 'B1')).toBe('/dataGatheringBatchList?batch_id=B1');
    expect(batchLink(1, 'B1')).toBe('/inteDataGatheringBatchList?batch_id=B1');
    expect(batchLink(2, 'B1')).toBe('/videoMtRecordList?batch_id=B1');
    expect(batchLink(6, 'B1')).toBe('/cspMtRecordList?batch_id=B1');
  });

  it('makes only links the contract accepts: console paths, never another site or a script', () => {
    for (const l of [batchLink(0, '01J0ABC'), RECHARGE_LINK, SUB_ACCOUNT_LINK, ...Object.values(TEMPLATE_LINKS)])
      expect(noticeLinkSchema.parse(l)).toBe(l);
    for (const bad of [
      'javascript:alert(1)',
      '//evil.example/x',
      'https://evil.example',
      '/a?x=<b>',
      '/a b',
      '//evil/x',
    ])
      expect(noticeLinkSchema.safeParse(bad).success).toBe(false);
  });
});

describe('the notice of a finished batch', () => {
  const b = {
    batch_id: 'B1',
    cus_id: 'SUB001',
    prod_type: 1,
    receive_count: 3,
    success_count: 2,
    failure_count: 1,
    unknown_count: 0,
  };
  it('says finished with its counts when any record was delivered, failed when none was', () => {
    expect(batchDoneNotice(b)).toEqual({
      cusId: 'SUB001',
      kind: 'batchFinished',
      params: { batchId: 'B1', total: 3, success: 2, failure: 1, unknown: 0 },
      link: '/inteDataGatheringBatchList?batch_id=B1',
    });
    expect(batchDoneNotice({ ...b, success_count: 0, failure_count: 2, unknown_count: 1 }).kind).toBe('batchFailed');
  });
});
