import { assign, fromPromise, setup } from 'xstate';
import { failureOf, notProvided, sheetChosen, sheetRefusal, type SheetRead } from './sheet-upload';

// Importing members into a group from a sheet: the sheet is checked here, uploaded for the platform to read (it
// answers how many rows it found), then imported into the group; the platform reports what it imported and the rows
// it skipped (bad mobiles, members already in the group) with a report file of them. Effects are named actors the
// panel provides and tests replace with machine.provide().

export interface ImportReport {
  imported: number;
  invalid: number;
  duplicates: number;
  /** the skipped rows as a file, or null when none was skipped. */
  reportFileId: string | null;
}

export type MemberImportEvent = { type: 'import.start'; groupId: string; file: File };

interface Context {
  groupId: string;
  file: File | null;
  fileId: string | null;
  /** the rows the platform read from the sheet (what the import works through), when it said. */
  rows: number | null;
  report: ImportReport | null;
  /** a catalogue key (the sheet refused here) or the platform's message. */
  failure: string | null;
}

/** a sheet chosen while nothing runs: refused at once, or read and imported. */
const start = { 'import.start': sheetChosen('reading') };

export const memberImportMachine = setup({
  types: {} as { context: Context; events: MemberImportEvent },
  actors: {
    /** uploads the sheet; answers its file id and the rows read. */
    read: fromPromise<SheetRead, File>(notProvided('read')),
    /** imports the uploaded sheet's rows into the group. */
    import: fromPromise<ImportReport, { groupId: string; fileId: string }>(notProvided('import')),
  },
  actions: {
    refuse: assign({ failure: ({ event }) => sheetRefusal(event.file), report: null }),
    begin: assign(({ event }) => ({
      groupId: event.groupId,
      file: event.file,
      fileId: null,
      rows: null,
      report: null,
      failure: null,
    })),
  },
  guards: { refused: ({ event }) => sheetRefusal(event.file) !== null },
}).createMachine({
  id: 'memberImport',
  context: { groupId: '', file: null, fileId: null, rows: null, report: null, failure: null },
  initial: 'idle',
  states: {
    idle: { on: start },
    reading: {
      invoke: {
        src: 'read',
        input: ({ context }) => context.file!,
        onDone: {
          target: 'importing',
          actions: assign(({ event }) => ({ fileId: event.output.fileId, rows: event.output.rowCount ?? null })),
        },
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
    importing: {
      invoke: {
        src: 'import',
        input: ({ context }) => ({ groupId: context.groupId, fileId: context.fileId! }),
        onDone: { target: 'done', actions: assign({ report: ({ event }) => event.output, file: null }) },
        onError: { target: 'failed', actions: assign({ failure: ({ event }) => failureOf(event.error) }) },
      },
    },
    /** imported; another sheet may follow. */
    done: { on: start },
    failed: { on: start },
  },
});
