import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

// Reading a Prometheus text exposition in tests: promtool (Debian's prometheus package, a test prerequisite) checks
// the format, and a strict line reader gives the samples' values.

export const PROMTOOL = '/usr/bin/promtool';

/** `promtool check metrics` over `text`: its exit code and the problems it printed. Exit 3 means lint findings only
 * (the text parsed). */
export function promtoolCheck(text: string): { code: number; problems: string[] } {
  if (!existsSync(PROMTOOL))
    throw new Error(`${PROMTOOL} is missing: run scripts/ensure-test-prereqs.sh (Debian package prometheus)`);
  const r = spawnSync(PROMTOOL, ['check', 'metrics'], { input: text, encoding: 'utf8' });
  const problems = `${r.stdout}${r.stderr}`.split('\n').filter(Boolean);
  return { code: r.status ?? -1, problems };
}

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

// values as Prometheus reads them: Go floats, NaN and Inf in any letter case (prom-client writes `Nan`)
const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?[0-9.eE+-]+|[Nn][Aa][Nn]|[+-]?[Ii][Nn][Ff])(?: -?\d+)?$/;
const LABEL = /\s*([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*(?:,|$)/y;

/** Every sample of the exposition; throws on a line that is neither a comment nor a sample. */
export function parseSamples(text: string): Sample[] {
  const out: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const m = SAMPLE.exec(line);
    if (!m) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    const body = m[2] ?? '';
    LABEL.lastIndex = 0;
    while (LABEL.lastIndex < body.length) {
      const at = LABEL.lastIndex;
      const l = LABEL.exec(body);
      if (!l || LABEL.lastIndex === at) throw new Error(`bad labels in: ${line}`);
      labels[l[1]] = l[2].replace(/\\n/g, '\n').replace(/\\"/g, '"').replace(/\\\\/g, '\\');
    }
    out.push({
      name: m[1],
      labels,
      value: /^[+-]?inf$/i.test(m[3]) ? (m[3].startsWith('-') ? -Infinity : Infinity) : Number(m[3]),
    });
  }
  return out;
}

/** The sum of the samples named `name` whose labels include `labels`; null when there is none. */
export function valueOf(samples: Sample[], name: string, labels: Record<string, string> = {}): number | null {
  const hits = samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  return hits.length === 0 ? null : hits.reduce((sum, s) => sum + s.value, 0);
}
