import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import type { FormInput, FormValues } from '../../machines/form.machine';
import type { FieldDefinition } from '../forms/field-definition';
import { FormFields } from '../forms/form-fields';
import { messageText } from '../forms/message-text';
import { useForm } from '../forms/use-form';

// The account forms (add sub-account, charge, change password, the settings sections): the contract's rules checked
// before anything is sent, the parsed values (numbers coerced, texts trimmed) sent as the endpoint's request, and a
// platform rejection shown on the field it names.

export function AccountForm({
  form: input,
  fields,
  submit,
  submitLabel,
  testId,
  onDone,
  confirm,
}: {
  /** the schema and the first values; read once, when the form mounts. */
  form: Pick<FormInput, 'schema' | 'values'>;
  fields: FieldDefinition[];
  submit: (values: never) => Promise<unknown>;
  submitLabel: string;
  testId: string;
  onDone?: (result: unknown) => void;
  /** asks before sending (push addresses, which the platform starts calling at once). */
  confirm?: (go: () => void) => void;
}) {
  const { t } = useTranslation();
  const form = useForm(
    { ...input, sends: 'parsed', rejectionAtField: true },
    (v: FormValues) => submit(v as never),
    onDone,
  );
  const { done } = form;
  return (
    <form
      className="account-form"
      data-testid={testId}
      onSubmit={(e) => {
        e.preventDefault();
        if (confirm) confirm(form.submit);
        else form.submit();
      }}
    >
      <FormFields form={form} fields={fields} testId={testId} />
      {form.failure && <small className="p-error">{messageText(form.failure)}</small>}
      <Button type="submit" data-testid={`${testId}-submit`} label={t(submitLabel)} loading={form.busy} />
      {done && (
        <span data-testid={`${testId}-done`} className="form-done" style={{ marginLeft: 8 }}>
          {t('account.saved')}
        </span>
      )}
    </form>
  );
}
