import { z } from 'zod';
import { text } from '../bounds';
import { defineEndpoint, emptyRequest } from '../endpoint';
import { callbackUrlProblem } from '../validation/callback-address';
import { foldKeyword, OPT_WORD_MAX } from '../validation/opt-keywords';

// Keyword rules for replies (MO), per enterprise: a reply whose text is a rule's keyword (compared as opt-out keywords
// are, contract/validation/opt-keywords.ts) is answered automatically (charged like any send), forwarded to an address
// (signed like the other callbacks) and/or tagged. The opt-out and opt-in keywords are rules of the same kind, kept in
// the opt-out settings; a custom rule may not take one of their words, so what a reply does is never ambiguous.

export const REPLY_RULES_MAX = 50;
export const REPLY_KEYWORD_MAX = OPT_WORD_MAX;
export const REPLY_ANSWER_MAX = 500;
export const REPLY_URL_MAX = 500;
export const REPLY_TAG_MAX = 20;
/** A rule's id: a ULID the platform gives it. */
const ruleId = text(40).min(1);

const forwardUrl = z
  .string()
  .max(REPLY_URL_MAX, { error: 'replyRule.urlTooLong' })
  .trim()
  // the platform refuses a private address unless configured for a closed network (the callbacks' own rule)
  .refine((s) => s === '' || callbackUrlProblem(s, true) !== 'v.url.invalid', { error: 'v.url.invalid' })
  .refine((s) => s === '' || callbackUrlProblem(s, true) !== 'v.url.credentials', { error: 'v.url.credentials' });

/** A rule as saved: without `id`, a new one. At least one of answer, forward address and tag. */
export const replyRuleInputSchema = z
  .object({
    id: ruleId.optional(),
    keyword: z
      .string()
      .trim()
      .min(1, { error: 'replyRule.keywordRequired' })
      .max(REPLY_KEYWORD_MAX, { error: 'replyRule.keywordTooLong' })
      // a word of punctuation alone folds to nothing and could never match
      .refine((s) => s === '' || foldKeyword(s) !== '', { error: 'replyRule.keywordEmpty' }),
    answer: z.string().trim().max(REPLY_ANSWER_MAX, { error: 'replyRule.answerTooLong' }),
    forwardUrl,
    tag: z.string().trim().max(REPLY_TAG_MAX, { error: 'replyRule.tagTooLong' }),
  })
  .refine((r) => r.answer !== '' || r.forwardUrl !== '' || r.tag !== '', {
    path: ['answer'],
    error: 'replyRule.noAction',
  });
export type ReplyRuleInput = z.infer<typeof replyRuleInputSchema>;

export const replyRuleSchema = z.object({
  id: z.string(),
  keyword: z.string(),
  answer: z.string(),
  forwardUrl: z.string(),
  tag: z.string(),
  updatedAt: z.number().int(),
  updatedBy: z.string(),
});
export type ReplyRule = z.infer<typeof replyRuleSchema>;

export const replyRuleListSchema = z.object({
  /** the opt-out settings' keywords: built-in rules, changed in the opt-out settings. */
  optOutWords: z.array(z.string()),
  optInWords: z.array(z.string()),
  rules: z.array(replyRuleSchema),
  /** what one segment of an automatic answer costs the caller's account (yuan) to a mainland mobile; null without a
   * price. An answer to an international number costs that country's price. */
  segmentPrice: z.number().nullable(),
});
export type ReplyRuleList = z.infer<typeof replyRuleListSchema>;

export const replyRuleListEndpoint = defineEndpoint({
  path: '/replyRule/list',
  doc: "The enterprise's reply keyword rules, its opt-out and opt-in keywords (built-in rules) and the price of one answer segment.",
  request: emptyRequest,
  response: replyRuleListSchema,
});

export const replyRuleSaveEndpoint = defineEndpoint({
  path: '/replyRule/save',
  doc: 'Adds a reply keyword rule (no id) or changes one; enterprise admins only. A keyword of the opt-out settings is refused.',
  request: replyRuleInputSchema,
  response: replyRuleSchema,
});

export const replyRuleDeleteEndpoint = defineEndpoint({
  path: '/replyRule/delete',
  doc: 'Removes a reply keyword rule; enterprise admins only.',
  request: z.object({ id: ruleId }),
  response: z.object({ id: z.string() }),
});
