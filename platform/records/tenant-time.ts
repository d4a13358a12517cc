// Calendar labels in the tenant's time zone (statistics rows use them as gathering_time): day YYYY-MM-DD,
// month YYYY-MM, year YYYY.
export const TENANT_TZ = 'Asia/Shanghai';
const dayFormat = new Intl.DateTimeFormat('sv-SE', {
  timeZone: TENANT_TZ,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

export const dayOf = (at: Date | number) => dayFormat.format(typeof at === 'number' ? new Date(at) : at);
export const monthOf = (at: Date | number) => dayOf(at).slice(0, 7);
export const yearOf = (at: Date | number) => dayOf(at).slice(0, 4);

/** The label of `at` for a statistics dimension: 0 day, 1 month, 2 year. */
export const labelOf = (dimension: number, at: Date | number) => dayOf(at).slice(0, [10, 7, 4][dimension] ?? 10);

/** The last `n` days up to and including `at`'s day, oldest first. */
export function lastDays(at: Date, n: number): string[] {
  return Array.from({ length: n }, (_, i) => dayOf(at.getTime() - (n - 1 - i) * 86_400_000));
}

/** The label of the previous calendar month of `at`. */
export function previousMonthOf(at: Date): string {
  const [y, m] = monthOf(at).split('-').map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}
