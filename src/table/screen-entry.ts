import type { ComponentType } from 'react';
import type { PermCode } from '../../contract/endpoints/user.endpoints';

/** A screen the shell can open from a menu path: each area lists its own, the registry in src/app joins them. */
export interface ScreenEntry {
  /** i18n key of the tab title. */
  title: string;
  component: ComponentType;
  /** see ScreenDefinition.grantedBy */
  grantedBy?: PermCode[];
}
