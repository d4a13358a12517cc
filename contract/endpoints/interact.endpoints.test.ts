import { describe, expect, it } from 'vitest';
import { messageInteractListEndpoint, messageInteractSendEndpoint } from './interact.endpoints';

describe('interact endpoints', () => {
  it('the conversation call is not flagged as needing a token (spec §7)', () => {
    expect(messageInteractListEndpoint.auth).toBe('none');
    expect(messageInteractListEndpoint.request.parse({ cus_id: 'c1', decodeMobile: '13800138000' }).limit).toBe(100);
  });
  it('a reply needs a mobile and content', () => {
    expect(
      messageInteractSendEndpoint.request.safeParse({ cus_id: 'c1', decodeMobile: '13800138000', content: ' ' }).error
        ?.issues[0].message,
    ).toBe('v.interact.contentRequired');
    expect(
      messageInteractSendEndpoint.request.safeParse({ cus_id: 'c1', decodeMobile: '4008001234', content: 'hi' }).error
        ?.issues[0].message,
    ).toBe('v.mobile.invalid');
  });
});
