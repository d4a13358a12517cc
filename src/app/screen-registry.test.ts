import { blacklistDocSchema } from '../../contract/endpoints/mobile-black.endpoints';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  batchSchema,
  moRecordSchema,
  mtRecordSchema,
  statisticsRowSchema,
  timeBatchSchema,
  timeMtMessageSchema,
} from '../../contract/records.schema';
import { COLLECTION_SCHEMAS } from '../../sync/store/collection-schemas';
import { chooseIndex, toRxQuery } from '../../sync/query/query';
import { SCREENS_EN } from '../i18n/screens.en';
import { SCREENS_ZH } from '../i18n/screens.zh';
import { LIBRARY_EN } from '../i18n/library.en';
import { LIBRARY_ZH } from '../i18n/library.zh';
import {
  addressGroupDocSchema,
  addressMemberDocSchema,
  contentTemplateDocSchema,
  cspTemplateDocSchema,
  videoTemplateDocSchema,
} from '../../contract/library.schema';
import { shortLinkRecordSchema } from '../../contract/entities.schema';
import { RESOURCES } from '../i18n/i18n';
import { ACCOUNT_SCREENS } from '../accounts/account-screens';
import { CARRIER_SCREENS } from '../carriers/carrier-screens';
import { shownColumns, type ViewerContext } from '../table/screen-definition';
import { DEFINITIONS, SCREENS } from './screen-registry';
import { LIBRARY_SCREENS } from '../library/library-screens';
import { TOOLS_SCREENS } from '../tools/tools-screens';
import { SEND_SCREENS } from '../send/send-screens';

// Every registered screen definition is checked here, so a new screen is covered when it is added.

const ENTITY_FIELDS: Record<string, string[]> = {
  mt_records: Object.keys(mtRecordSchema.shape),
  mo_records: Object.keys(moRecordSchema.shape),
  batches: Object.keys(batchSchema.shape),
  time_batches: Object.keys(timeBatchSchema.shape),
  time_mt_messages: Object.keys(timeMtMessageSchema.shape),
  statistics: Object.keys((statisticsRowSchema as z.ZodObject).shape),
  events: Object.keys((COLLECTION_SCHEMAS.events as { properties: object }).properties),
  short_links: Object.keys(shortLinkRecordSchema.shape),
  // shared collections (a `kind` per shape): the fields of any of their kinds
  templates: [contentTemplateDocSchema, videoTemplateDocSchema, cspTemplateDocSchema].flatMap((s) =>
    Object.keys(s.shape),
  ),
  address_book: [addressGroupDocSchema, addressMemberDocSchema].flatMap((s) => Object.keys(s.shape)),
  blacklist: Object.keys(blacklistDocSchema.shape),
};
const viewerOf = (userType: number): ViewerContext => ({
  userType,
  showClientStatus: 1,
  clientForbidUnknown: 0,
  showContentFilterWhere: 1,
  permissions: new Set(),
  lang: 'zh',
});
const shownFields = (path: string, userType: number) =>
  shownColumns(DEFINITIONS.find((d) => d.path === path)?.columns ?? [], viewerOf(userType)).map((c) => c.field);
const label = (tree: Record<string, unknown>, key: string) =>
  key.split('.').reduce<unknown>((t, k) => (t as Record<string, unknown> | undefined)?.[k], tree);

describe('screen registry', () => {
  it('registers the menu paths of the product’s list screens, Activity and every product area’s screens', () => {
    expect(Object.keys(SCREENS).sort()).toEqual(
      [
        ...new Set([
          '/mtRecordList',
          '/inteMtRecordList',
          '/videoMtRecordList',
          '/cspMtRecordList',
          '/moRecordList',
          '/dataGatheringBatchList',
          '/timeMtMessageList',
          '/pageTimeBatchList',
          '/dataGatheringList',
          '/activity',
          '/shortLinkList',
          '/inteDataGatheringList',
          '/inteDataGatheringBatchList',
          '/addressBookList',
          '/contentTemplateList',
          '/videoTemplateList',
          '/cspTemplateList',
          ...Object.keys(ACCOUNT_SCREENS),
          ...Object.keys(SEND_SCREENS),
          ...Object.keys(LIBRARY_SCREENS),
          ...Object.keys(TOOLS_SCREENS),
          ...Object.keys(CARRIER_SCREENS),
        ]),
      ].sort(),
    );
  });

  it('shows the international sender id in the international batch list and records (and so in their exports)', () => {
    const byPath = (path: string) => DEFINITIONS.find((d) => d.path === path);
    expect(byPath('/inteDataGatheringBatchList')?.columns.map((c) => c.field)).toContain('sender_id');
    expect(byPath('/inteDataGatheringBatchList')?.fixed).toEqual([{ op: 'eq', field: 'prod_type', value: 1 }]);
    expect(byPath('/inteMtRecordList')?.columns.map((c) => c.field)).toContain('sender_id');
    expect(byPath('/dataGatheringBatchList')?.columns.map((c) => c.field)).not.toContain('sender_id');
  });

  it('says whose row it is in the batch and timed lists, which mix accounts for userType 1 and only for it', () => {
    for (const path of [
      '/dataGatheringBatchList',
      '/inteDataGatheringBatchList',
      '/pageTimeBatchList',
      '/timeMtMessageList',
    ]) {
      expect(shownFields(path, 1), path).toContain('cus_id');
      expect(shownFields(path, 3), path).not.toContain('cus_id');
    }
    // the international sender id stays after the batch time, with or without the account column
    for (const userType of [1, 3]) {
      const fields = shownFields('/inteDataGatheringBatchList', userType);
      expect(fields[fields.indexOf('create_time') + 1]).toBe('sender_id');
    }
  });

  it('offers a date range on every statistics list', () => {
    for (const def of DEFINITIONS.filter((d) => d.collection === 'statistics'))
      expect(def.dateField, def.path).toBe('gathering_time');
  });

  describe.each(DEFINITIONS.map((d) => [d.path, d] as const))('%s', (_path, def) => {
    it('names only fields of its contract entity', () => {
      const fields = ENTITY_FIELDS[def.collection];
      for (const c of def.columns) expect(fields, `column ${c.field}`).toContain(c.field);
      for (const f of def.filters) expect(fields, `filter ${f.field}`).toContain(f.field);
      if (def.dateField) expect(fields).toContain(def.dateField);
    });

    it('has its default order (newest first) backed by an index', () => {
      for (const fixed of def.modes ? def.modes.map((m) => [...(def.fixed ?? []), ...m.fixed]) : [def.fixed ?? []]) {
        const index = chooseIndex(def.collection, fixed);
        expect(index, 'an index ending in the ordering key').not.toBeNull();
        expect(toRxQuery({ collection: def.collection, filters: fixed, limit: 20 }).index).toEqual(index);
      }
      // every equality filter the screen offers also has an index; templates are a few hundred documents per account,
      // read whole (their status filters differ per kind, so one index per status field would need every kind to carry it)
      if (def.collection === 'templates') return;
      for (const f of def.filters.filter((x) => x.kind === 'eq-text' || x.kind === 'select')) {
        const idx = chooseIndex(def.collection, [
          ...(def.fixed ?? []),
          ...(def.modes?.[0].fixed ?? []),
          { op: 'eq', field: f.field, value: 1 },
        ]);
        expect(idx?.includes(f.field), `index for ${f.field}`).toBe(true);
      }
    });

    it('has zh and en labels for its title, columns and filters', () => {
      for (const key of [
        def.title,
        ...def.columns.map((c) => c.header),
        ...def.filters.map((f) => f.label),
        ...(def.modes ?? []).map((m) => m.label),
      ]) {
        // the console's merged catalogue (shell, screens and each area's own files)
        expect(label(SCREENS_ZH, key) ?? label(LIBRARY_ZH, key) ?? label(RESOURCES.zh, key), `zh ${key}`).toBeTypeOf(
          'string',
        );
        expect(label(SCREENS_EN, key) ?? label(LIBRARY_EN, key) ?? label(RESOURCES.en, key), `en ${key}`).toBeTypeOf(
          'string',
        );
      }
    });

    it('shows an account column to whoever it offers the account filter', () => {
      const filter = def.filters.find((f) => f.field === 'cus_id');
      for (const userType of [1, 2, 3]) {
        const v = viewerOf(userType);
        if (filter && (!filter.visible || filter.visible(v)))
          expect(
            shownColumns(def.columns, v).map((c) => c.field),
            `userType ${userType}`,
          ).toContain('cus_id');
      }
    });

    it('offers options for every select filter', () => {
      for (const f of def.filters.filter((x) => x.kind === 'select')) expect(f.options?.length).toBeGreaterThan(0);
    });
  });
});
