import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startSimulatorCarrier } from './simulator-carrier';

const canConnect = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });

describe('the simulator carrier in its own process', () => {
  it('listens on loopback once started, and is gone once closed', async () => {
    const smsc = await startSimulatorCarrier({
      simulator: { reviewMs: 10, reportMs: 10, successRate: 1, failureRate: 0, replyRate: 0 },
      systemId: 'platform',
      password: 'pw',
      windowSize: 10,
      log: { warn: () => undefined },
    });
    expect(smsc.port).toBeGreaterThan(0);
    expect(await canConnect(smsc.port)).toBe(true);
    await smsc.close();
    expect(await canConnect(smsc.port)).toBe(false);
    // closing twice is harmless (the platform's close and a failed start may both ask)
    await smsc.close();
  }, 60_000);
});
