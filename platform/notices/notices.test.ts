import { describe, expect, it } from 'vitest';
import { NOTICE_PARAM_MAX, noticeLinkSchema } from '../../contract/notice.schema';
import { batchLink, RECHARGE_LINK, SUB_ACCOUNT_LINK, TEMPLATE_LINKS } from './notice-links';
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
    for (const l of [batchLink(0, '01J0ABC'), RECHARGE_LINK, SUB_ACCOUNT_LINK, ...Object.values(TEMPLATE_LINKS)]) expect(noticeLinkSchema.parse(l)).toBe(l);
    for (const bad of ['javascript:alert(1)', '//evil.example/x', 'https://evil.example', '/a?x=<b>', '/a b', '//evil/x'])
      expect(noticeLinkSchema.safeParse(bad).success).toBe(false);
  });
});
