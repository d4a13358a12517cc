import { describe, expect, it } from 'vitest';
import { configFromEnv } from './config';

describe('METRICS_PORT', () => {
  it('defaults to 9464, turns off with 0 and takes a port or auto; anything else stops the start', () => {
    expect(configFromEnv({}).metricsPort).toBe(9464);
    expect(configFromEnv({ METRICS_PORT: '0' }).metricsPort).toBeNull();
    expect(configFromEnv({ METRICS_PORT: '9100' }).metricsPort).toBe(9100);
    expect(configFromEnv({ METRICS_PORT: 'auto' }).metricsPort).toBe('auto');
    for (const bad of ['metrics', '65536', '-1'])
      expect(() => configFromEnv({ METRICS_PORT: bad }), bad).toThrow(/METRICS_PORT must be a port/);
  });
});

describe('SMPP_PORT', () => {
  it('defaults to 2775, turns off with 0 and takes a port or auto', () => {
    expect(configFromEnv({}).smppPort).toBe(2775);
    expect(configFromEnv({ SMPP_PORT: '' }).smppPort).toBe(2775);
    expect(configFromEnv({ SMPP_PORT: '0' }).smppPort).toBeNull();
    expect(configFromEnv({ SMPP_PORT: ' 2776 ' }).smppPort).toBe(2776);
    expect(configFromEnv({ SMPP_PORT: 'AUTO' }).smppPort).toBe('auto');
  });

  it('stops the start with the reason when it is no port, rather than running without the server', () => {
    for (const bad of ['smpp', '70000', '-1', '27.5', 'off'])
      expect(() => configFromEnv({ SMPP_PORT: bad }), bad).toThrow(/SMPP_PORT must be a port/);
  });

  it('sends to the simulator as an SMSC by default, to a carriers file when one is named, and in process only when asked', () => {
    expect(configFromEnv({}).carriers).toEqual({ source: 'simulator-smsc' });
    expect(configFromEnv({ CARRIERS_FILE: ' /etc/carriers.json ' }).carriers).toEqual({
      source: 'file',
      file: '/etc/carriers.json',
    });
    expect(configFromEnv({ CARRIERS: 'In-Process' }).carriers).toEqual({ source: 'in-process' });
    expect(() => configFromEnv({ CARRIERS: 'smsc' })).toThrow(/CARRIERS must be/);
  });
});
