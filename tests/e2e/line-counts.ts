import type { Locator } from '@playwright/test';

/** How many text lines each element's text takes: the client rects of its text nodes, grouped into lines by their
 * vertical extent (icons are pseudo-elements and carry no text). */
export function lineCounts(loc: Locator): Promise<number[]> {
  return loc.evaluateAll((els) =>
    els.map((el) => {
      const rects: DOMRect[] = [];
      const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let n = walk.nextNode(); n; n = walk.nextNode()) {
        if (!n.textContent?.trim()) continue;
        const r = document.createRange();
        r.selectNodeContents(n);
        rects.push(...[...r.getClientRects()].filter((c) => c.width > 0 && c.height > 0));
      }
      rects.sort((a, b) => a.top - b.top);
      let lines = 0;
      let bottom = -Infinity;
      for (const r of rects) {
        if (r.top >= bottom - 2) lines++;
        bottom = Math.max(bottom, r.bottom);
      }
      return lines;
    }),
  );
}
