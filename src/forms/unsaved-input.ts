import { createContext, useContext, useEffect, useId } from 'react';

// How a form tells the dialog around it that it holds input not yet saved, without each screen passing a callback
// down: the dialog provides a report, every form on the form machine reports to it (use-form.ts), and a form outside
// any dialog reports to nobody.

/** records whether the form `id` holds unsaved input. */
export type UnsavedReport = (id: string, unsaved: boolean) => void;

export const UnsavedInputReport = createContext<UnsavedReport | null>(null);

/** Tells the enclosing dialog, if any, whether this form holds input not yet saved; a form that goes holds none. */
export function useReportUnsaved(unsaved: boolean): void {
  const report = useContext(UnsavedInputReport);
  const id = useId();
  useEffect(() => {
    if (!report) return;
    report(id, unsaved);
    return () => report(id, false);
  }, [report, id, unsaved]);
}

/** The forms of one dialog: whether any of them holds unsaved input. */
export function unsavedForms(): { report: UnsavedReport; any: () => boolean } {
  const unsaved = new Set<string>();
  return {
    report: (id, u) => void (u ? unsaved.add(id) : unsaved.delete(id)),
    any: () => unsaved.size > 0,
  };
}

/** Closes at once, or when `unsaved` asks first: `ask` shows the question and calls `close` if the user leaves. */
export function leaveDialog(unsaved: boolean, close: () => void, ask: (close: () => void) => void): void {
  if (unsaved) ask(close);
  else close();
}
