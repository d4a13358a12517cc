import type { LibraryFeed } from '../../contract/endpoints/library-feed.endpoints';
import { feedCols, type FeedSource } from '../feed/feed-source';
import { ms } from '../lists/list-query';

// Templates, groups and members as SQL, like records/sources.ts: one select list yields the contract document for
// lists, details, downloads and the change feed. `base` hides tombstones from lists; the feed keeps them.

export const LIBRARY_SOURCES: Record<LibraryFeed, FeedSource> = {
  contentTemplate: {
    table: 'content_templates',
    alias: 'ct',
    from: 'content_templates ct',
    select: `ct.template_id as id, 'content' as kind, ct.template_id, ct.cus_id, ct.template_content, ct.check_status, ct.result_desc, ${ms('ct.check_time')} as check_time,
      ${ms('ct.create_time')} as create_time, ct.keyword, ${feedCols('ct')}`,
    scope: 'ct.cus_id',
    time: 'ct.create_time',
    key: 'ct.template_id',
    horizon: 'ct.create_time',
    base: 'ct.deleted = false',
  },
  videoTemplate: {
    table: 'video_templates',
    alias: 'vt',
    from: 'video_templates vt',
    select: `vt.cus_template_id as id, 'video' as kind, vt.cus_template_id, vt.gate_template_id, 'video' as "templateTypeStr", vt.title, vt.template_sign, vt.remark, vt.size,
      vt.status, vt.result_desc, ${ms('vt.create_time')} as create_time, ${ms('vt.update_time')} as update_time, vt.cus_id, vt.frames,
      ${feedCols('vt')}`,
    scope: 'vt.cus_id',
    time: 'vt.create_time',
    key: 'vt.cus_template_id',
    horizon: 'vt.create_time',
    base: 'vt.deleted = false',
  },
  cspTemplate: {
    table: 'csp_templates',
    alias: 'cs',
    from: 'csp_templates cs',
    select: `cs.template_id as id, 'csp' as kind, cs.template_id, cs.gate_template_id, cs.template_name, cs.chatbot_id, cs.autograph, cs.low_type, cs.template_status,
      cs.result_desc, ${ms('cs.create_time')} as create_time, cs.cus_id, cs.content->'cards' as cards, cs.content->>'smsContent' as "smsContent",
      cs.content->>'videoTitle' as "videoTitle", cs.content->'videoFrames' as "videoFrames", cs.content->>'readContent' as "readContent",
      ${feedCols('cs')}`,
    scope: 'cs.cus_id',
    time: 'cs.create_time',
    key: 'cs.template_id',
    horizon: 'cs.create_time',
    base: 'cs.deleted = false',
  },
  addressGroup: {
    table: 'address_groups',
    alias: 'g',
    from: 'address_groups g',
    select: `g.group_id as id, 'group' as kind, '' as mobile, g.group_id as "groupId", g.group_name as "groupName", g.remark, g.member_count as "memberCount",
      ${ms('g.create_time')} as create_time, g.cus_id, ${feedCols('g')}`,
    scope: 'g.cus_id',
    time: 'g.create_time',
    key: 'g.group_id',
    horizon: 'g.create_time',
    base: 'g.deleted = false',
  },
  addressMember: {
    table: 'address_members',
    alias: 'am',
    from: 'address_members am join address_groups g on g.group_id = am.group_id',
    // a deleted group's members stay live until its purge reaches them (library/group-purge.ts): they are read only
    // through a live group, so the count needs the join too
    countFrom: 'address_members am join address_groups g on g.group_id = am.group_id',
    select: `am.id, 'member' as kind, am.name, am.mobile, am.email, am.group_id as "groupId", g.group_name as "groupName", am.job_number as "jobNumber",
      am.gender, am.birthday, am.remark, ${ms('am.create_time')} as create_time, am.cus_id, ${feedCols('am')}`,
    scope: 'am.cus_id',
    time: 'am.create_time',
    key: 'am.id',
    horizon: 'am.create_time',
    base: 'am.deleted = false and g.deleted = false',
  },
};

/** List and detail answers carry the contract entity: the feed columns and the local `kind` go. */
export function withoutFeed<T extends Record<string, unknown>>(
  row: T,
): Omit<T, 'seq' | 'deleted' | 'updated_at' | 'kind'> {
  const { seq: _s, deleted: _d, updated_at: _u, kind: _k, ...doc } = row;
  return doc;
}
