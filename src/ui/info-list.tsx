import type { ReactNode } from 'react';

/** A read-only list of labelled values (personal info, account details, operator patterns): a description list, so
 * screen readers announce each value with its label. Labels and values are text, never markup. */
export function InfoList({ rows, testId }: { rows: Array<[label: string, value: ReactNode]>; testId?: string }) {
  return (
    <dl className="info-list" data-testid={testId}>
      {rows.map(([k, v]) => (
        <div key={k}>
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}
