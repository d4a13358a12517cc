import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkNumbers } from '../../contract/validation/send-numbers.rules';
import { orderKey, type LocalDb } from '../store/local-db';
import { openTestDb, removeTestDb } from '../store/local-db.fixtures';
import { recordStoreOf } from '../store/record-store';
import { approvedTemplates, groupMobiles, groupOptions, groups, templateOptions } from './send-library';

// The send forms' pickers read the local replicas: only approved content templates of the sending account, every
// address-book group, and the chosen groups' member numbers, which then pass the same check as pasted numbers.
const T0 = Date.UTC(2026, 10, 1);
let db: LocalDb;
let n = 0;
const feed = (t: number, id: string) => ({
  seq: ++n,
  deleted: false,
  updated_at: t,
  k: orderKey(t, id),
  create_time: t,
});
const template = (id: string, cus_id: string, check_status: number, template_content: string, keyword = '') => ({
  id,
  kind: 'content',
  template_id: id,
  cus_id,
  template_content,
  check_status,
  result_desc: null,
  check_time: null,
  keyword,
  ...feed(T0 + n * 1000, id),
});
const group = (id: string, groupName: string, memberCount: number) => ({
  id,
  kind: 'group',
  groupId: id,
  groupName,
  remark: '',
  memberCount,
  cus_id: 'ent1',
  mobile: '',
  ...feed(T0 + n * 1000, id),
});
const member = (id: string, groupId: string, mobile: string) => ({
  id,
  kind: 'member',
  groupId,
  groupName: '',
  name: id,
  mobile,
  email: '',
  jobNumber: '',
  gender: '',
  birthday: '',
  remark: '',
  cus_id: 'ent1',
  ...feed(T0 + n * 1000, id),
});

beforeAll(async () => {
  db = await openTestDb('sl');
  const store = recordStoreOf(db);
  await store.put('templates', [
    template('t1', 'ent1', 2, 'approved one', 'greet'),
    template('t2', 'ent1', 0, 'pending one'),
    template('t3', 'ent1', 3, 'rejected one'),
    template('t4', 'sub1', 2, 'another account'),
  ]);
  await store.put('address_book', [
    group('g1', 'Staff', 2),
    group('g2', 'Guests', 2),
    member('m1', 'g1', '13900001001'),
    member('m2', 'g1', '13900001002'),
    member('m3', 'g2', '13900001002'),
    member('m4', 'g2', '12345'),
  ]);
});
afterAll(async () => removeTestDb(db));

describe('send pickers from the local replicas', () => {
  it('offers only the approved content templates of the sending account', async () => {
    expect(await approvedTemplates(db, 'ent1')).toEqual([{ label: 'greet: approved one', value: 'approved one' }]);
    expect((await approvedTemplates(db, 'sub1')).map((o) => o.value)).toEqual(['another account']);
  });

  it('drops anything not approved even when handed such rows', () => {
    expect(
      templateOptions([
        { check_status: 0, keyword: '', template_content: 'x' },
        { check_status: 2, keyword: '', template_content: 'y' },
      ]),
    ).toEqual([{ label: 'y', value: 'y' }]);
  });

  it('lists every group with its member count', async () => {
    expect((await groups(db)).sort((a, b) => a.value.localeCompare(b.value))).toEqual([
      { label: 'Staff (2)', value: 'g1' },
      { label: 'Guests (2)', value: 'g2' },
    ]);
    expect(groupOptions([])).toEqual([]);
  });

  it("yields the chosen groups' member numbers, checked like pasted ones", async () => {
    expect((await groupMobiles(db, ['g1'])).text.split('\n').sort()).toEqual(['13900001001', '13900001002']);
    expect(await groupMobiles(db, [])).toEqual({ text: '', have: 0, expected: 0 });
    const check = checkNumbers('domestic', (await groupMobiles(db, ['g1', 'g2'])).text);
    expect([...check.valid].sort()).toEqual(['13900001001', '13900001002']);
    expect(check.invalid).toEqual(['12345']);
    expect(check.repeatCount).toBe(1);
  });

  it("says how many of a group's members the replica holds while they still sync", async () => {
    await recordStoreOf(db).put('address_book', [group('g3', 'Syncing', 3), member('m5', 'g3', '13900001005')]);
    expect(await groupMobiles(db, ['g3'])).toEqual({ text: '13900001005', have: 1, expected: 3 });
    expect(await groupMobiles(db, ['g1', 'g3'])).toMatchObject({ have: 3, expected: 5 });
  });
});
