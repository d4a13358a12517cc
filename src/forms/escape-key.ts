// Escape in an open dropdown closes its list and nothing else: the dialog around a form listens for Escape on the
// document, which the key reaches after the dropdown has handled it. While the key is handled the list still shows
// as open (aria-expanded), so the key stops there only when it had a list to close.

/** A keydown handler for the element around a dropdown. */
export function escapeClosesOnlyTheList(e: { key: string; currentTarget: Pick<Element, 'querySelector'>; stopPropagation: () => void }): void {
  if (e.key === 'Escape' && e.currentTarget.querySelector('[aria-expanded="true"]')) e.stopPropagation();
}
