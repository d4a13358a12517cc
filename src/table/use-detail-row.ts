import { useEffect, useState } from 'react';

/** The row whose detail panel is open. Esc closes it wherever focus is: a re-read of the list can re-render the
 * dialog, and PrimeReact then no longer hears Esc until the dialog is focused again. */
export function useDetailRow<T>() {
  const [opened, setOpened] = useState<T | null>(null);
  useEffect(() => {
    if (opened === null) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpened(null);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [opened]);
  return [opened, setOpened] as const;
}
