import { Button } from 'primereact/button';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A file chooser in the console's language: the browser's own input says "Choose File / No file chosen" in the
 * browser's language whatever the console's, so it stays hidden behind a button that opens it, with the chosen file's
 * name (or "no file chosen") beside it for sight and assistive technology alike. */
export function FilePickButton({
  label,
  accept,
  testId,
  onPick,
}: {
  label: string;
  accept: string;
  testId: string;
  onPick: (file: File | undefined) => void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [name, setName] = useState('');
  const status = useId();
  return (
    <span className="file-pick" style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <input
        ref={input}
        type="file"
        hidden
        data-testid={testId}
        accept={accept}
        onChange={(e) => {
          const file = e.target.files?.[0];
          setName(file?.name ?? '');
          onPick(file);
        }}
      />
      <Button
        type="button"
        size="small"
        outlined
        icon="pi pi-upload"
        label={label}
        aria-describedby={status}
        onClick={() => input.current?.click()}
      />
      <span id={status} data-testid={`${testId}-name`} aria-live="polite">
        {name || t('common.noFileChosen')}
      </span>
    </span>
  );
}
