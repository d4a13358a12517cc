// The question a delete asks: what the user knows the row by (a contact's or group's name, a template's name or
// title), the record's number only for a row without one.
export function deleteQuestion(
  t: (key: string, params: Record<string, unknown>) => string,
  id: string,
  name?: string | null,
): string {
  const shown = name?.trim();
  return shown ? t('lib.confirmDeleteNamed', { name: shown }) : t('lib.confirmDelete', { n: id });
}
