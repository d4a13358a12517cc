import type { Language } from './constants';

// Messages of sending, timed batches, records and statistics (spec §8).
export const MESSAGING_MESSAGES: Record<string, Record<Language, string>> = {};
