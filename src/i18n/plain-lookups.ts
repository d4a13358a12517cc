import type { i18n as I18n, TFunction } from 'i18next';

// i18next runs its whole pipeline for every t() call: the options merged and copied, the key split, the value
// scanned for interpolation and nesting. The console's first render after the login makes a few hundred such calls
// (menus, headers, labels) on a cold JIT, on the cold path to the first page: 6.6 of the shell render's 40 ms of
// samples in a trace. A plain lookup, a key with no options but the language and namespace that
// react-i18next's t adds, always answers the same text for the same language, namespace and resources: a text with
// no interpolation or nesting is read from the resources as it is (i18next would return it unchanged), and each
// answer is remembered until the language or the resources change. A call with any other option (a count, values, a default,
// a context) goes through i18next.

/** the options react-i18next's t (getFixedT) passes on every call; any other option makes a call not plain */
const FIXED_OPTIONS = new Set(['lng', 'lngs', 'ns', 'keyPrefix']);

function plainOptions(opts: unknown): opts is { lng?: string; ns?: string } | undefined {
  if (opts === undefined) return true;
  if (typeof opts !== 'object' || opts === null) return false;
  // (for-in, not Object.entries: no array per call, on every label of every render)
  for (const k in opts) {
    const v = (opts as Record<string, unknown>)[k];
    if (!FIXED_OPTIONS.has(k)) return false;
    if ((k === 'lngs' || k === 'keyPrefix') && v !== undefined) return false;
    if (k === 'ns' && v !== undefined && typeof v !== 'string') return false;
  }
  return true;
}

const patched = new WeakSet<I18n>();

/** Makes `i18n.t` (and so every react-i18next t, which calls it) answer plain lookups from memory; once per instance. */
export function rememberPlainLookups(i18n: I18n): void {
  if (patched.has(i18n)) return;
  patched.add(i18n);
  const translate = i18n.t.bind(i18n) as unknown as (...args: unknown[]) => unknown;
  const known = new Map<string, string>();
  const forget = () => known.clear();
  i18n.on('languageChanged', forget);
  i18n.store.on('added', forget);
  i18n.store.on('removed', forget);
  const t = (key: unknown, opts?: unknown, ...rest: unknown[]): unknown => {
    if (typeof key !== 'string' || rest.length > 0 || !plainOptions(opts)) return translate(key, opts, ...rest);
    const lng = opts?.lng ?? i18n.language;
    const ns = opts?.ns ?? String(i18n.options.defaultNS ?? '');
    if (lng === 'cimode') return translate(key, opts);
    const id = `${lng}\u0000${ns}\u0000${key}`;
    const hit = known.get(id);
    if (hit !== undefined) return hit;
    // most texts are plain strings in the first language tried: i18next would answer them unchanged
    const direct: unknown = i18n.getResource(lng, ns, key);
    const text =
      typeof direct === 'string' && !direct.includes('{{') && !direct.includes('$t(') ? direct : translate(key, opts);
    if (typeof text === 'string') known.set(id, text);
    return text;
  };
  i18n.t = t as unknown as TFunction;
}
