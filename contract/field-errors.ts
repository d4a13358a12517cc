import type { z } from 'zod';

// zod's own issues as message keys of the catalogue (validation.messages.ts), by their code: a field error is always
// said in the caller's language, never in zod's English. The route layer adds the field name.
type Issue = z.core.$ZodIssue;
const bound = (v: unknown) =>
  typeof v === 'bigint' ? v.toString() : Number.isFinite(Number(v)) ? Number(v) : String(v);

export function fieldIssueKey(issue: Issue | undefined): { key: string; params: Record<string, string | number> } {
  if (!issue) return { key: 'v.field.invalid', params: {} };
  switch (issue.code) {
    case 'too_big': {
      const key =
        issue.origin === 'string'
          ? 'v.field.tooLong'
          : issue.origin === 'array' || issue.origin === 'set'
            ? 'v.field.tooMany'
            : 'v.field.tooLarge';
      return { key, params: { max: bound(issue.maximum) } };
    }
    case 'too_small': {
      const key =
        issue.origin === 'string'
          ? 'v.field.tooShort'
          : issue.origin === 'array' || issue.origin === 'set'
            ? 'v.field.tooFew'
            : 'v.field.tooSmall';
      return { key, params: { min: bound(issue.minimum) } };
    }
    case 'invalid_type':
      return { key: issue.expected === 'int' ? 'v.field.notInteger' : 'v.field.wrongType', params: {} };
    case 'invalid_format':
      return { key: 'v.field.format', params: {} };
    case 'invalid_value':
    case 'invalid_union':
      return { key: 'v.field.notAllowed', params: {} };
    case 'unrecognized_keys':
      return { key: 'v.field.unknownKey', params: { keys: issue.keys.join(', ').slice(0, 100) } };
    default:
      return { key: 'v.field.invalid', params: {} };
  }
}
