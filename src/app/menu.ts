import type { MenuItem } from '../../contract/endpoints/user.endpoints';

// Pure helpers over the runtime menu tree.

/** the leaves (pages) of a menu tree. */
export const menuLeaves = (items: MenuItem[]): MenuItem[] =>
  items.flatMap((i) => (i.children?.length ? menuLeaves(i.children) : i.path ? [i] : []));

/** labels matching the query by prefix, case-insensitive. */
export function searchMenu(leaves: MenuItem[], query: string, label: (key: string) => string): MenuItem[] {
  const q = query.trim().toLocaleLowerCase();
  if (!q) return [];
  const seen = new Set<string>();
  return leaves.filter(
    (l) => label(l.label).toLocaleLowerCase().startsWith(q) && !seen.has(l.path) && !!seen.add(l.path),
  );
}

/** "99+" once the count passes the cap (the log badge caps at 99). */
export const badgeText = (count: number, cap: number): string | null =>
  count <= 0 ? null : count > cap ? `${cap}+` : String(count);
