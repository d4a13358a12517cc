import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** One serious or critical WCAG 2.x A/AA violation as axe reports it, with the first five places it names. */
export interface Violation {
  rule: string;
  impact: string;
  targets: string[];
}

/** The serious and critical WCAG 2.x A/AA violations axe finds on the page, or only under the `within` selector. */
export async function seriousViolations(page: Page, within?: string): Promise<Violation[]> {
  // only the violations are read: axe then skips working out a selector for every element that passed (set before
  // the tags, which it keeps; options() replaces what was set before it)
  const axe = new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const r = await (within ? axe.include(within) : axe).analyze();
  return r.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, impact: v.impact ?? '', targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
}
