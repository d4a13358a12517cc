import { Calendar } from 'primereact/calendar';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputNumber } from 'primereact/inputnumber';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Password } from 'primereact/password';
import { useId, type KeyboardEventHandler } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormErrors } from '../../machines/form.machine';
import type { FieldDefinition } from './field-definition';
import { MediaField } from './media-field';
import { messageText } from './message-text';
import type { Form } from './use-form';

// The one renderer of form fields: each input with its label (or an accessible name), its error shown at it and tied
// to it (aria-invalid, aria-describedby). Values come from the form's machine and every change goes back to it. User
// text is only ever rendered as text.

/** A field's error: its own, or the first of its parts (an item of a list, a line of a text that holds several). */
export function errorOf(errors: FormErrors, name: string): string | undefined {
  return errors[name] ?? Object.entries(errors).find(([k]) => k.startsWith(`${name}.`))?.[1];
}

interface ControlProps {
  field: FieldDefinition;
  form: Pick<Form, 'values' | 'errors' | 'set'>;
  /** the input's id, which its label and error refer to. */
  id: string;
  testId: string;
  /** the id of the element that shows the field's error. */
  errorId: string;
  onKeyDown?: KeyboardEventHandler;
  style?: React.CSSProperties;
}

/** One field's input, named by its label (`id`) or, with a hidden label, by aria-label. */
export function FieldControl({ field: f, form, id, testId, errorId, onKeyDown, style }: ControlProps) {
  const { t } = useTranslation();
  const v = form.values[f.name];
  const set = (value: unknown) => form.set(f.name, value);
  const invalid = Boolean(errorOf(form.errors, f.name));
  const aria = {
    'aria-invalid': invalid || undefined,
    'aria-describedby': invalid ? errorId : undefined,
    'aria-label': f.labelHidden ? t(f.label) : undefined,
  };
  const common = {
    'data-testid': testId,
    className: invalid ? 'p-invalid' : undefined,
    placeholder: f.placeholder ? t(f.placeholder) : undefined,
    autoFocus: f.autoFocus,
    disabled: f.disabled,
    style,
    onKeyDown,
    ...aria,
  };
  switch (f.kind) {
    case 'select':
      return (
        <Dropdown
          inputId={id}
          {...common}
          value={v === '' ? null : v}
          options={f.options ?? []}
          emptyMessage={f.emptyMessage ? t(f.emptyMessage) : undefined}
          onChange={(e) => set(e.value ?? '')}
        />
      );
    case 'password':
      return (
        <Password
          inputId={id}
          {...common}
          value={String(v ?? '')}
          onChange={(e) => set(e.target.value)}
          feedback={false}
          toggleMask
        />
      );
    case 'textarea':
      return (
        <InputTextarea
          id={id}
          {...common}
          value={String(v ?? '')}
          onChange={(e) => set(e.target.value)}
          rows={f.rows ?? 3}
        />
      );
    case 'number':
      return (
        <InputNumber
          inputId={id}
          {...common}
          value={typeof v === 'number' ? v : null}
          onValueChange={(e) => set(e.value ?? null)}
        />
      );
    case 'date':
      return (
        <Calendar
          inputId={id}
          {...common}
          showTime
          hourFormat="24"
          showButtonBar
          value={v ? new Date(Number(v)) : null}
          onChange={(e) => set(e.value instanceof Date ? e.value.getTime() : null)}
        />
      );
    case 'checkbox':
      return <Checkbox inputId={id} {...common} checked={Boolean(v)} onChange={(e) => set(Boolean(e.checked))} />;
    case 'media': {
      const m = f.media!;
      return (
        <MediaField
          endpoint={m.endpoint}
          types={m.types}
          mediaType={String(form.values[m.typeField] ?? '')}
          mediaUrl={String(v ?? '')}
          testId={testId}
          onChange={(p) => (
            p.mediaType !== undefined && form.set(m.typeField, p.mediaType),
            p.mediaUrl !== undefined && set(p.mediaUrl)
          )}
        />
      );
    }
    default:
      return <InputText id={id} {...common} value={String(v ?? '')} onChange={(e) => set(e.target.value)} />;
  }
}

/** A field's error at the field; `id` is what its input's aria-describedby names. */
export function FieldError({
  errors,
  name,
  id,
  testId,
  params,
}: {
  errors: FormErrors;
  name: string;
  id: string;
  testId?: string;
  params?: Record<string, string | number>;
}) {
  const m = errorOf(errors, name);
  if (!m) return null;
  return (
    <small className="p-error" id={id} data-testid={testId}>
      {messageText(m, params)}
    </small>
  );
}

const stacked = (f: FieldDefinition): React.CSSProperties => ({
  display: 'flex',
  flexDirection: f.kind === 'checkbox' ? 'row-reverse' : 'column',
  justifyContent: 'flex-end',
  gap: 4,
  marginBottom: 10,
});
/** a field in a row (a one-line tool form beside its button): its error under its input, no space below. */
const inRow = (f: FieldDefinition): React.CSSProperties => ({
  display: 'flex',
  flexDirection: 'column',
  gap: 4,
  flex: f.grow ? 1 : undefined,
});

/** The fields of a form in order: label, input (and what goes beside or under it), error. Inputs are
 * `<testId>-<name>` unless a field names its own; errors `<testId>-<name>-error` unless `errorTestId` says. `inline`
 * lays them out as items of the row they are rendered in. */
export function FormFields({
  form,
  fields,
  testId,
  errorTestId,
  inline,
}: {
  form: Pick<Form, 'values' | 'errors' | 'set'>;
  fields: FieldDefinition[];
  testId: string;
  errorTestId?: (name: string) => string;
  inline?: boolean;
}) {
  const { t } = useTranslation();
  const uid = useId();
  return (
    <>
      {fields
        .filter((f) => !f.when || f.when(form.values))
        .map((f) => {
          const id = `${uid}-${f.name}`;
          const control = (
            <FieldControl
              field={f}
              form={form}
              id={id}
              testId={f.testId ?? `${testId}-${f.name}`}
              errorId={`${id}-error`}
            />
          );
          return (
            <div className="field" key={f.name} style={inline ? inRow(f) : stacked(f)}>
              {!f.labelHidden && <label htmlFor={id}>{t(f.label)}</label>}
              {f.addon ? (
                <div style={{ display: 'flex', gap: 8 }}>
                  {control}
                  {f.addon(form.values)}
                </div>
              ) : (
                control
              )}
              {f.note}
              <FieldError
                errors={form.errors}
                name={f.name}
                id={`${id}-error`}
                testId={errorTestId ? errorTestId(f.name) : `${testId}-${f.name}-error`}
                params={f.errorParams?.(form.values)}
              />
            </div>
          );
        })}
    </>
  );
}
