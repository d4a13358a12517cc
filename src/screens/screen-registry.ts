import type { ComponentType } from 'react';

// Screens reachable from the runtime menu, by menu path (spec §2 "Other routes"). The shell renders the entry for a
// menu path, or a "coming soon" placeholder when a path has none yet. Each screen module adds itself here.
export interface ScreenEntry {
  /** i18n key of the tab title. */
  title: string;
  component: ComponentType;
}

export const SCREENS: Record<string, ScreenEntry> = {};
