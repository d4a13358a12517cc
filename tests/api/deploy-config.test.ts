import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMetrics } from '../../platform/metrics/metrics';
import { PROMTOOL } from '../helpers/prom-text';

// The files of deploy/ as their own tools read them (promtool, haproxy; both test prerequisites), and every series
// the alerts and the dashboard name is one the platform serves.

const ROOT = join(import.meta.dirname, '..', '..');
const HAPROXY = '/usr/sbin/haproxy';
const at = (file: string) => join(ROOT, 'deploy', file);

function run(cmd: string, args: string[]): { code: number | null; out: string } {
  const r = spawnSync(cmd, args, { encoding: 'utf8' });
  if (r.error) throw new Error(`${cmd} did not run (scripts/ensure-test-prereqs.sh installs it): ${r.error.message}`);
  return { code: r.status, out: `${r.stdout}${r.stderr}` };
}

describe('deploy/', () => {
  it('alert rules and the Prometheus configuration pass promtool', () => {
    const rules = run(PROMTOOL, ['check', 'rules', at('alerts.yml')]);
    expect(rules.code, rules.out).toBe(0);
    const config = run(PROMTOOL, ['check', 'config', at('prometheus.yml')]);
    expect(config.code, config.out).toBe(0);
  });

  it('the HAProxy configuration passes haproxy -c: HTTP checked on /ready, SMPP on the same instance’s /ready', () => {
    const r = run(HAPROXY, ['-c', '-f', at('haproxy.cfg')]);
    expect(r.code, r.out).toBe(0);
    const cfg = readFileSync(at('haproxy.cfg'), 'utf8');
    expect(cfg.match(/option httpchk GET \/ready/g)).toHaveLength(2);
    expect(cfg).toMatch(/server sms1 127\.0\.0\.1:2776 check port 8081/);
  });

  it('names only series the platform serves', () => {
    const metrics = createMetrics({ query: async () => [] }, () => new Date());
    const text = readFileSync(at('alerts.yml'), 'utf8') + readFileSync(at('grafana-dashboard.json'), 'utf8');
    const named = new Set(text.match(/\bsms_[a-z_]+/g) ?? []);
    expect(named.size).toBeGreaterThan(8);
    for (const name of named) {
      const base = name.replace(/_(bucket|count|sum)$/, '');
      expect(metrics.registry.getSingleMetric(base) ?? metrics.registry.getSingleMetric(name), name).toBeDefined();
    }
    const dashboard = JSON.parse(readFileSync(at('grafana-dashboard.json'), 'utf8')) as {
      panels: Array<{ targets: Array<{ expr: string }> }>;
    };
    expect(dashboard.panels.length).toBeGreaterThan(0);
  });
});
