/// <reference lib="webworker" />
import { createNumberChecker, piecesOf } from '../../contract/validation/send-numbers.rules';
import { fillPlaceholders } from '../../machines/send-personalize';
import type { WorkerReply, WorkerRequest } from './number-check-protocol';
import { readSheet, type Rows } from './sheet-read';

// The send form's number work, off the main thread: checking 100,000 numbers with progress by the contract's rules
// (live as the operator types, so a newer list cancels the check of an older one), reading an uploaded sheet (kept
// here; the page gets a preview and the column it asks for), and filling a one-to-one send's messages from the sheet.

declare const self: DedicatedWorkerGlobalScope;
let sheet: Rows = [];
/** checks under way, and those of them a newer list has cancelled. */
const running = new Set<number>();
const cancelled = new Set<number>();

const reply = (r: WorkerReply) => self.postMessage(r);

// Between two pieces the check lets queued messages in, so a cancel (the operator typed on) stops it there rather
// than after the whole list. A channel message, not a timer: nested timers are clamped to 4 ms each.
const channel = new MessageChannel();
const waiting: Array<() => void> = [];
channel.port1.onmessage = () => waiting.shift()?.();
const letMessagesIn = () =>
  new Promise<void>((resolve) => {
    waiting.push(resolve);
    channel.port2.postMessage(null);
  });

async function check(m: Extract<WorkerRequest, { type: 'check' }>) {
  running.add(m.id);
  try {
    const checker = createNumberChecker(m.mode);
    const pieces = [...piecesOf(m.text, 20_000)];
    for (let i = 0; i < pieces.length; i++) {
      if (i > 0) await letMessagesIn();
      if (cancelled.has(m.id)) return;
      checker.add(pieces[i]);
      if (i % 5 === 4) reply({ id: m.id, type: 'progress', done: i + 1, total: pieces.length });
    }
    reply({ id: m.id, type: 'progress', done: pieces.length, total: pieces.length });
    reply({ id: m.id, type: 'checked', check: checker.result() });
  } finally {
    running.delete(m.id);
    cancelled.delete(m.id);
  }
}

self.onmessage = async (e: MessageEvent<WorkerRequest>) => {
  const m = e.data;
  try {
    if (m.type === 'cancel') {
      if (running.has(m.target)) cancelled.add(m.target);
    } else if (m.type === 'check') {
      await check(m);
    } else if (m.type === 'sheet') {
      const rows = await readSheet(m.name, m.data);
      if (typeof rows === 'string') return reply({ id: m.id, type: 'error', message: rows });
      sheet = rows;
      reply({
        id: m.id,
        type: 'sheet',
        rowCount: rows.length,
        columns: rows.reduce((n, r) => Math.max(n, r.length), 0),
        preview: rows.slice(0, 6),
      });
    } else if (m.type === 'column') {
      const from = m.skipHeader ? 1 : 0;
      const out: string[] = [];
      for (let i = from; i < sheet.length; i++) out.push((sheet[i][m.column] ?? '').trim());
      reply({ id: m.id, type: 'column', text: out.filter(Boolean).join('\n') });
    } else if (m.type === 'personalize') {
      const from = m.skipHeader ? 1 : 0;
      const contents: Array<{ mobile: string; content: string }> = [];
      for (let i = from; i < sheet.length; i++) {
        const mobile = (sheet[i][m.mobileColumn] ?? '').trim();
        if (mobile) contents.push({ mobile, content: fillPlaceholders(m.template, sheet[i], m.mapping) });
      }
      reply({ id: m.id, type: 'personalized', contents });
    }
  } catch (err) {
    reply({ id: m.id, type: 'error', message: String((err as Error)?.message ?? err) });
  }
};
