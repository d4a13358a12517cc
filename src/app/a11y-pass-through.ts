import i18next from 'i18next';
import type { PrimeReactPTOptions } from 'primereact/api';

// Global PrimeReact pass-through so every screen passes axe-core. A Dropdown renders a
// native <select> copy of its value and a role="button" chevron beside its focusable input: both are for mouse and
// forms only, so they leave the accessibility tree, and the input takes the Dropdown's aria-label or placeholder as
// its name when no <label> names it. A ProgressBar is named "progress" unless its screen names it.
type Labelled = {
  props?: { 'aria-label'?: string; ariaLabel?: string | null; placeholder?: string; inputId?: string };
};
const nameOf = (o: Labelled) => o.props?.['aria-label'] ?? o.props?.ariaLabel ?? o.props?.placeholder ?? undefined;

export const A11Y_PASS_THROUGH = {
  dropdown: {
    select: (o: Labelled) => ({ 'aria-hidden': true, 'aria-label': nameOf(o) ?? i18next.t('common.select') }),
    trigger: { 'aria-hidden': true },
    input: (o: Labelled) => (o.props?.inputId ? {} : { 'aria-label': nameOf(o) ?? i18next.t('common.select') }),
  },
  progressbar: {
    root: (o: { props?: { 'aria-label'?: string } }) => ({
      'aria-label': o.props?.['aria-label'] ?? i18next.t('common.progress'),
    }),
  },
} as unknown as PrimeReactPTOptions;
