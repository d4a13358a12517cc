import { z } from 'zod';
import { SCHEDULE_MIN_AHEAD_MS } from '../../contract/constants';
import { timeBatchEditEndpoint } from '../../contract/endpoints/timed.endpoints';
import type { MessageParams } from '../../contract/messages';
import { isScheduleFarEnough } from '../../contract/validation/international-send.rules';
import {
  invalidPlaceholders,
  namedPlaceholders,
  PLACEHOLDER_INVALID,
} from '../../contract/validation/template-placeholders';
import { timedContentSchema } from '../../contract/validation/timed-edit.rules';
import { scheduleOf } from '../../machines/send-kinds';

// The timed edit as its form checks it: the edit endpoint's request, with the content held to the contract's edit
// rule (not blank, no ${…} that is no placeholder) and the time as typed in the account's zone, read as the send
// reads it and held to the same 10 minutes ahead. A time left as it was is left out of the request.

const TOO_SOON = 'send.timingTooSoon';

/** The rules the dialog tells as they are typed: every one of its two fields is short and checked whole. */
export const TIMED_EDIT_LIVE = [
  'v.timedEdit.contentRequired',
  PLACEHOLDER_INVALID,
  'send.timingRequired',
  'send.timingInvalid',
  TOO_SOON,
] as const;

/** The typed time as the epoch ms the request takes; undefined when it is the scheduled time still. */
const typedTiming = (zone: string, scheduledText: string, now: () => number) =>
  z
    .string()
    .transform((text, ctx) => {
      if (text.trim() === scheduledText) return undefined;
      const { at, problem } = scheduleOf({ scheduled: true, timingText: text }, zone);
      if (problem || at === null) ctx.addIssue({ code: 'custom', message: problem ?? 'send.timingInvalid' });
      else if (!isScheduleFarEnough(at, now())) ctx.addIssue({ code: 'custom', message: TOO_SOON });
      else return at;
      return z.NEVER;
    })
    .pipe(timeBatchEditEndpoint.request.shape.timing_time);

export function timedEditSchema(zone: string, scheduledText: string, now: () => number = Date.now) {
  return timeBatchEditEndpoint.request.extend({
    content: timeBatchEditEndpoint.request.shape.content.pipe(timedContentSchema),
    timing_time: typedTiming(zone, scheduledText, now),
  });
}
export type TimedEditRequest = z.output<ReturnType<typeof timedEditSchema>>;

/** What a field's message names: the misspelt placeholders of the content, the minutes ahead of the time. */
export const timedEditParams = (content: string): MessageParams => ({
  names: namedPlaceholders(invalidPlaceholders(content)),
  minutes: SCHEDULE_MIN_AHEAD_MS / 60_000,
});
