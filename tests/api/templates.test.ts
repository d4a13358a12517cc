import { describe, expect, it } from 'vitest';
import { FEED_RESOURCES } from '../../contract/endpoints/feed.endpoints';
import { DB_KINDS } from '../helpers/platform';
import { waitFor } from './send.fixtures';
import { templatesPlatform } from './templates.fixtures';

// Content templates over HTTP on both storages: submission, the simulated review (pending → in review → approved /
// rejected), placeholders, idempotent adds, the change feed, bad input, and what a sub-account may see. Video and
// card templates: rich-templates.test.ts.
describe.each(DB_KINDS)('templates on %s', (kind) => {
  const { who, p, call } = templatesPlatform(kind);
  const contentList = async (token: string, body: object = {}) =>
    (await call('/contentTemplate/list', { pageSize: 100, ...body }, token)).body.data;

  it('reviews a content template to approved, and one with a banned word to rejected', async () => {
    const ok = await call(
      '/contentTemplate/contentTemplateAdd',
      { cus_id: 'EP0001', template_content: '尊敬的${p1}，您的验证码是${p2}', keyword: '验证码' },
      who.admin,
      'zh',
    );
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('新增成功');
    const id = ok.body.data.template_id as string;
    const bad = await call('/contentTemplate/contentTemplateAdd', {
      cus_id: 'EP0001',
      template_content: 'casino night ${p1}',
    });
    const badId = bad.body.data.template_id as string;
    const first = (await contentList(who.admin)).data.find((t: any) => t.template_id === id);
    // listed at once with its account and keyword: pending with no check time, unless the simulated review (100 ms
    // here) has already run, which a busy machine allows between the two adds and this list
    expect(first).toMatchObject({ cus_id: 'EP0001', keyword: '验证码' });
    if (first.check_status === 0) expect(first.check_time).toBeNull();
    else expect(first.check_status).toBe(2);

    const done = await waitFor(
      () => contentList(who.admin),
      (l) => l.data.filter((t: any) => [id, badId].includes(t.template_id) && t.check_status !== 0).length === 2,
    );
    const approved = done.data.find((t: any) => t.template_id === id);
    expect(approved.check_status).toBe(2);
    expect(approved.result_desc).toBe('审核通过');
    expect(approved.check_time).toBeGreaterThan(0);
    const rejected = done.data.find((t: any) => t.template_id === badId);
    expect(rejected).toMatchObject({ check_status: 3, result_desc: '内容含违禁词：casino' });

    // filters: status and keyword (matches keyword or content)
    expect((await contentList(who.admin, { check_status: 3 })).data.map((t: any) => t.template_id)).toContain(badId);
    expect((await contentList(who.admin, { check_status: 3 })).data.map((t: any) => t.template_id)).not.toContain(id);
    expect((await contentList(who.admin, { keyword: '验证码' })).data.map((t: any) => t.template_id)).toEqual([id]);
  });

  it('keeps templates to their account: a sub-account neither lists nor deletes the enterprise one', async () => {
    const mine = (
      await call(
        '/contentTemplate/contentTemplateAdd',
        { cus_id: 'SUB001', template_content: 'sub template' },
        who.user,
      )
    ).body.data.template_id;
    const theirs = (
      await call('/contentTemplate/contentTemplateAdd', { cus_id: 'EP0001', template_content: 'enterprise only' })
    ).body.data.template_id;
    const forOther = await call(
      '/contentTemplate/contentTemplateAdd',
      { cus_id: 'EP0001', template_content: 'x' },
      who.user,
    );
    expect(forOther.status).toBe(400);
    expect(forOther.body.message).toBe('You may not act for that account');

    const seen = (await contentList(who.user)).data.map((t: any) => t.template_id);
    expect(seen).toContain(mine);
    expect(seen).not.toContain(theirs);
    expect((await contentList(who.user, { cus_id: 'EP0001' })).data).toEqual([]);
    const del = await call('/contentTemplate/contentTemplateDelete', { template_id: theirs }, who.user);
    expect(del.status).toBe(400);
    expect(del.body.message).toBe('No such template');
    expect((await contentList(who.admin)).data.map((t: any) => t.template_id)).toContain(theirs);

    // the who.admin (userType 1) sees the sub-account's template too, and deletes it: the feed carries the tombstone
    expect((await contentList(who.admin)).data.map((t: any) => t.template_id)).toContain(mine);
    const gone = await call('/contentTemplate/contentTemplateDelete', { template_id: mine }, who.admin, 'zh');
    expect(gone.body.message).toBe('删除成功');
    expect((await contentList(who.admin)).data.map((t: any) => t.template_id)).not.toContain(mine);
    const feed = await call('/contentTemplate/pull', { checkpoint: null, limit: 1000 }, who.user);
    expect(feed.status).toBe(200);
    const doc = feed.body.data.documents.find((d: any) => d.template_id === mine);
    expect(doc).toMatchObject({ deleted: true, cus_id: 'SUB001' });
    for (const d of feed.body.data.documents)
      expect(FEED_RESOURCES.contentTemplate.schema.safeParse(d).success, JSON.stringify(d)).toBe(true);
    expect(feed.body.data.documents.some((d: any) => d.cus_id !== 'SUB001')).toBe(false);
  });

  it('refuses a ${…} that is no ${pN} on add, edit and send, naming it; a rejected template is edited back to review', async () => {
    const add = await call(
      '/contentTemplate/contentTemplateAdd',
      { cus_id: 'EP0001', template_content: '尊敬的${name}，验证码${p1}' },
      who.admin,
      'zh',
    );
    expect(add.status).toBe(400);
    expect(add.body).toMatchObject({
      field: 'template_content',
      message: '变量 ${name} 写法不对，变量写作 ${p1}、${p2}…',
    });
    const addEn = await call('/contentTemplate/contentTemplateAdd', {
      cus_id: 'EP0001',
      template_content: 'Hi ${ p1} ${p0}',
    });
    expect(addEn.body.message).toBe('Variable ${ p1} ${p0} is not valid: variables are written ${p1}, ${p2}, …');

    // the review rejects this one (a banned word); its owner fixes it and sends it again
    const id = (
      await call(
        '/contentTemplate/contentTemplateAdd',
        { cus_id: 'SUB001', template_content: 'casino ${p1}' },
        who.user,
      )
    ).body.data.template_id;
    const row = async () => (await contentList(who.user)).data.find((t: any) => t.template_id === id);
    expect(await waitFor(row, (t) => t.check_status === 3)).toMatchObject({ result_desc: '内容含违禁词：casino' });
    const mod = (body: object, token = who.user, lang: 'zh' | 'en' = 'en') =>
      call('/contentTemplate/contentTemplateMod', { template_id: id, ...body }, token, lang);
    const bad = await mod({ template_content: '您好 ${p1' }, who.user, 'zh');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      field: 'template_content',
      message: '变量 ${p1 写法不对，变量写作 ${p1}、${p2}…',
    });
    expect((await row()).template_content).toBe('casino ${p1}');
    const theirs = (
      await call('/contentTemplate/contentTemplateAdd', { cus_id: 'EP0001', template_content: 'enterprise ${p1}' })
    ).body.data.template_id;
    expect(
      (
        await call(
          '/contentTemplate/contentTemplateMod',
          { template_id: theirs, template_content: 'mine now' },
          who.user,
        )
      ).body.message,
    ).toBe('No such template');

    const ok = await mod({ template_content: '您好 ${p1}，欢迎', keyword: '欢迎' });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Updated successfully');
    const reviewed = await waitFor(row, (t) => t.check_status === 2);
    expect(reviewed).toMatchObject({ template_content: '您好 ${p1}，欢迎', keyword: '欢迎', result_desc: '审核通过' });

    // a send door holds content to the same rule: the plain content and each personalised message
    const send = await call(
      '/user/groupSend',
      { cus_id: 'EP0001', content: '您好 ${name}', mobiles: '13900000001' },
      who.admin,
      'zh',
    );
    expect(send.body).toMatchObject({ field: 'content', message: '变量 ${name} 写法不对，变量写作 ${p1}、${p2}…' });
    const personal = await call('/user/groupSend', {
      cus_id: 'EP0001',
      contents: [
        { mobile: '13900000001', content: '您好 王' },
        { mobile: '13900000002', content: '您好 ${姓名}' },
      ],
    });
    expect(personal.body).toMatchObject({
      field: 'contents.1.content',
      message: 'Variable ${姓名} is not valid: variables are written ${p1}, ${p2}, …',
    });
  });

  it('does an add once for one Idempotency-Key', async () => {
    const headers = { 'Idempotency-Key': `tpl-${kind}-1` };
    const a = await call(
      '/contentTemplate/contentTemplateAdd',
      { cus_id: 'EP0001', template_content: 'once only' },
      who.admin,
      'en',
      headers,
    );
    const b = await call(
      '/contentTemplate/contentTemplateAdd',
      { cus_id: 'EP0001', template_content: 'once only' },
      who.admin,
      'en',
      headers,
    );
    expect(b.body.data.template_id).toBe(a.body.data.template_id);
    const [{ n }] = await p.ctx.db.query<{ n: number }>(
      "select count(*)::int as n from content_templates where template_content = 'once only'",
    );
    expect(Number(n)).toBe(1);
  });

  it('answers bad input with a localized 400, never a 5xx', async () => {
    const cases: Array<[string, unknown]> = [
      ['/contentTemplate/contentTemplateAdd', { cus_id: 'EP0001', template_content: 'a\u0000b' }],
      ['/contentTemplate/contentTemplateAdd', { cus_id: 'EP0001', template_content: '字'.repeat(3000) }],
      ['/contentTemplate/contentTemplateAdd', { cus_id: 'EP0001', template_content: '\ud800' }],
      ['/contentTemplate/contentTemplateAdd', { cus_id: 123, template_content: 'x' }],
      ['/contentTemplate/list', { check_status: 2 ** 31, pageSize: 1e308 }],
      ['/contentTemplate/contentTemplateDelete', { template_id: 'x'.repeat(3000) }],
      ['/videoTemplate/getSendContentByCusTemplateId', { cus_template_id: ['a'] }],
      [
        '/cspTemplate/add',
        {
          cus_id: 'EP0001',
          chatbot_id: 'CB0001',
          template_name: 'n',
          cards: [{ cardSeq: 9e15, mediaType: 'image', mediaUrl: '', cardTitle: '', textContent: '', buttons: [] }],
        },
      ],
      [
        '/user/templateAdd',
        {
          cus_id: 'EP0001',
          title: 't',
          frames: [{ mediaType: 'image', mediaUrl: 'http://evil/x.png', textContent: '' }],
        },
      ],
    ];
    for (const [path, body] of cases) {
      const r = await call(path, body, who.admin, 'zh');
      expect(r.status, `${path} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
      expect(typeof r.body.message).toBe('string');
    }
    expect((await p.call('/contentTemplate/list', {})).status).toBe(401);
  });
});
