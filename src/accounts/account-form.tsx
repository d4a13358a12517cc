import { useMachine } from '@xstate/react';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { InputTextarea } from 'primereact/inputtextarea';
import { Password } from 'primereact/password';
import { useEffect, useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPromise } from 'xstate';
import { isMessageKey, translate } from '../../contract/messages';
import type { createFormMachine, FormValues } from '../../machines/account-form.machine';
import { getLanguage } from '../ui/language';

// One renderer for the account forms: a field definition per input, the machine holds values and errors (§5 rules
// from the contract, platform rejections on their field). User text is only ever rendered as text.

export interface FieldDef {
  name: string;
  /** i18n key. */
  label: string;
  kind?: 'text' | 'password' | 'textarea' | 'select';
  options?: { label: string; value: string | number | boolean }[];
  /** shown only when it answers true for the current values (report and uplink addresses with proactive push). */
  when?: (values: FormValues) => boolean;
  /** beside the input, given the current values (the send-code button next to the number it sends to). */
  addon?: (values: FormValues) => ReactNode;
}

export const messageText = (m: string) => (isMessageKey(m) ? translate(getLanguage(), m) : m);

export function AccountForm({
  machine,
  fields,
  submit,
  submitLabel,
  testId,
  onDone,
  confirm,
}: {
  machine: ReturnType<typeof createFormMachine>;
  fields: FieldDef[];
  submit: (values: never) => Promise<unknown>;
  submitLabel: string;
  testId: string;
  onDone?: (result: unknown) => void;
  /** asks before sending (push addresses, spec §5 "with confirmation"). */
  confirm?: (go: () => void) => void;
}) {
  const { t } = useTranslation();
  const uid = useId();
  const [state, send] = useMachine(machine.provide({ actors: { submit: fromPromise(async ({ input }) => submit(input as never)) } }));
  const { values, errors } = state.context;
  const done = state.matches('done');
  useEffect(() => {
    if (done) onDone?.(state.context.result);
  }, [done, onDone, state.context.result]);
  const go = () => send({ type: 'form.submit' });
  return (
    <form
      className="account-form"
      data-testid={testId}
      onSubmit={(e) => {
        e.preventDefault();
        if (confirm) confirm(go);
        else go();
      }}
    >
      {fields
        .filter((f) => !f.when || f.when(values))
        .map((f) => {
          const id = `${uid}-${f.name}`;
          const v = values[f.name];
          const set = (value: unknown) => send({ type: 'form.set', field: f.name, value });
          const invalid = errors[f.name] ? 'p-invalid' : undefined;
          return (
            <div className="field" key={f.name} style={{ display: 'flex', flexDirection: 'column', gap: 4, marginBottom: 10 }}>
              <label htmlFor={id}>{t(f.label)}</label>
              {f.kind === 'select' ? (
                <Dropdown inputId={id} data-testid={`${testId}-${f.name}`} value={v} options={f.options ?? []} onChange={(e) => set(e.value)} className={invalid} />
              ) : f.kind === 'password' ? (
                <Password inputId={id} data-testid={`${testId}-${f.name}`} value={String(v ?? '')} onChange={(e) => set(e.target.value)} feedback={false} toggleMask className={invalid} />
              ) : f.kind === 'textarea' ? (
                <InputTextarea id={id} data-testid={`${testId}-${f.name}`} value={String(v ?? '')} onChange={(e) => set(e.target.value)} rows={3} className={invalid} />
              ) : f.addon ? (
                <div style={{ display: 'flex', gap: 8 }}>
                  <InputText id={id} data-testid={`${testId}-${f.name}`} value={String(v ?? '')} onChange={(e) => set(e.target.value)} className={invalid} />
                  {f.addon(values)}
                </div>
              ) : (
                <InputText id={id} data-testid={`${testId}-${f.name}`} value={String(v ?? '')} onChange={(e) => set(e.target.value)} className={invalid} />
              )}
              {errors[f.name] && (
                <small className="p-error" data-testid={`${testId}-${f.name}-error`}>
                  {messageText(errors[f.name])}
                </small>
              )}
            </div>
          );
        })}
      {errors.form && <small className="p-error">{messageText(errors.form)}</small>}
      <Button type="submit" data-testid={`${testId}-submit`} label={t(submitLabel)} loading={state.matches('submitting')} />
      {done && <span data-testid={`${testId}-done`} className="form-done" style={{ marginLeft: 8 }}>{t('account.saved')}</span>}
    </form>
  );
}
