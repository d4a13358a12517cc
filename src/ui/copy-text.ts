import i18next from 'i18next';
import { notify } from './notify';

/** Puts text on the clipboard and says whether it went: a browser that refuses (no permission, an insecure page) is
 * told to the user, who can still select the text by hand. */
export function copyText(text: string): Promise<void> {
  return navigator.clipboard.writeText(text).then(
    () => notify({ severity: 'success', summary: i18next.t('common.copied') }),
    () => notify({ severity: 'warn', summary: i18next.t('common.copyFailed') }),
  );
}
