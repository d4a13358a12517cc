import { SEGMENT_UCS2_MULTI } from './constants';

// The one bound on a message's text, for every door a message comes in by: the console's send forms, the HTTP API
// and SMPP (a long message counted once joined). Characters are UTF-16 code units, as the forms' validation counts.

/** The most characters one message may have. */
export const MESSAGE_TEXT_MAX = 2000;

/** The most segments the longest allowed text can take (every character UCS-2): a long message announcing more parts
 * than this cannot stay within MESSAGE_TEXT_MAX. */
export const MESSAGE_SEGMENTS_MAX = Math.ceil(MESSAGE_TEXT_MAX / SEGMENT_UCS2_MULTI);

export function isMessageTooLong(text: string): boolean {
  return text.length > MESSAGE_TEXT_MAX;
}
