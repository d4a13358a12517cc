/** Placeholder rows while the answer is not known yet: never "no data" before it is (PrimeReact's Skeleton markup, without
 * 64 of its components in the first page's render). */
export function TableSkeleton({ columns, label }: { columns: number; label: string }) {
  return (
    <div data-testid="table-skeleton" role="status" aria-label={label}>
      {Array.from({ length: 8 }, (_, i) => (
        <div key={i} style={{ display: 'flex', gap: 12, padding: '6px 0' }}>
          {Array.from({ length: Math.min(columns, 8) }, (_, j) => (
            <div key={j} className="p-skeleton" style={{ height: '1rem', width: '100%' }} />
          ))}
        </div>
      ))}
    </div>
  );
}
