import { whenIdle } from './when-idle';

// The type the console's shell and records screens set that the login page does not: each (font, size, weight) a
// page lays out for the first time costs the layout a font lookup and, on Linux, a synchronous round trip to the
// browser for its render style (0.2-3.5 ms each, ~11 ms of the shell's first layout on the cold path), and
// the icon font is fetched and decoded on its first use. Laid out once, hidden, while the operator types on the login
// page, they are cached when the shell renders. e2e `cold-first-page` checks that every type the shell and the records
// use is in this list.

/** [font family, size in CSS px, weight]: `body` is the shell's own stack, `prime` PrimeReact's (--font-family). The
 * browser keys a font's data by its size to 1/100 px, so sizes set in rem or as `smaller` appear here as they compute
 * at the default 16 px root (0.8rem 12.8, `smaller` 13.33). */
export const WARM_TYPES: readonly (readonly ['body' | 'prime', number, number])[] = [
  ['body', 12.8, 400],
  ['body', 13.3333, 400],
  ['body', 13.6, 400],
  ['body', 14.4, 400],
  ['body', 16, 400],
  ['body', 16, 600],
  ['body', 20, 700],
  ['body', 20.8, 700],
  ['prime', 12, 700],
  ['prime', 16, 400],
  ['prime', 16, 700],
];
/** every script the console shows in these types: Latin, digits and CJK (each is a font of its own, by fallback) */
const SPECIMEN = 'Aa1 短信';

/** Lays the types out, hidden and off screen, when the browser is idle, and asks for the icon font (once per page:
 * from preloadConsole). */
export function warmConsoleFonts(): void {
  whenIdle(() => {
    const box = document.createElement('div');
    box.setAttribute('aria-hidden', 'true');
    box.style.cssText = 'position: fixed; left: -9999px; top: 0; visibility: hidden; white-space: nowrap';
    for (const [family, px, weight] of WARM_TYPES) {
      const span = document.createElement('span');
      span.style.fontSize = `${px}px`;
      span.style.fontWeight = String(weight);
      if (family === 'prime') span.style.fontFamily = 'var(--font-family)';
      span.textContent = SPECIMEN;
      box.append(span);
    }
    document.body.append(box);
    // the layout that looks the fonts up (their data stays cached in the browser once the element is gone)
    void box.offsetWidth;
    box.remove();
    // (the login page shows an icon only while its captcha loads)
    void document.fonts?.load('1rem primeicons').catch(() => {});
    // (for the tests: the types are laid out)
    document.documentElement.dataset.consoleFonts = 'warm';
  }, 1000);
}
