import type { FastifyInstance } from 'fastify';
import { ulid } from 'ulid';
import {
  addressBookDownloadEndpoint,
  addressBookGroupAddEndpoint,
  addressBookGroupDelEndpoint,
  addressBookGroupDetailEndpoint,
  addressBookGroupListEndpoint,
  addressBookGroupModEndpoint,
  addressBookListEndpoint,
  addressBookMemberAddEndpoint,
  addressBookMemberDelEndpoint,
  addressBookMemberDetailEndpoint,
  addressBookMemberImportEndpoint,
  addressBookMemberModEndpoint,
  ADDRESS_BOOK_ERRORS,
  groupMobileDetailEndpoint,
  hasMemberGroupListEndpoint,
} from '../../contract/endpoints/address-book.endpoints';
import type { AddressBookEntry } from '../../contract/entities.schema';
import { translate } from '../../contract/messages';
import { readableCusIds, scopeCusIds } from '../auth/scope';
import type { AppContext } from '../core/context';
import { badRequest } from '../http/api-error';
import { route } from '../http/route';
import { isUniqueViolation } from '../db/retry';
import {
  deleteMembers,
  groupMobiles,
  groupRow,
  groupsWithMembers,
  insertGroup,
  insertMember,
  markGroupDeleted,
  memberOf,
  recount,
  renameGroup,
  touchGroupMembers,
  updateMember,
  visibleGroup,
} from './address-book';
import { wakeGroupPurge } from './group-purge';
import { IMPORT_COLUMNS, importMembers } from './member-import';
import { notifyLibrary } from './notify';
import { LIBRARY_SOURCES, withoutFeed } from './sources';
import { pageOf, rowsOf, whereOf, type Filters } from '../lists/list-query';
import { sendXlsx, type Column } from '../lists/xlsx-export';

// Address book: groups of the caller's account and their members. Every read and write is
// scoped to the accounts the caller may see; another account's ids answer "no such group / contact".

type Body = Record<string, unknown> & { cus_id?: string };
const GROUPS = LIBRARY_SOURCES.addressGroup;
const MEMBERS = LIBRARY_SOURCES.addressMember;

const memberFilters: Filters<Body> = {
  groupId: { op: 'eq', column: 'am.group_id' },
  name: { op: 'contains', column: 'am.name' },
  mobile: { op: 'prefix', column: 'am.mobile' },
  startTime: { op: 'from', column: 'am.create_time' },
  endTime: { op: 'to', column: 'am.create_time' },
};
const groupFilters: Filters<Body> = { groupName: { op: 'contains', column: 'g.group_name' } };

const label = (k: string) => ({ zh: translate('zh', `library.col.${k}`), en: translate('en', `library.col.${k}`) });
const MEMBER_COLUMNS: Column<AddressBookEntry>[] = [
  { label: label('name'), value: 'name' },
  { label: label('mobile'), value: 'mobile' },
  { label: label('email'), value: 'email' },
  { label: label('jobNumber'), value: 'jobNumber' },
  { label: label('gender'), value: (m) => (m.gender ? translate('zh', `library.gender.${m.gender}`) : '') },
  { label: label('birthday'), value: 'birthday' },
  { label: label('remark'), value: 'remark' },
  { label: label('group'), value: 'groupName' },
  { label: label('createTime'), value: 'create_time', time: true },
];

async function visibleMember(ctx: AppContext, cusIds: string[], id: string): Promise<AddressBookEntry> {
  const m = await memberOf(ctx.db, cusIds, id);
  if (!m) throw badRequest('library.memberNotFound', {}, 'id');
  return withoutFeed(m) as AddressBookEntry;
}

export function registerAddressBookRoutes(app: FastifyInstance, ctx: AppContext): void {
  const changed = async (cusId: string, members = true) => {
    await notifyLibrary(ctx.db, 'addressGroup', [cusId]);
    if (members) await notifyLibrary(ctx.db, 'addressMember', [cusId]);
  };

  route(app, ctx, addressBookListEndpoint, async ({ body, user }) => {
    const page = await pageOf<Record<string, unknown>>(
      ctx.db,
      MEMBERS,
      whereOf(MEMBERS, memberFilters, body as Body, user!, readableCusIds(user!, 'data')),
      body,
    );
    return { ...page, data: page.data.map(withoutFeed) as never };
  });

  route(app, ctx, addressBookGroupListEndpoint, async ({ body, user }) => {
    const page = await pageOf<Record<string, unknown>>(
      ctx.db,
      GROUPS,
      whereOf(GROUPS, groupFilters, body as Body, user!, scopeCusIds(user!, undefined)),
      body,
    );
    return { ...page, data: page.data.map(withoutFeed) as never };
  });

  route(app, ctx, hasMemberGroupListEndpoint, async ({ user }) => {
    const rows = await groupsWithMembers(ctx.db, readableCusIds(user!, 'data'));
    return rows.map(withoutFeed) as never;
  });

  route(
    app,
    ctx,
    addressBookGroupAddEndpoint,
    async (c) => {
      const groupId = `AG${ulid()}`;
      try {
        await insertGroup(ctx.db, {
          groupId,
          cusId: c.user!.cus_id,
          groupName: c.body.groupName,
          remark: c.body.remark ?? '',
          createTime: ctx.now(),
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw badRequest(ADDRESS_BOOK_ERRORS.groupExists, {}, 'groupName');
        throw err;
      }
      await changed(c.user!.cus_id, false);
      c.message('common.added');
      return { groupId };
    },
    { idempotent: true },
  );

  route(
    app,
    ctx,
    addressBookGroupModEndpoint,
    async (c) => {
      const g = await visibleGroup(ctx.db, c.user!, c.body.groupId);
      try {
        await renameGroup(ctx.db, g.group_id, c.body.groupName, c.body.remark ?? null);
      } catch (err) {
        if (isUniqueViolation(err)) throw badRequest(ADDRESS_BOOK_ERRORS.groupExists, {}, 'groupName');
        throw err;
      }
      if (g.group_name !== c.body.groupName) await touchGroupMembers(ctx.db, g.group_id);
      await changed(g.cus_id, g.group_name !== c.body.groupName);
      c.message('common.updated');
    },
    { idempotent: true },
  );

  route(
    app,
    ctx,
    addressBookGroupDelEndpoint,
    async (c) => {
      const g = await visibleGroup(ctx.db, c.user!, c.body.groupId);
      // the members are tombstoned in batches once this has committed
      await markGroupDeleted(ctx.db, g.group_id);
      c.reply.raw.once('close', () => wakeGroupPurge(ctx));
      await changed(g.cus_id, false);
      c.message('common.deleted');
    },
    { idempotent: true },
  );

  route(app, ctx, addressBookGroupDetailEndpoint, async ({ body, user }) => {
    const g = await visibleGroup(ctx.db, user!, body.groupId);
    const row = await groupRow(ctx.db, g.group_id);
    return withoutFeed(row) as never;
  });

  route(
    app,
    ctx,
    addressBookMemberAddEndpoint,
    async (c) => {
      const g = await visibleGroup(ctx.db, c.user!, c.body.groupId);
      const id = `AM${ulid()}`;
      try {
        await ctx.db.tx(async (q) => {
          await insertMember(q, id, g, c.body, ctx.now());
          await recount(q, [g.group_id]);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw badRequest(ADDRESS_BOOK_ERRORS.memberExists, {}, 'mobile');
        throw err;
      }
      await changed(g.cus_id);
      c.message('common.added');
      return { id };
    },
    { idempotent: true },
  );

  route(
    app,
    ctx,
    addressBookMemberModEndpoint,
    async (c) => {
      const m = await visibleMember(ctx, readableCusIds(c.user!, 'data'), c.body.id);
      const g = await visibleGroup(ctx.db, c.user!, c.body.groupId);
      try {
        await ctx.db.tx(async (q) => {
          await updateMember(q, m.id, g, c.body);
          await recount(q, [m.groupId, g.group_id]);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw badRequest(ADDRESS_BOOK_ERRORS.memberExists, {}, 'mobile');
        throw err;
      }
      await changed(g.cus_id);
      c.message('common.updated');
    },
    { idempotent: true },
  );

  route(
    app,
    ctx,
    addressBookMemberDelEndpoint,
    async (c) => {
      const rows = await ctx.db.tx(async (q) => {
        const gone = await deleteMembers(q, c.body.ids, readableCusIds(c.user!, 'data'));
        await recount(
          q,
          gone.map((r) => r.group_id),
        );
        return gone;
      });
      if (rows.length === 0) throw badRequest('library.memberNotFound', {}, 'ids');
      for (const cusId of new Set(rows.map((r) => r.cus_id))) await changed(cusId);
      c.message('common.deleted');
      return { deleted: rows.length };
    },
    { idempotent: true },
  );

  route(app, ctx, addressBookMemberDetailEndpoint, async ({ body, user }) =>
    visibleMember(ctx, readableCusIds(user!, 'data'), body.id),
  );

  route(
    app,
    ctx,
    addressBookMemberImportEndpoint,
    async (c) => {
      const out = await importMembers(ctx, c.user!, c.lang, c.body.groupId, c.body.fileId, c.idempotencyKey);
      c.message('library.importDone', { imported: out.imported, invalid: out.invalid, duplicates: out.duplicates });
      return out;
      // resumable: the import is many short transactions, never one the whole file long; a retry finishes a run cut short
    },
    { idempotent: 'resumable' },
  );

  route(app, ctx, groupMobileDetailEndpoint, async ({ body, user }) => {
    const rows = await groupMobiles(ctx.db, body.groupIds, readableCusIds(user!, 'data'));
    return { mobiles: rows.map((r) => r.mobile), count: rows.length };
  });

  route(app, ctx, addressBookDownloadEndpoint, async (c) => {
    if (c.body.template) {
      const columns: Column<Record<string, never>>[] = IMPORT_COLUMNS.map((k) => ({
        label: label(k),
        value: () => '',
      }));
      return sendXlsx(c.reply, c.lang, 'address-book-template', columns, (async function* () {})());
    }
    const w = whereOf(MEMBERS, memberFilters, c.body as Body, c.user!, readableCusIds(c.user!, 'data'));
    await sendXlsx(c.reply, c.lang, 'address-book', MEMBER_COLUMNS, (signal) =>
      rowsOf<AddressBookEntry>(ctx.db, MEMBERS, w, { signal }),
    );
  });
}
