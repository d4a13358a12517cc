import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawTokens } from '../../platform/messaging/rate-bucket';
import { STATUS } from '../../platform/smpp-wire/command-status';
import { shortMessagePdu, type Pdu } from '../../platform/smpp-wire/pdu-types';
import { DB_KINDS, startPlatform, type TestPlatform } from '../helpers/platform';
import { FAST_SIMULATOR } from './send.fixtures';
import { SMPP_TEST_ACCOUNT, bindTestAccount, smppTestAccount } from './smpp.fixtures';

// An account's max speed is one bucket for SMPP and the HTTP API: what one door takes, the other cannot. The speed
// here is one token per 100 s, so no token comes back while a test runs; the HTTP door's draw is its own function.

const submit = () =>
  shortMessagePdu('submit_sm', {
    sourceAddr: SMPP_TEST_ACCOUNT.sourceAddr,
    destinationAddr: '13900000601',
    shortMessage: Buffer.from('rate'),
  }) as unknown as Pdu;
const RATE = 0.01;

describe.each(DB_KINDS)('one max speed for SMPP and HTTP on %s', (kind) => {
  let p: TestPlatform;
  beforeAll(async () => {
    p = await startPlatform(kind, { smppPort: 'auto', simulator: FAST_SIMULATOR, logLevel: 'error' });
    await smppTestAccount(p);
    await p.ctx.db.query(
      `update accounts set options = options || '{"maxSpeed": ${RATE}}'::jsonb where cus_id = 'SUB001'`,
    );
  });
  afterAll(async () => p?.close());

  it('throttles SMPP once HTTP took the bucket, and HTTP once SMPP took it', async () => {
    // HTTP takes the whole bucket
    expect(await drawTokens(p.ctx.db, 'SUB001', RATE, 1, p.ctx.now())).toBe(0);
    const { peer } = await bindTestAccount(p, 'bind_transmitter');
    expect((await peer.call(submit())).commandStatus).toBe(STATUS.RTHROTTLED);
    peer.end();
    // a fresh bucket: SMPP's bind reserves it and its submit uses it; HTTP finds nothing left
    await p.ctx.db.query("delete from http_rate_buckets where cus_id = 'SUB001'");
    const { peer: again } = await bindTestAccount(p, 'bind_transmitter');
    expect((await again.call(submit())).commandStatus).toBe(STATUS.ROK);
    expect(await drawTokens(p.ctx.db, 'SUB001', RATE, 1, p.ctx.now())).toBeGreaterThan(0);
    again.end();
  });
});
