import { Button } from 'primereact/button';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { FormInput, FormValues } from '../../machines/form.machine';
import type { FieldDefinition } from '../forms/field-definition';
import { FormFields } from '../forms/form-fields';
import { messageText } from '../forms/message-text';
import { useForm } from '../forms/use-form';

// The carrier screens' forms (a carrier, its weight, a route): the values turned into the contract's request and
// checked with the endpoint's own schema before anything is sent, then sent online (no queued command: a carrier's
// password must not wait in the local event log). A platform refusal naming a field is shown at that field.

/** Each field's error names the field and says what it takes (`<rules>.<name>`): the contract's own bounds come as
 * zod issues without a rule message of their own, which the form reports as a field that is not valid. */
export const withRules = (fields: FieldDefinition[], t: TFunction, rules: string): FieldDefinition[] =>
  fields.map((f) => ({
    ...f,
    errorParams: () => ({ field: t(f.label), reason: t(`${rules}.${f.name}`, { defaultValue: '' }) }),
  }));

export function CarrierFormShell({
  input,
  fields,
  submit,
  submitLabel,
  testId,
  onDone,
}: {
  /** read once, when the form mounts. */
  input: Pick<FormInput, 'schema' | 'values' | 'request'>;
  fields: FieldDefinition[];
  submit: (request: never) => Promise<unknown>;
  submitLabel: string;
  testId: string;
  onDone: (result: unknown) => void;
}) {
  const { t } = useTranslation();
  const form = useForm(
    { ...input, sends: 'parsed', rejectionAtField: true },
    (v: FormValues) => submit(v as never),
    onDone,
  );
  return (
    <form
      data-testid={testId}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        form.submit();
      }}
    >
      <FormFields form={form} fields={fields} testId={testId} />
      {form.failure && (
        <p className="p-error" role="alert" data-testid={`${testId}-failure`}>
          {messageText(form.failure)}
        </p>
      )}
      <Button type="submit" data-testid={`${testId}-submit`} label={t(submitLabel)} loading={form.busy} />
    </form>
  );
}
