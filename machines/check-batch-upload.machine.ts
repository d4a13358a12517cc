import { assign, fromPromise, setup } from 'xstate';
import { failureOf, notProvided, sheetChosen, sheetRefusal, type SheetRead } from './sheet-upload';

// A number-check batch from a sheet: the sheet is checked here, uploaded, and the batch command recorded; once the
// platform has accepted it the batch is checked in the background (its list shows the progress) and the screen
// re-reads that list. Effects are named actors the screen provides and tests replace with machine.provide().

export interface BatchRequest {
  fileId: string;
  batch_name: string;
  cus_id: string;
}

export type CheckBatchEvent = { type: 'batch.start'; file: File; batchName: string; cusId: string };

interface Context {
  file: File | null;
  fileId: string | null;
  batchName: string;
  cusId: string;
  /** a catalogue key (the sheet refused here) or the platform's message. */
  failure: string | null;
}

/** The name typed, or else the sheet's name without its extension. */
export const batchNameOf = (typed: string, fileName: string): string =>
  typed.trim() || fileName.replace(/\.[^.]+$/, '');

/** a sheet chosen while nothing runs: refused at once, or uploaded and started. */
const start = { 'batch.start': sheetChosen('uploading') };

export const checkBatchUploadMachine = setup({
  types: {} as { context: Context; events: CheckBatchEvent },
  actors: {
    /** uploads the sheet; answers its file id. */
    upload: fromPromise<SheetRead, File>(notProvided('upload')),
    /** records the batch command and waits until the platform has accepted it. */
    startBatch: fromPromise<unknown, BatchRequest>(notProvided('startBatch')),
  },
  actions: {
    refuse: assign({ failure: ({ event }) => sheetRefusal(event.file) }),
    begin: assign(({ event }) => ({
      file: event.file,
      fileId: null,
      batchName: batchNameOf(event.batchName, event.file.name),
      cusId: event.cusId,
      failure: null,
    })),
    /** the screen re-reads its batches, the new one among them. */
    started: () => {},
  },
  guards: { refused: ({ event }) => sheetRefusal(event.file) !== null },
}).createMachine({
  id: 'checkBatchUpload',
  context: { file: null, fileId: null, batchName: '', cusId: '', failure: null },
  initial: 'idle',
  states: {
    idle: { on: start },
    uploading: {
      invoke: {
        src: 'upload',
        input: ({ context }) => context.file!,
        onDone: { target: 'starting', actions: assign({ fileId: ({ event }) => event.output.fileId }) },
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
    starting: {
      invoke: {
        src: 'startBatch',
        input: ({ context }) => ({ fileId: context.fileId!, batch_name: context.batchName, cus_id: context.cusId }),
        onDone: 'started',
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
    started: { entry: ['started', assign({ file: null })], on: start },
    failed: { on: start },
  },
});
