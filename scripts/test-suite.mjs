#!/usr/bin/env node
// `npm test`: every stage of the suite, in groups of lanes. The lanes of a group run side by side, each line of their
// output prefixed with the stage's name; the stages of a lane run one after another, each once the one before it has
// passed; a group starts when the one before it has passed. At the end, and whatever failed, a table says how long
// each stage and group took, so anyone can see where the time goes.
//
// The checks that read the sources (lint, types) and the console's build each keep about one core busy, so they share
// the first group, and the unit tests follow the build in its lane (the quickest of the three), beside lint and types.
// The API and end-to-end tests each spread over both cores themselves (vitest.config.ts, playwright.config.ts); beside
// one another on two cores they starve each other into timeouts (beside the end-to-end run the unit tests took about
// nine times as long), so each has the machine to itself.
import { spawn } from 'node:child_process';

const GROUPS = [
  [
    [['lint', 'npm run lint']],
    [['types', 'npm run typecheck']],
    [
      ['build', 'npm run build'],
      ['unit', 'npm run test:unit'],
    ],
  ],
  [[['api', 'npm run test:api']]],
  [[['e2e', 'npx playwright test']]],
];
const only = process.argv.slice(2);

const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
const timings = [];

function runStage(name, command, prefixed) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, {
      shell: true,
      stdio: prefixed ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: process.env,
    });
    if (prefixed) {
      for (const stream of [child.stdout, child.stderr]) {
        let rest = '';
        stream.setEncoding('utf8');
        stream.on('data', (chunk) => {
          const lines = (rest + chunk).split('\n');
          rest = lines.pop();
          for (const line of lines) process.stdout.write(`[${name}] ${line}\n`);
        });
        stream.on('end', () => rest && process.stdout.write(`[${name}] ${rest}\n`));
      }
    }
    child.on('close', (code, signal) => {
      const ms = Date.now() - started;
      timings.push({ name, ms, ok: code === 0 });
      process.stdout.write(
        `\n== ${name}: ${code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`} in ${seconds(ms)}\n`,
      );
      resolve(code === 0);
    });
  });
}

/** Runs a lane's stages in order, stopping at the first that fails. */
async function runLane(stages, prefixed) {
  for (const [name, command] of stages) if (!(await runStage(name, command, prefixed))) return false;
  return true;
}

const startedAll = Date.now();
let ok = true;
for (const group of GROUPS) {
  const lanes = group
    .map((lane) => lane.filter(([name]) => only.length === 0 || only.includes(name)))
    .filter((lane) => lane.length > 0);
  if (lanes.length === 0) continue;
  const groupStarted = Date.now();
  const results = await Promise.all(lanes.map((lane) => runLane(lane, lanes.length > 1)));
  if (lanes.length > 1)
    timings.push({
      name: `(${lanes.map((l) => l.map(([n]) => n).join(' then ')).join(' + ')} side by side)`,
      ms: Date.now() - groupStarted,
      ok: results.every(Boolean),
    });
  if (!results.every(Boolean)) {
    ok = false;
    break;
  }
}
process.stdout.write('\nStage timings:\n');
for (const t of timings)
  process.stdout.write(`  ${t.name.padEnd(40)} ${seconds(t.ms).padStart(7)}  ${t.ok ? 'passed' : 'FAILED'}\n`);
process.stdout.write(
  `  ${'total'.padEnd(40)} ${seconds(Date.now() - startedAll).padStart(7)}  ${ok ? 'passed' : 'FAILED'}\n`,
);
process.exit(ok ? 0 : 1);
