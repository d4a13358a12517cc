import { checkUpload } from '../contract/validation/upload.rules';

// What the sheet workflows (a member import, a number-check batch) share: a sheet refused before it is sent (the
// platform's own limits), and a failed step told by its message.

/** The catalogue key of why the sheet cannot be uploaded, or null. */
export const sheetRefusal = (file: File): string | null => checkUpload({ name: file.name, size: file.size });

/** A failed step's message: the platform's (already localized) rejection, or what went wrong on the way. */
export const failureOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** An uploaded sheet: its file id, and the rows the platform read from it when it says. */
export interface SheetRead {
  fileId: string;
  rowCount?: number | null;
}

/** A sheet chosen while nothing runs: refused at once (the machine's `refuse`), or on its way (`begin`, then `next`). */
export const sheetChosen = <S extends string>(next: S) => [
  { guard: 'refused' as const, target: 'failed' as const, actions: 'refuse' as const },
  { target: next, actions: 'begin' as const },
];

/** An effect the screen provides (tests with machine.provide()); unprovided, it fails. */
export const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} not provided`);
};
