import { Button } from 'primereact/button';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormErrors, FormValues } from '../../machines/form.machine';
import type { FieldDefinition, FieldOption } from '../forms/field-definition';
import { FieldControl, FieldError } from '../forms/form-fields';
import { RemoveItem } from '../forms/item-controls';
import { messageText } from '../forms/message-text';
import type { Form } from '../forms/use-form';

// The accounts of the enterprise that keep to a daily cap of their own: one row each, an account and its cap, edited
// through the form's item events so a row's errors (`dailyCaps.2.cap`) are told in that row.

export const DAILY_CAPS = 'dailyCaps';

interface Row {
  cusId: string;
  cap: number | null;
}

const ACCOUNT: FieldDefinition = { name: 'cusId', label: 'policy.account', kind: 'select' };
const CAP: FieldDefinition = { name: 'cap', label: 'policy.accountCap', kind: 'number' };

/** One row as a form of its own for the shared renderer: its values, its errors, its changes sent as an item event. */
function rowForm(form: Pick<Form, 'errors' | 'item'>, row: Row, index: number) {
  const errors: FormErrors = {};
  for (const name of ['cusId', 'cap']) {
    const m = form.errors[`${DAILY_CAPS}.${index}.${name}`];
    if (m) errors[name] = m;
  }
  return {
    values: row as unknown as FormValues,
    errors,
    set: (name: string, value: unknown) => form.item.set(DAILY_CAPS, index, { [name]: value }),
  };
}

export function DailyCapsTable({
  form,
  accounts,
  newCap,
}: {
  form: Pick<Form, 'values' | 'errors' | 'item'>;
  /** the enterprise's accounts to choose from. */
  accounts: FieldOption[];
  /** the cap a new row starts with. */
  newCap: number;
}) {
  const { t } = useTranslation();
  const uid = useId();
  const rows = (Array.isArray(form.values[DAILY_CAPS]) ? form.values[DAILY_CAPS] : []) as Row[];
  // a row added from the keyboard takes the focus to its account, where the next keystrokes belong
  const added = useRef(false);
  useEffect(() => {
    if (!added.current) return;
    added.current = false;
    document.getElementById(`${uid}-${rows.length - 1}-cusId`)?.focus();
  }, [rows.length, uid]);
  // an account chosen before that the list no longer names (or not yet) still shows, by its id
  const known = new Set(accounts.map((a) => a.value));
  const options = [
    ...accounts,
    ...rows.filter((r) => r.cusId && !known.has(r.cusId)).map((r) => ({ value: r.cusId, label: r.cusId })),
  ];
  const listError = form.errors[DAILY_CAPS];
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 6 }}>
      {rows.length === 0 ? (
        <small data-testid="policy-dailyCaps-empty">{t('policy.noAccounts')}</small>
      ) : (
        <table
          data-testid="policy-dailyCaps"
          className="send-policy-accounts"
          style={{ borderCollapse: 'collapse', alignSelf: 'flex-start' }}
        >
          <thead>
            <tr>
              <th scope="col" style={{ textAlign: 'start', paddingInlineEnd: 8 }}>
                {t('policy.account')}
              </th>
              <th scope="col" style={{ textAlign: 'start', paddingInlineEnd: 8 }}>
                {t('policy.accountCap')}
              </th>
              <td />
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => {
              const sub = rowForm(form, row, i);
              const cell = (f: FieldDefinition, label: string) => {
                const id = `${uid}-${i}-${f.name}`;
                return (
                  <td style={{ verticalAlign: 'top', paddingInlineEnd: 8, paddingBottom: 6 }}>
                    <label htmlFor={id} className="visually-hidden">
                      {label}
                    </label>
                    <div style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
                      <FieldControl
                        field={f.name === 'cusId' ? { ...f, options } : f}
                        form={sub}
                        id={id}
                        testId={`policy-dailyCaps-${i}-${f.name}`}
                        errorId={`${id}-error`}
                      />
                      <FieldError
                        errors={sub.errors}
                        name={f.name}
                        id={`${id}-error`}
                        testId={`policy-dailyCaps-${i}-${f.name}-error`}
                      />
                    </div>
                  </td>
                );
              };
              return (
                <tr key={i}>
                  {cell(ACCOUNT, t('policy.rowAccount', { n: i + 1 }))}
                  {cell(CAP, t('policy.rowCap', { n: i + 1 }))}
                  <td style={{ verticalAlign: 'top' }}>
                    <RemoveItem
                      form={form}
                      field={DAILY_CAPS}
                      index={i}
                      label={t('policy.removeRow', { n: i + 1 })}
                      testId={`policy-dailyCaps-${i}-remove`}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {listError && (
        <small className="p-error" data-testid="policy-dailyCaps-error" role="alert">
          {messageText(listError)}
        </small>
      )}
      <span>
        <Button
          type="button"
          size="small"
          text
          icon="pi pi-plus"
          data-testid="policy-dailyCaps-add"
          label={t('policy.addAccount')}
          onClick={() => {
            added.current = true;
            form.item.add(DAILY_CAPS, { cusId: '', cap: newCap });
          }}
        />
      </span>
    </div>
  );
}
