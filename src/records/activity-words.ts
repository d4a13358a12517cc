import type { Language } from '../../contract/constants';
import { isMessageKey, translate } from '../../contract/messages';
import type { EventDoc } from '../../sync/store/local-db';

// The event log in words: a command's type as its label, and what it acted on as the kind of thing and its name.
// Aggregates are the outbox's ordering keys (`library:member:<id>`, `account:<cus_id>`, ...), not something to show.

/** catalogue key (contract/operator.messages.ts) of a command type's label. */
export const commandKey = (type: string) => `activity.command.${type}`;

/** A command in words; a type without a label (none should be: a unit test holds every command table to it) shows
 * as it is rather than nothing. */
export const commandText = (lang: Language, type: string) =>
  isMessageKey(commandKey(type)) ? translate(lang, commandKey(type)) : type;

/** the aggregate's prefix -> the target's catalogue key. */
const TARGET_KEYS: Record<string, string> = {
  time_batch: 'activity.target.timeBatch',
  send: 'activity.target.account',
  account: 'activity.target.account',
  tools: 'activity.target.account',
  conversation: 'activity.target.conversation',
  blacklist: 'activity.target.blacklist',
  sendPolicy: 'activity.target.sendPolicy',
  replyRule: 'activity.target.replyRule',
};

const named = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** What a command acted on: "联系人 张三" from the payload's name where it carries one, else the number or account
 * the aggregate names. */
export function targetText(lang: Language, ev: Pick<EventDoc, 'aggregate' | 'payload'>): string {
  const [head, ...rest] = ev.aggregate.split(':');
  const p = ev.payload ?? {};
  if (head === 'library') {
    const [kind, ...id] = rest;
    // (a member's payload also names its group: the member's own name comes first)
    const name = named(p.name) ?? named(p.groupName) ?? named(p.template_name) ?? named(p.title);
    const key = `activity.target.${kind}`;
    if (!isMessageKey(key)) return ev.aggregate;
    // an event recorded without a name (a delete from an older console) says what kind of thing it was
    const fallback = id.join(':').startsWith('new:') ? translate(lang, 'activity.target.new') : '';
    return translate(lang, key, { name: name ?? fallback }).trim();
  }
  const key = TARGET_KEYS[head];
  if (!key) return ev.aggregate;
  // a conversation is `<cus_id>:<mobile>`: the other party's number says which
  const name = head === 'conversation' ? rest[rest.length - 1] : rest.join(':');
  return translate(lang, key, { name });
}
