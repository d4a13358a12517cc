import { isMessageKey, translate, type MessageParams } from '../../contract/messages';
import { getLanguage } from '../ui/language';

/** A form message in the chosen language: a catalogue key (`v.*`, `error.*`) translated, the platform's own (already
 * localized) text as it is. */
export const messageText = (m: string, params?: MessageParams) =>
  isMessageKey(m) ? translate(getLanguage(), m, params) : m;
