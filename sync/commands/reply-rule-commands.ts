import { replyRuleDeleteEndpoint, replyRuleSaveEndpoint } from '../../contract/endpoints/reply-rule.endpoints';
import type { CommandTable } from './command';

// The enterprise's reply keyword rules, changed through the event log and the outbox like its send policy: each change
// is in the Activity screen's trail, and one made while the network is away goes out once it is back.
export const REPLY_RULE_COMMANDS: CommandTable = {
  /** a rule as the form parsed it (no id: a new rule) */
  'replyRule.save': { endpoint: replyRuleSaveEndpoint, body: (p) => p },
  'replyRule.delete': { endpoint: replyRuleDeleteEndpoint, body: (p) => ({ id: p.id }) },
};

/** One list of rules per enterprise: its changes go out in the order they were made. */
export const REPLY_RULE_AGGREGATE = 'replyRule';
