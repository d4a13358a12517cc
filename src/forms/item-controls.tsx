import { Button } from 'primereact/button';
import { useTranslation } from 'react-i18next';
import type { Form } from './use-form';

/** The head of one item in a form's ordered list (a card, a frame): its title, then move up, move down and remove,
 * each an item event on the form's machine. */
export function ItemControls({
  form,
  field,
  index,
  count,
  title,
}: {
  form: Pick<Form, 'item'>;
  /** the list's field. */
  field: string;
  index: number;
  /** how many items the list holds (the last cannot move down). */
  count: number;
  /** already translated. */
  title: string;
}) {
  const { t } = useTranslation();
  return (
    <span style={{ display: 'flex', gap: 4, alignItems: 'center' }}>
      <b>{title}</b>
      <Button
        type="button"
        size="small"
        text
        icon="pi pi-arrow-up"
        aria-label={t('lib.up')}
        disabled={index === 0}
        onClick={() => form.item.move(field, index, -1)}
      />
      <Button
        type="button"
        size="small"
        text
        icon="pi pi-arrow-down"
        aria-label={t('lib.down')}
        disabled={index === count - 1}
        onClick={() => form.item.move(field, index, 1)}
      />
      <RemoveItem form={form} field={field} index={index} label={t('lib.remove')} />
    </span>
  );
}

/** The button that removes one item of a form's list (an item event on the form's machine): in an item's head above,
 * or in a table's row. */
export function RemoveItem({
  form,
  field,
  index,
  label,
  testId,
}: {
  form: Pick<Form, 'item'>;
  /** the list's field. */
  field: string;
  index: number;
  /** its accessible name, already translated: which item it removes where there are several. */
  label: string;
  testId?: string;
}) {
  return (
    <Button
      type="button"
      size="small"
      text
      severity="danger"
      icon="pi pi-times"
      aria-label={label}
      data-testid={testId}
      onClick={() => form.item.remove(field, index)}
    />
  );
}
