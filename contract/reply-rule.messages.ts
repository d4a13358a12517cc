import type { Language } from './constants';
import {
  REPLY_ANSWER_MAX,
  REPLY_KEYWORD_MAX,
  REPLY_RULES_MAX,
  REPLY_TAG_MAX,
  REPLY_URL_MAX,
} from './endpoints/reply-rule.endpoints';

// Messages of the reply keyword rules: their form's rules (bounds written in from the contract), who may change them,
// and why a save is refused.
export const REPLY_RULE_MESSAGES: Record<string, Record<Language, string>> = {
  'replyRule.keywordRequired': { zh: '请填写关键词', en: 'Enter a keyword' },
  'replyRule.keywordTooLong': {
    zh: `关键词最多 ${REPLY_KEYWORD_MAX} 个字`,
    en: `A keyword takes at most ${REPLY_KEYWORD_MAX} characters`,
  },
  'replyRule.keywordEmpty': { zh: '关键词不能只有标点或空格', en: 'A keyword needs more than punctuation and spaces' },
  'replyRule.answerTooLong': {
    zh: `自动回复最多 ${REPLY_ANSWER_MAX} 个字`,
    en: `The answer takes at most ${REPLY_ANSWER_MAX} characters`,
  },
  'replyRule.urlTooLong': {
    zh: `转发地址最多 ${REPLY_URL_MAX} 个字符`,
    en: `The forward address takes at most ${REPLY_URL_MAX} characters`,
  },
  'replyRule.tagTooLong': {
    zh: `标签最多 ${REPLY_TAG_MAX} 个字`,
    en: `A tag takes at most ${REPLY_TAG_MAX} characters`,
  },
  'replyRule.noAction': {
    zh: '请至少填写自动回复、转发地址或标签之一',
    en: 'Give the rule an answer, a forward address or a tag',
  },
  'replyRule.optWord': {
    zh: '“{word}”是退订或订阅关键词，请在退订设置中修改',
    en: '"{word}" is an opt-out or opt-in keyword: change it in the opt-out settings',
  },
  'replyRule.keywordTaken': { zh: '已有关键词为“{word}”的规则', en: 'A rule with the keyword "{word}" already exists' },
  'replyRule.tooMany': {
    zh: `每个企业最多 ${REPLY_RULES_MAX} 条回复规则`,
    en: `An enterprise has at most ${REPLY_RULES_MAX} reply rules`,
  },
  'replyRule.notFound': { zh: '该回复规则不存在或已删除', en: 'No such reply rule, or it was deleted' },
  'replyRule.adminOnly': {
    zh: '只有企业管理员可以修改回复规则',
    en: "Only the enterprise's admin may change the reply rules",
  },
  'replyRule.saved': { zh: '回复规则已保存', en: 'Reply rule saved' },
  'replyRule.deleted': { zh: '回复规则已删除', en: 'Reply rule deleted' },
  'activity.command.replyRule.save': { zh: '保存回复规则', en: 'Save a reply rule' },
  'activity.command.replyRule.delete': { zh: '删除回复规则', en: 'Delete a reply rule' },
  'activity.target.replyRule': { zh: '企业回复规则', en: "The enterprise's reply rules" },
};
