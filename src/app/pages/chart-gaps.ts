// A day without sends has no success rate: its point is null, which the chart draws as a gap rather than a 0 % dip.
export function gapWhereNoSends(ratios: readonly number[], sent: readonly number[]): (number | null)[] {
  return ratios.map((r, i) => (sent[i] ? r : null));
}
