import type { Language } from './constants';

// Messages of the validation rules of spec §5 (keys start with `v.`).
export const VALIDATION_MESSAGES: Record<string, Record<Language, string>> = {};
