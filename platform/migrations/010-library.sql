-- Templates (content, video, CSP), address books and uploaded files. Templates, groups and members are
-- replicated like records (seq, deleted, updated_at); review_at is when the review simulator moves a
-- template on (null once final).

create table content_templates (
  template_id text primary key,
  cus_id text not null references accounts(cus_id),
  template_content text not null,
  keyword text not null default '',
  check_status smallint not null default 0,      -- 0 pending, 1 non-reviewed, 2 approved, 3 rejected
  result_desc text,
  check_time timestamptz,
  create_time timestamptz not null default now(),
  review_at timestamptz,
  seq bigint not null default nextval('change_seq'),
  deleted boolean not null default false,
  updated_at timestamptz not null default now()
);
create index content_templates_scope on content_templates(cus_id, create_time desc);
create index content_templates_seq on content_templates(seq);
create index content_templates_due on content_templates(review_at) where review_at is not null;
create trigger content_templates_seq_bump before update on content_templates for each row execute function bump_change_seq();
create trigger content_templates_seq_hold before insert or update on content_templates for each statement execute function hold_change_seq();

create table video_templates (
  cus_template_id text primary key,
  gate_template_id text,
  cus_id text not null references accounts(cus_id),
  title text not null,
  template_sign text not null default '',
  remark text not null default '',
  frames jsonb not null,
  size int not null default 0,                   -- bytes of the frames' materials and texts
  status smallint not null default 5,            -- 5/0 pending, 1 in review, 2 approved, 3 rejected, 4 deleted
  result_desc text,
  create_time timestamptz not null default now(),
  update_time timestamptz not null default now(),
  review_at timestamptz,
  seq bigint not null default nextval('change_seq'),
  deleted boolean not null default false,
  updated_at timestamptz not null default now()
);
create index video_templates_scope on video_templates(cus_id, create_time desc);
create index video_templates_seq on video_templates(seq);
create index video_templates_gate on video_templates(gate_template_id);
create index video_templates_due on video_templates(review_at) where review_at is not null;
create trigger video_templates_seq_bump before update on video_templates for each row execute function bump_change_seq();
create trigger video_templates_seq_hold before insert or update on video_templates for each statement execute function hold_change_seq();

create table csp_templates (
  template_id text primary key,
  gate_template_id text,
  cus_id text not null references accounts(cus_id),
  chatbot_id text not null,
  template_name text not null,
  autograph text not null default '',
  low_type text not null default '',
  content jsonb not null,                        -- cards and fallbacks (contract cspContentSchema)
  template_status smallint not null default 0,   -- 0 pending, 1-3 in review, 4 approved, 5 rejected
  result_desc text,
  create_time timestamptz not null default now(),
  review_at timestamptz,
  seq bigint not null default nextval('change_seq'),
  deleted boolean not null default false,
  updated_at timestamptz not null default now()
);
create index csp_templates_scope on csp_templates(cus_id, create_time desc);
create index csp_templates_seq on csp_templates(seq);
create index csp_templates_gate on csp_templates(gate_template_id);
create index csp_templates_due on csp_templates(review_at) where review_at is not null;
create trigger csp_templates_seq_bump before update on csp_templates for each row execute function bump_change_seq();
create trigger csp_templates_seq_hold before insert or update on csp_templates for each statement execute function hold_change_seq();

-- member_count is kept by the writers, so a group's row (and its seq) changes when its members do.
create table address_groups (
  group_id text primary key,
  cus_id text not null references accounts(cus_id),
  group_name text not null,
  remark text not null default '',
  member_count int not null default 0,
  create_time timestamptz not null default now(),
  seq bigint not null default nextval('change_seq'),
  deleted boolean not null default false,
  updated_at timestamptz not null default now()
);
create unique index address_groups_name on address_groups(cus_id, group_name) where not deleted;
create index address_groups_scope on address_groups(cus_id, create_time desc);
create index address_groups_seq on address_groups(seq);
create trigger address_groups_seq_bump before update on address_groups for each row execute function bump_change_seq();
create trigger address_groups_seq_hold before insert or update on address_groups for each statement execute function hold_change_seq();

create table address_members (
  id text primary key,
  cus_id text not null references accounts(cus_id),
  group_id text not null references address_groups(group_id),
  name text not null,
  mobile text not null,
  email text not null default '',
  job_number text not null default '',
  gender text not null default '',
  birthday text not null default '',
  remark text not null default '',
  create_time timestamptz not null default now(),
  seq bigint not null default nextval('change_seq'),
  deleted boolean not null default false,
  updated_at timestamptz not null default now()
);
create unique index address_members_mobile on address_members(group_id, mobile) where not deleted;
create index address_members_scope on address_members(cus_id, create_time desc, id);
create index address_members_group on address_members(group_id, create_time desc) where not deleted;
create index address_members_prefix on address_members(mobile text_pattern_ops);
create index address_members_seq on address_members(seq);
create trigger address_members_seq_bump before update on address_members for each row execute function bump_change_seq();
create trigger address_members_seq_hold before insert or update on address_members for each statement execute function hold_change_seq();

-- Uploaded files. Bytes live in `data` (PostgreSQL, shared by every instance; PGlite in memory) or under DATA_DIR at
-- `path`. kind: media (a template's material) or sheet (an xlsx to import or send to).
create table library_files (
  file_id text primary key,
  cus_id text not null references accounts(cus_id),
  kind text not null,
  file_name text not null,
  content_type text not null,
  size int not null,
  row_count int,
  path text,
  data bytea,
  create_time timestamptz not null default now()
);
create index library_files_scope on library_files(cus_id, create_time desc);
