import { createServer, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { configFromEnv } from './core/config';
import { checkPortsFree, databaseName, startFailure } from './lifecycle';
import { StartError } from './server';

const config = configFromEnv({ PORT: '8080', SMPP_PORT: '2775' });
const inUse = (port: number) =>
  Object.assign(new Error(`listen EADDRINUSE: address already in use 0.0.0.0:${port}`), { code: 'EADDRINUSE', port });

describe('the line a failed start ends with', () => {
  it('names the port in use and which one it is', () => {
    expect(startFailure('http', inUse(8080), config).line).toBe('start failed: HTTP port 8080 is in use (PORT)');
    expect(startFailure('platform', inUse(2775), config).line).toBe(
      'start failed: SMPP port 2775 is in use (SMPP_PORT)',
    );
  });

  it('names a migration that failed', () => {
    const err = new StartError('database migration failed: relation "x" does not exist');
    expect(startFailure('platform', err, config).line).toBe(
      'start failed: database migration failed: relation "x" does not exist',
    );
  });

  it('keeps each bad field of a carriers file on the lines before the last', () => {
    const err = new Error(
      '/etc/carriers.json is not a valid carriers file:\n  carriers.0.host: Required\n  routes.1.carrier: unknown',
    );
    const { details, line } = startFailure('platform', err, config);
    expect(details).toEqual(['  carriers.0.host: Required', '  routes.1.carrier: unknown']);
    expect(line).toBe('start failed: /etc/carriers.json is not a valid carriers file');
  });

  it('names the database without its password', () => {
    const pg = configFromEnv({ DATABASE_URL: 'postgres://sms:secret@db.example:5432/sms' });
    expect(databaseName(pg)).toBe('PostgreSQL at db.example:5432/sms');
    const { line } = startFailure('database', new Error('connect ECONNREFUSED 10.0.0.1:5432'), pg);
    expect(line).toBe(
      'start failed: database unreachable (PostgreSQL at db.example:5432/sms): connect ECONNREFUSED 10.0.0.1:5432',
    );
    expect(line).not.toContain('secret');
  });
});

describe('the ports checked before a start', () => {
  it('names the metrics port when it is the one in use', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as AddressInfo).port;
    try {
      const cfg = configFromEnv({ HOST: '127.0.0.1', PORT: '0', SMPP_PORT: '0', METRICS_PORT: String(port) });
      const err = await checkPortsFree(cfg).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(StartError);
      expect(startFailure('platform', err, cfg).line).toBe(
        `start failed: metrics port ${port} is in use (METRICS_PORT)`,
      );
    } finally {
      taken.close();
    }
  });
});
