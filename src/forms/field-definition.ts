import type { ReactNode } from 'react';
import type { Endpoint } from '../../contract/endpoint';
import type { MessageParams } from '../../contract/messages';
import type { FormValues } from '../../machines/form.machine';

// What a form shows, one entry per input: the renderer (form-fields.tsx) draws each with its label, its error and the
// attributes that tie the two together; the form's machine holds the values. Labels and placeholders are i18n keys.

export type FieldKind = 'text' | 'password' | 'textarea' | 'number' | 'select' | 'date' | 'checkbox' | 'media';

export interface FieldOption {
  label: string;
  value: string | number | boolean;
}

export interface FieldDefinition {
  name: string;
  /** i18n key. */
  label: string;
  kind?: FieldKind;
  /** the label is read by assistive technology only (an input whose row says what it is, e.g. beside its button). */
  labelHidden?: boolean;
  /** i18n key. */
  placeholder?: string;
  /** the input's data-testid when it is not `<form testId>-<name>`. */
  testId?: string;
  options?: FieldOption[];
  /** what a select with no options says (i18n key). */
  emptyMessage?: string;
  rows?: number;
  autoFocus?: boolean;
  disabled?: boolean;
  /** in a row of fields (FormFields `inline`), takes the row's free width. */
  grow?: boolean;
  /** a media field's upload endpoint, its media types and the field that holds the chosen type. */
  media?: { endpoint: Endpoint; types: readonly string[]; typeField: string };
  /** shown only when it answers true for the current values (report and uplink addresses with proactive push). */
  when?: (values: FormValues) => boolean;
  /** beside the input, given the current values (the send-code button next to the number it sends to). */
  addon?: (values: FormValues) => ReactNode;
  /** under the input, before its error (why a select has no options). */
  note?: ReactNode;
  /** what the field's error message names, from the current values (the placeholders a rule found wrong). */
  errorParams?: (values: FormValues) => MessageParams;
}
