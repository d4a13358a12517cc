import i18next from 'i18next';
import { confirmDialog } from 'primereact/confirmdialog';
import { notify } from '../ui/notify';
import { deleteQuestion } from './delete-question';

/** Asks whether to delete the row, by its name where it has one (else its number), then deletes; a refusal is told
 * in the platform's words. */
export function confirmDelete(
  n: string,
  remove: () => Promise<unknown>,
  after?: () => void,
  name?: string | null,
  question?: string,
): void {
  confirmDialog({
    header: i18next.t('lib.confirmTitle'),
    message: question ?? deleteQuestion((k, p) => i18next.t(k, p), n, name),
    icon: 'pi pi-exclamation-triangle',
    acceptClassName: 'p-button-danger',
    acceptLabel: i18next.t('lib.delete'),
    rejectLabel: i18next.t('lib.cancel'),
    accept: () => {
      void remove()
        .catch((e: Error) => notify({ severity: 'error', summary: e.message }))
        .finally(after);
    },
  });
}
