import { confirmDialog } from 'primereact/confirmdialog';
import { Dialog, type DialogProps } from 'primereact/dialog';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { keepEscapeInOverlay } from './escape-key';
import { leaveDialog, UnsavedInputReport, unsavedForms } from './unsaved-input';

// The dialog every console form opens in. Escape in an open dropdown or calendar closes only its list
// (escape-key.ts). Closing the dialog by Escape or its close button over input not yet saved asks first, with the
// safe answer focused, since everything typed, passwords included, would be lost; an untouched dialog closes at once.
// Keeping on editing gives the focus back to the field it was in; leaving, to what opened the dialog.

export type FormDialogProps = Omit<DialogProps, 'onHide' | 'children'> & {
  /** closes the dialog, when nothing unsaved is in it or the user chose to leave it. */
  onHide: () => void;
  /** input not yet saved that is kept outside the form machine (a form on the machine reports its own). */
  unsaved?: boolean;
  children?: ReactNode;
};

export function FormDialog({ onHide, unsaved = false, children, ...dialog }: FormDialogProps) {
  const { t } = useTranslation();
  const [forms] = useState(unsavedForms);
  const ask = (leave: () => void) =>
    confirmDialog({
      header: t('common.discardTitle'),
      message: t('common.discardMessage'),
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: t('common.discard'),
      rejectLabel: t('common.keepEditing'),
      defaultFocus: 'reject',
      accept: leave,
    });
  return (
    <Dialog {...dialog} onHide={() => leaveDialog(unsaved || forms.any(), onHide, ask)}>
      <UnsavedInputReport.Provider value={forms.report}>
        {/* no box of its own: the dialog lays out its content as before */}
        <div style={{ display: 'contents' }} onKeyDown={keepEscapeInOverlay}>
          {children}
        </div>
      </UnsavedInputReport.Provider>
    </Dialog>
  );
}
