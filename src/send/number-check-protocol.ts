import type { NumberCheck, NumberMode } from '../../contract/validation/send-numbers.rules';

// Messages between the send form and its number-check worker.

export type WorkerRequest =
  | { id: number; type: 'check'; mode: NumberMode; text: string }
  /** stops the check `target` between two pieces: a newer list replaced it, its answer would be dropped anyway. */
  | { id: number; type: 'cancel'; target: number }
  | { id: number; type: 'sheet'; name: string; data: ArrayBuffer }
  | { id: number; type: 'column'; column: number; skipHeader: boolean }
  | {
      id: number;
      type: 'personalize';
      template: string;
      mobileColumn: number;
      mapping: Record<string, number>;
      skipHeader: boolean;
    };

export type WorkerReply =
  | { id: number; type: 'progress'; done: number; total: number }
  | { id: number; type: 'checked'; check: NumberCheck }
  | { id: number; type: 'sheet'; rowCount: number; columns: number; preview: string[][] }
  | { id: number; type: 'column'; text: string }
  | { id: number; type: 'personalized'; contents: Array<{ mobile: string; content: string }> }
  | { id: number; type: 'error'; message: string };

export type SheetInfo = Extract<WorkerReply, { type: 'sheet' }>;
