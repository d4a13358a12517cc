import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// What the on/off benches share (the policy checks, the metrics): a bench run as a child process with its section
// left alone and its JSON figures read back, and their own section of BENCHMARKS.md replaced between its markers.
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const tsx = join(ROOT, 'node_modules', '.bin', 'tsx');

/** Runs bench/<script> with --no-section and answers the JSON it prints last. */
export function runBenchForFigures(script: string, args: string[], env: Record<string, string> = {}): any {
  const out = execFileSync(tsx, [join(ROOT, 'bench', script), ...args, '--no-section'], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 64 << 20,
  });
  return JSON.parse(out.slice(out.indexOf('{')));
}

/** Replaces the text between `<!-- bench:<tag>:begin -->` and its end marker, or adds the section under `heading`. */
export function writeBenchSection(tag: string, heading: string, body: string[]): void {
  const file = join(ROOT, 'BENCHMARKS.md');
  const lines = [`<!-- bench:${tag}:begin -->`, ...body, `<!-- bench:${tag}:end -->`].join('\n');
  const md = readFileSync(file, 'utf8');
  const marked = new RegExp(`<!-- bench:${tag}:begin -->[\\s\\S]*?<!-- bench:${tag}:end -->`);
  writeFileSync(
    file,
    marked.test(md) ? md.replace(marked, () => lines) : `${md.trimEnd()}\n\n## ${heading}\n\n${lines}\n`,
  );
}

/** Runs each side `rounds` times, off first, alternating, and answers every side's best figure and their ratio. */
export function alternate<K extends string>(
  rounds: number,
  keys: readonly K[],
  run: (side: 'on' | 'off') => Record<K, number>,
) {
  const on: Record<K, number>[] = [];
  const off: Record<K, number>[] = [];
  for (let i = 0; i < rounds; i++) {
    off.push(run('off'));
    on.push(run('on'));
  }
  const best = (xs: Record<K, number>[], k: K) => Math.max(...xs.map((x) => x[k]));
  const rows = keys.map((k) => ({
    k,
    on: best(on, k),
    off: best(off, k),
    ratio: Number((best(on, k) / best(off, k)).toFixed(3)),
  }));
  return { on, off, rows };
}
