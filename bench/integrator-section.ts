import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The integrator bench's BENCHMARKS.md section, between its own markers.

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const BEGIN = '<!-- bench:integrator:begin -->';
const END = '<!-- bench:integrator:end -->';

const n = (x: number) => x.toLocaleString('en');
/** refusals by command_status: "none", or "12 (0x58 ×12)" */
const refusals = (t: Record<string, number>) => {
  const total = Object.values(t).reduce((a, b) => a + b, 0);
  return total === 0
    ? 'none refused'
    : `${total} refused: ${Object.entries(t)
        .map(([k, v]) => `${k} ×${v}`)
        .join(', ')}; 0x58 is a full window`;
};

export function writeIntegratorSection(r: Record<string, any>): void {
  const { smpp, latency, http, receipts } = r;
  const lines = [
    BEGIN,
    `Measured ${r.at} with \`npx tsx bench/integrator.bench.ts --messages ${r.messages}\` (PGlite, in-process, 2 shared cores; the carrier simulator idle for the first three figures).`,
    '',
    `SMPP: ${n(smpp.accepted)} of ${n(r.messages)} submit_sm answered status 0 (${refusals(smpp.refused)}) over ${smpp.binds} transmitter binds with ${smpp.window} outstanding each, ${n(smpp.stored)} records of source smpp stored: **${n(smpp.rate)} submit_sm/s** (goal ≥ ${n(smpp.target)}); raw multi-row INSERT of the same rows (chunks of 1,000): ${n(smpp.rawRate)} rows/s; ratio ${smpp.ratio}.`,
    '',
    `submit_sm_resp latency at a paced ${latency.perSecond}/s over the same binds (${n(latency.submits)} submits, ${refusals(latency.refused)}; latency over the accepted ones): p50 ${latency.p50ms} ms, **p99 ${latency.p99ms} ms** (goal ≤ ${latency.targetP99ms}); a one-row INSERT of the same row at the same pace: p50 ${latency.rawP50ms} ms, p99 ${latency.rawP99ms} ms; p99 ratio ${latency.ratioP99}.`,
    '',
    `Signed HTTP /sms/send, ${n(http.perRequest)} numbers a request, ${n(http.recipients)} recipients (accepted numbers counted): one request at a time **${n(http.sequential.rate)} recipients/s**, four at a time **${n(http.parallel4.rate)} recipients/s** (goal ≥ ${http.target}); raw multi-row INSERT of the same rows: ${n(http.rawRate)} rows/s; ratios ${http.ratioSequential} and ${http.ratioParallel4}.`,
    '',
    `Receipts (carrier simulator reviewing and reporting after ${receipts.simulatorMs} ms, a receiver bound, registered_delivery 1, ${n(receipts.submitted)} messages, ${n(receipts.received)} receipts received, ${n(receipts.timed)} timed): from the record's final state to its deliver_sm reaching the client, p50 ${receipts.p50ms} ms, **p95 ${receipts.p95ms} ms**, max ${receipts.maxMs} ms (goal p95 ≤ ${n(receipts.targetP95ms)}). The start is mt_records.updated_at of the final record, which the row trigger sets to now() of the dispatcher's transaction that wrote the final report (its start, so the figure includes that transaction, the outbox's notice on commit and the delivery); the end is the deliver_sm's arrival at the client's socket. A receipt has no raw-INSERT counterpart.`,
    END,
  ].join('\n');
  const file = join(ROOT, 'BENCHMARKS.md');
  let md = readFileSync(file, 'utf8');
  md = md.includes(BEGIN)
    ? md.replace(new RegExp(`${BEGIN}[\\s\\S]*?${END}`), () => lines)
    : `${md.trimEnd()}\n\n## Integrators (SMPP and HTTP API)\n\n${lines}\n`;
  writeFileSync(file, md);
}
