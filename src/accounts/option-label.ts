import type { Option } from '../../contract/entities.schema';

/** A stored code in words: the label the platform's option list gives it (in the caller's language), the code itself
 * only while the list is not here or does not know it. */
export const labelOf = (options: readonly Option[] | null | undefined, value: string | number): string =>
  options?.find((o) => o.value === value)?.label ?? String(value);

/** Several codes in words, comma-separated. */
export const labelsOf = (options: readonly Option[] | null | undefined, values: readonly (string | number)[]): string =>
  values.map((v) => labelOf(options, v)).join(', ');
