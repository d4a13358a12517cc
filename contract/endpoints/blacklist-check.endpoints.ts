import { z } from 'zod';
import { INDEXED_TEXT_MAX, text } from '../bounds';
import { defineEndpoint } from '../endpoint';

// The blacklist is kept by the platform (numbers that replied to unsubscribe, per enterprise): the send forms ask it
// before confirming, so the counts and the cost they show leave those numbers out as the send itself will.

/** The most numbers one check takes: a send's whole list. */
export const BLACKLIST_CHECK_MAX = 100_000;

export const blacklistCheckEndpoint = defineEndpoint({
  path: '/send/blacklistCheck',
  doc: "Which of the numbers (as the send form checked them: one valid number per item) the blacklist refuses for the account (its enterprise's entries and the account's own), with why; nothing is sent or charged.",
  request: z.object({
    /** the account the send is for. */
    cus_id: text(INDEXED_TEXT_MAX).trim().min(1),
    mobiles: z.array(text(40).trim()).max(BLACKLIST_CHECK_MAX),
  }),
  response: z.object({
    /** the listed numbers among `mobiles`, in their order. */
    blacklisted: z.array(z.string()),
    count: z.number().int(),
    /** why each listed number is refused (its entry's source and scope), in the caller's language, in the same order. */
    reasons: z.array(z.string()),
  }),
});
