// Why an uploaded sheet could not be read, as its callers answer it: 'tooComplex' when it passes a reading budget
// (inflated size, compression ratio, rows, cells, nesting, time or memory), 'unreadable' when it is not a workbook.
// Thrown on the main thread by sheetRows and countDataRows; a route turns it into a localized 400.

export type SheetFailure = 'tooComplex' | 'unreadable';

export class SheetError extends Error {
  constructor(
    readonly reason: SheetFailure,
    message: string,
  ) {
    super(message);
    this.name = 'SheetError';
  }
}

/** The message key a route answers for a sheet failure. */
export const sheetFailureKey = (reason: SheetFailure) =>
  reason === 'tooComplex' ? 'library.uploadTooComplex' : 'library.uploadUnreadable';
