import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

/** One serious or critical WCAG 2.x A/AA violation as axe reports it, with the first five places it names. */
export interface Violation {
  rule: string;
  impact: string;
  targets: string[];
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The serious and critical WCAG 2.x A/AA violations axe finds on the page, or only under the `within` selector.
 * axe is put into the page once and run there: the screens are walked in-app, so it stays for every audit of the
 * session (a runner that puts it in at every audit and merges its results in a page of its own spent about a second
 * an audit on that alone). Only the violations are asked for, so axe works out no selector for what passed. */
export async function seriousViolations(page: Page, within?: string): Promise<Violation[]> {
  if (!(await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function')))
    await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(
    async ({ within, tags }) => {
      const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
      const r = await axe.run(within ? { include: [within] } : document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return r.violations.map((v) => ({
        id: v.id,
        impact: v.impact ?? '',
        targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
      }));
    },
    { within, tags: TAGS },
  );
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, impact: v.impact, targets: v.targets }));
}
