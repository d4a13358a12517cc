// Escape in an open dropdown, multiselect or calendar closes that list or panel and nothing else. The dialog around a
// form closes on an Escape it hears on the document, which the key reaches after the control has handled it: the
// controls do not stop it. While the key is handled the page still shows the list or panel as open, so the key stops
// there only when one was open.

/** A PrimeReact input with an overlay: its root holds the element whose aria-expanded says whether the overlay is open
 * (a dropdown's trigger, a multiselect's or calendar's input). */
const CONTROL = '.p-inputwrapper';
const EXPANDED = '[aria-expanded="true"]';
/** an open overlay panel (its list, its dates), which the control draws outside the dialog's markup. */
const OPEN_PANEL = '.p-connected-overlay-enter-active, .p-connected-overlay-enter-done';

/** The little of a DOM element this reads. */
export interface KeyTarget {
  closest(selector: string): { querySelector(selector: string): unknown } | null;
}

/** Whether Escape pressed at `target` belongs to an open list or panel of the control it was pressed in. */
export function escapeIsTheOverlays(target: KeyTarget | null): boolean {
  if (typeof target?.closest !== 'function') return false;
  if (target.closest(OPEN_PANEL)) return true;
  return Boolean(target.closest(CONTROL)?.querySelector(EXPANDED));
}

/** A keydown handler for the element around a form's fields: Escape meant for an open list or panel goes no further. */
export function keepEscapeInOverlay(e: { key: string; target: unknown; stopPropagation: () => void }): void {
  if (e.key === 'Escape' && escapeIsTheOverlays(e.target as KeyTarget | null)) e.stopPropagation();
}
