import type { NumberCheck, NumberMode } from '../../contract/validation/send-numbers.rules';
import type { SheetInfo, WorkerReply, WorkerRequest } from './number-check-protocol';

// The page's side of the number-check worker: one worker per form, each request a promise, progress as a callback.

type Pending = {
  resolve: (r: WorkerReply) => void;
  reject: (e: Error) => void;
  progress?: (done: number, total: number) => void;
};
type Body<T> = T extends unknown ? Omit<T, 'id'> : never;

export interface NumberWorker {
  /** `signal` cancels the check in the worker; the promise then rejects with an AbortError. */
  check(
    mode: NumberMode,
    text: string,
    progress?: (done: number, total: number) => void,
    signal?: AbortSignal,
  ): Promise<NumberCheck>;
  sheet(file: File): Promise<SheetInfo>;
  column(column: number, skipHeader: boolean): Promise<string>;
  personalize(
    template: string,
    mobileColumn: number,
    mapping: Record<string, number>,
    skipHeader: boolean,
  ): Promise<Array<{ mobile: string; content: string }>>;
  terminate(): void;
}

export function createNumberWorker(): NumberWorker {
  const worker = new Worker(new URL('./number-check.worker.ts', import.meta.url), {
    type: 'module',
    name: 'sms-numbers',
  });
  const pending = new Map<number, Pending>();
  let nextId = 1;
  worker.onmessage = (e: MessageEvent<WorkerReply>) => {
    const r = e.data;
    const p = pending.get(r.id);
    if (!p) return;
    if (r.type === 'progress') return p.progress?.(r.done, r.total);
    pending.delete(r.id);
    if (r.type === 'error') p.reject(new Error(r.message));
    else p.resolve(r);
  };
  function ask<T extends WorkerReply>(
    req: Body<WorkerRequest>,
    progress?: Pending['progress'],
    transfer: Transferable[] = [],
    signal?: AbortSignal,
  ): Promise<T> {
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      if (signal?.aborted) return reject(new DOMException('cancelled', 'AbortError'));
      pending.set(id, { resolve: resolve as Pending['resolve'], reject, progress });
      worker.postMessage({ ...req, id }, transfer);
      signal?.addEventListener(
        'abort',
        () => {
          if (!pending.delete(id)) return;
          worker.postMessage({ type: 'cancel', target: id, id: nextId++ } satisfies WorkerRequest);
          reject(new DOMException('cancelled', 'AbortError'));
        },
        { once: true },
      );
    });
  }
  return {
    check: async (mode, text, progress, signal) =>
      (await ask<Extract<WorkerReply, { type: 'checked' }>>({ type: 'check', mode, text }, progress, [], signal)).check,
    sheet: async (file) => {
      const data = await file.arrayBuffer();
      return ask<SheetInfo>({ type: 'sheet', name: file.name, data }, undefined, [data]);
    },
    column: async (column, skipHeader) =>
      (await ask<Extract<WorkerReply, { type: 'column' }>>({ type: 'column', column, skipHeader })).text,
    personalize: async (template, mobileColumn, mapping, skipHeader) =>
      (
        await ask<Extract<WorkerReply, { type: 'personalized' }>>({
          type: 'personalize',
          template,
          mobileColumn,
          mapping,
          skipHeader,
        })
      ).contents,
    terminate: () => worker.terminate(),
  };
}
