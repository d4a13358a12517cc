-- Keyword rules for replies, per enterprise (contract/endpoints/reply-rule.endpoints.ts). `keyword` is the word as
-- typed, `folded` the form replies are compared in (contract/validation/opt-keywords.ts): one rule per folded word, and
-- the reply path finds a reply's rule by it.
create table reply_rules (
  id text primary key,
  ep_id text not null,
  keyword text not null,
  folded text not null,
  answer text not null default '',
  forward_url text not null default '',
  tag text not null default '',
  updated_at timestamptz not null default now(),
  updated_by text not null default '',
  unique (ep_id, folded)
);

-- The tag a rule gave a reply, shown in the reply list and the conversations.
alter table mo_records add column tag text not null default '';

-- One automatic answer per reply (mo_sn), and the batch it went out in: a reply to an answer is never answered, so a
-- phone that answers every message with the same word gets one answer, not a loop of them.
create table reply_rule_answers (
  mo_sn text primary key,
  batch_id text not null,
  rule_id text not null,
  created_at timestamptz not null default now()
);
create index reply_rule_answers_batch on reply_rule_answers(batch_id);
