/// <reference lib="webworker" />
import { createNumberChecker, piecesOf } from '../../contract/validation/send-numbers.rules';
import { fillPlaceholders } from './personalize';
import type { WorkerReply, WorkerRequest } from './number-check-protocol';
import { readSheet, type Rows } from './sheet-read';

// The send form's number work, off the main thread (issue 10): checking 100,000 numbers with progress by the contract's
// rules, reading an uploaded sheet (kept here; the page gets a preview and the column it asks for), and filling a
// one-to-one send's messages from the sheet.

declare const self: DedicatedWorkerGlobalScope;
let sheet: Rows = [];

const reply = (r: WorkerReply) => self.postMessage(r);

self.onmessage = async (e: MessageEvent<WorkerRequest>) => {
  const m = e.data;
  try {
    if (m.type === 'check') {
      const checker = createNumberChecker(m.mode);
      const pieces = [...piecesOf(m.text, 20_000)];
      pieces.forEach((piece, i) => {
        checker.add(piece);
        if (i % 5 === 4) reply({ id: m.id, type: 'progress', done: i + 1, total: pieces.length });
      });
      reply({ id: m.id, type: 'progress', done: pieces.length, total: pieces.length });
      reply({ id: m.id, type: 'checked', check: checker.result() });
    } else if (m.type === 'sheet') {
      const rows = await readSheet(m.name, m.data);
      if (typeof rows === 'string') return reply({ id: m.id, type: 'error', message: rows });
      sheet = rows;
      reply({ id: m.id, type: 'sheet', rowCount: rows.length, columns: rows.reduce((n, r) => Math.max(n, r.length), 0), preview: rows.slice(0, 6) });
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
