import { Button } from 'primereact/button';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  optOutSettingsFormSchema,
  optOutSettingsGetEndpoint,
  type OptOutSettings,
} from '../../contract/endpoints/mobile-black.endpoints';
import { runCommand } from '../data/platform-actions';
import { usePlatformRead } from '../data/use-platform-read';
import type { FieldDefinition } from '../forms/field-definition';
import { FormDialog } from '../forms/form-dialog';
import { FormFields } from '../forms/form-fields';
import { messageText } from '../forms/message-text';
import { useForm } from '../forms/use-form';

// The enterprise admin's opt-out settings: which replies opt a number out or back in, whether an opt-out stops the
// whole enterprise or only the account answered, and the confirmation a recipient gets (free, once per change).

const FIELDS: FieldDefinition[] = [
  { name: 'optOutWords', label: 'black.optOutWords', kind: 'textarea', rows: 3 },
  { name: 'optInWords', label: 'black.optInWords', kind: 'textarea', rows: 2 },
  { name: 'scope', label: 'black.scope', kind: 'select' },
  { name: 'confirm', label: 'black.confirm', kind: 'checkbox' },
  { name: 'confirmOutZh', label: 'black.confirmOutZh', kind: 'textarea', rows: 2, when: (v) => v.confirm === true },
  { name: 'confirmOutEn', label: 'black.confirmOutEn', kind: 'textarea', rows: 2, when: (v) => v.confirm === true },
  { name: 'confirmInZh', label: 'black.confirmInZh', kind: 'textarea', rows: 2, when: (v) => v.confirm === true },
  { name: 'confirmInEn', label: 'black.confirmInEn', kind: 'textarea', rows: 2, when: (v) => v.confirm === true },
];

function SettingsForm({ settings, onDone }: { settings: OptOutSettings; onDone: () => void }) {
  const { t } = useTranslation();
  const form = useForm(
    {
      schema: optOutSettingsFormSchema,
      values: { ...settings, optOutWords: settings.optOutWords.join('\n'), optInWords: settings.optInWords.join('\n') },
      sends: 'parsed',
      rejectionAtField: true,
    },
    (parsed) => runCommand('blacklist.settings', 'blacklist:settings', parsed as Record<string, unknown>),
    () => onDone(),
  );
  const fields = useMemo(
    () =>
      FIELDS.map((f) =>
        f.name === 'scope'
          ? {
              ...f,
              options: [
                { value: 'enterprise', label: t('black.scopeEnterprise') },
                { value: 'account', label: t('black.scopeAccount') },
              ],
            }
          : f,
      ),
    [t],
  );
  return (
    <form
      data-testid="opt-out-settings"
      style={{ display: 'flex', flexDirection: 'column', gap: 8, minWidth: 420 }}
      onSubmit={(e) => {
        e.preventDefault();
        form.submit();
      }}
    >
      <FormFields form={form} fields={fields} testId="opt-out" />
      {form.failure && <small className="p-error">{messageText(form.failure)}</small>}
      <Button type="submit" data-testid="opt-out-save" label={t('black.save')} loading={form.busy} />
    </form>
  );
}

/** The button that opens the settings (enterprise admins only: the platform refuses everyone else); `onSaved` tells a
 * screen that shows the keywords to read them again. */
export function OptOutSettingsButton({ onSaved }: { onSaved?: () => void } = {}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [version, setVersion] = useState(0);
  const { data, failure } = usePlatformRead(optOutSettingsGetEndpoint, {}, { enabled: open, refresh: version });
  const close = () => {
    setOpen(false);
    setVersion((v) => v + 1);
    onSaved?.();
  };
  return (
    <>
      <Button
        size="small"
        text
        icon="pi pi-cog"
        label={t('black.settings')}
        data-testid="opt-out-open"
        onClick={() => setOpen(true)}
      />
      <FormDialog header={t('black.settings')} visible={open} onHide={() => setOpen(false)}>
        {open && (data ? <SettingsForm settings={data} onDone={close} /> : failure)}
      </FormDialog>
    </>
  );
}
