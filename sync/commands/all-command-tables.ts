import { ACCOUNT_COMMANDS } from './account-commands';
import { BLACKLIST_COMMANDS } from './blacklist-commands';
import type { CommandTable } from './command';
import { LIBRARY_COMMANDS } from './library-commands';
import { LOG_COMMANDS } from './log-commands';
import { NOTICE_COMMANDS } from './notice-commands';
import { SEND_COMMANDS } from './send-commands';
import { REPLY_RULE_COMMANDS } from './reply-rule-commands';
import { SEND_POLICY_COMMANDS } from './send-policy-commands';
import { TIMED_COMMANDS } from './timed-commands';
import { TOOLS_COMMANDS } from './tools-commands';

// Every command the console queues, in the order the Activity screen's filter lists them. The outbox knows none of
// them by itself: the console (src/app/logged-in-console.tsx) and the tests hand it this table.
export const ALL_COMMANDS: CommandTable = {
  ...TIMED_COMMANDS,
  ...LOG_COMMANDS,
  ...SEND_COMMANDS,
  ...ACCOUNT_COMMANDS,
  ...TOOLS_COMMANDS,
  ...LIBRARY_COMMANDS,
  ...NOTICE_COMMANDS,
  ...BLACKLIST_COMMANDS,
  ...SEND_POLICY_COMMANDS,
  ...REPLY_RULE_COMMANDS,
};
