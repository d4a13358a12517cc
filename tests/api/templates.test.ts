import { beforeAll, describe, expect, it } from 'vitest';
import { FEED_RESOURCES } from '../../contract/endpoints/feed.endpoints';
import { DB_KINDS, platformFor } from '../helpers/platform';
import { fetchBytes, MP4, PNG, readXlsx, upload } from './library.fixtures';
import { FAST_SIMULATOR, tokenFor, waitFor } from './send.fixtures';

// Content, video and CSP templates over HTTP on both storages: submission, the simulated review (pending → in review →
// approved / rejected), selectors, send content, downloads, deletes, the change feed, and what a sub-account may see.
describe.each(DB_KINDS)('templates on %s', (kind) => {
  const p = platformFor(kind, { simulator: FAST_SIMULATOR, dataDir: null });
  let admin: string;
  let user: string;
  beforeAll(async () => {
    [admin, user] = await Promise.all([tokenFor(p, 'admin'), tokenFor(p, 'user')]);
  });

  const call = (path: string, body: unknown, token = admin, lang: 'zh' | 'en' = 'en', headers: Record<string, string> = {}) =>
    p.call(path, body, { token, lang, headers });
  const contentList = async (token: string, body: object = {}) => (await call('/contentTemplate/list', { pageSize: 100, ...body }, token)).body.data;

  it('reviews a content template to approved, and one with a banned word to rejected', async () => {
    const ok = await call(
      '/contentTemplate/contentTemplateAdd',
      { cus_id: 'EP0001', template_content: '尊敬的${p1}，您的验证码是${p2}', keyword: '验证码' },
      admin,
      'zh',
    );
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('新增成功');
    const id = ok.body.data.template_id as string;
    const bad = await call('/contentTemplate/contentTemplateAdd', { cus_id: 'EP0001', template_content: 'casino night ${p1}' });
    const badId = bad.body.data.template_id as string;
    const first = (await contentList(admin)).data.find((t: any) => t.template_id === id);
    // listed at once with its account and keyword: pending with no check time, unless the simulated review (100 ms
    // here) has already run, which a busy machine allows between the two adds and this list
    expect(first).toMatchObject({ cus_id: 'EP0001', keyword: '验证码' });
    if (first.check_status === 0) expect(first.check_time).toBeNull();
    else expect(first.check_status).toBe(2);

    const done = await waitFor(
      () => contentList(admin),
      (l) => l.data.filter((t: any) => [id, badId].includes(t.template_id) && t.check_status !== 0).length === 2,
    );
    const approved = done.data.find((t: any) => t.template_id === id);
    expect(approved.check_status).toBe(2);
    expect(approved.result_desc).toBe('审核通过');
    expect(approved.check_time).toBeGreaterThan(0);
    const rejected = done.data.find((t: any) => t.template_id === badId);
    expect(rejected).toMatchObject({ check_status: 3, result_desc: '内容含违禁词：casino' });

    // filters: status and keyword (matches keyword or content)
    expect((await contentList(admin, { check_status: 3 })).data.map((t: any) => t.template_id)).toContain(badId);
    expect((await contentList(admin, { check_status: 3 })).data.map((t: any) => t.template_id)).not.toContain(id);
    expect((await contentList(admin, { keyword: '验证码' })).data.map((t: any) => t.template_id)).toEqual([id]);
  });

  it('keeps templates to their account: a sub-account neither lists nor deletes the enterprise one', async () => {
    const mine = (await call('/contentTemplate/contentTemplateAdd', { cus_id: 'SUB001', template_content: 'sub template' }, user)).body.data.template_id;
    const theirs = (await call('/contentTemplate/contentTemplateAdd', { cus_id: 'EP0001', template_content: 'enterprise only' })).body.data.template_id;
    const forOther = await call('/contentTemplate/contentTemplateAdd', { cus_id: 'EP0001', template_content: 'x' }, user);
    expect(forOther.status).toBe(400);
    expect(forOther.body.message).toBe('You may not act for that account');

    const seen = (await contentList(user)).data.map((t: any) => t.template_id);
    expect(seen).toContain(mine);
    expect(seen).not.toContain(theirs);
    expect((await contentList(user, { cus_id: 'EP0001' })).data).toEqual([]);
    const del = await call('/contentTemplate/contentTemplateDelete', { template_id: theirs }, user);
    expect(del.status).toBe(400);
    expect(del.body.message).toBe('No such template');
    expect((await contentList(admin)).data.map((t: any) => t.template_id)).toContain(theirs);

    // the admin (userType 1) sees the sub-account's template too, and deletes it: the feed carries the tombstone
    expect((await contentList(admin)).data.map((t: any) => t.template_id)).toContain(mine);
    const gone = await call('/contentTemplate/contentTemplateDelete', { template_id: mine }, admin, 'zh');
    expect(gone.body.message).toBe('删除成功');
    expect((await contentList(admin)).data.map((t: any) => t.template_id)).not.toContain(mine);
    const feed = await call('/contentTemplate/pull', { checkpoint: null, limit: 1000 }, user);
    expect(feed.status).toBe(200);
    const doc = feed.body.data.documents.find((d: any) => d.template_id === mine);
    expect(doc).toMatchObject({ deleted: true, cus_id: 'SUB001' });
    for (const d of feed.body.data.documents) expect(FEED_RESOURCES.contentTemplate.schema.safeParse(d).success, JSON.stringify(d)).toBe(true);
    expect(feed.body.data.documents.some((d: any) => d.cus_id !== 'SUB001')).toBe(false);
  });

  it('refuses a ${…} that is no ${pN} on add, edit and send, naming it; a rejected template is edited back to review', async () => {
    const add = await call('/contentTemplate/contentTemplateAdd', { cus_id: 'EP0001', template_content: '尊敬的${name}，验证码${p1}' }, admin, 'zh');
    expect(add.status).toBe(400);
    expect(add.body).toMatchObject({ field: 'template_content', message: '变量 ${name} 写法不对，变量写作 ${p1}、${p2}…' });
    const addEn = await call('/contentTemplate/contentTemplateAdd', { cus_id: 'EP0001', template_content: 'Hi ${ p1} ${p0}' });
    expect(addEn.body.message).toBe('Variable ${ p1} ${p0} is not valid: variables are written ${p1}, ${p2}, …');

    // the review rejects this one (a banned word); its owner fixes it and sends it again
    const id = (await call('/contentTemplate/contentTemplateAdd', { cus_id: 'SUB001', template_content: 'casino ${p1}' }, user)).body.data.template_id;
    const row = async () => (await contentList(user)).data.find((t: any) => t.template_id === id);
    expect(await waitFor(row, (t) => t.check_status === 3)).toMatchObject({ result_desc: '内容含违禁词：casino' });
    const mod = (body: object, token = user, lang: 'zh' | 'en' = 'en') =>
      call('/contentTemplate/contentTemplateMod', { template_id: id, ...body }, token, lang);
    const bad = await mod({ template_content: '您好 ${p1' }, user, 'zh');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ field: 'template_content', message: '变量 ${p1 写法不对，变量写作 ${p1}、${p2}…' });
    expect((await row()).template_content).toBe('casino ${p1}');
    const theirs = (await call('/contentTemplate/contentTemplateAdd', { cus_id: 'EP0001', template_content: 'enterprise ${p1}' })).body.data.template_id;
    expect((await call('/contentTemplate/contentTemplateMod', { template_id: theirs, template_content: 'mine now' }, user)).body.message).toBe(
      'No such template',
    );

    const ok = await mod({ template_content: '您好 ${p1}，欢迎', keyword: '欢迎' });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Updated successfully');
    const reviewed = await waitFor(row, (t) => t.check_status === 2);
    expect(reviewed).toMatchObject({ template_content: '您好 ${p1}，欢迎', keyword: '欢迎', result_desc: '审核通过' });

    // a send door holds content to the same rule: the plain content and each personalised message
    const send = await call('/user/groupSend', { cus_id: 'EP0001', content: '您好 ${name}', mobiles: '13900000001' }, admin, 'zh');
    expect(send.body).toMatchObject({ field: 'content', message: '变量 ${name} 写法不对，变量写作 ${p1}、${p2}…' });
    const personal = await call('/user/groupSend', {
      cus_id: 'EP0001',
      contents: [
        { mobile: '13900000001', content: '您好 王' },
        { mobile: '13900000002', content: '您好 ${姓名}' },
      ],
    });
    expect(personal.body).toMatchObject({ field: 'contents.1.content', message: 'Variable ${姓名} is not valid: variables are written ${p1}, ${p2}, …' });
  });

  it('does an add once for one Idempotency-Key', async () => {
    const headers = { 'Idempotency-Key': `tpl-${kind}-1` };
    const a = await call('/contentTemplate/contentTemplateAdd', { cus_id: 'EP0001', template_content: 'once only' }, admin, 'en', headers);
    const b = await call('/contentTemplate/contentTemplateAdd', { cus_id: 'EP0001', template_content: 'once only' }, admin, 'en', headers);
    expect(b.body.data.template_id).toBe(a.body.data.template_id);
    const [{ n }] = await p.ctx.db.query<{ n: number }>("select count(*)::int as n from content_templates where template_content = 'once only'");
    expect(Number(n)).toBe(1);
  });

  it('builds a video template from uploaded frames, reviews it and serves its send content', async () => {
    const img = await upload(p, '/file/uploadVideoMaterial', 'cover.png', PNG, admin);
    const clip = await upload(p, '/file/uploadVideoMaterial', 'clip.mp4', MP4, admin);
    expect(img.status).toBe(200);
    expect(clip.body.data.url).toMatch(/\/file\/material\?fileId=/);
    const frames = [
      { mediaType: 'image', mediaUrl: img.body.data.url, textContent: '你好 ${p1}' },
      { mediaType: 'video', mediaUrl: clip.body.data.url, textContent: '第二帧 ${p3}' },
    ];
    const add = await call('/user/templateAdd', { cus_id: 'EP0001', title: '新品发布', template_sign: '演示', frames });
    expect(add.status).toBe(200);
    const id = add.body.data.cus_template_id as string;
    const list = async (body: object = {}) => (await call('/videoTemplate/list', { pageSize: 100, ...body })).body.data.data as any[];
    const row = (await list()).find((t) => t.cus_template_id === id);
    const textBytes = Buffer.byteLength('你好 ${p1}') + Buffer.byteLength('第二帧 ${p3}');
    expect(row).toMatchObject({ title: '新品发布', templateTypeStr: 'video', size: PNG.length + MP4.length + textBytes });
    // pending (5) with no gate id until the simulated review (100 ms here) moves it on, which a busy machine allows
    // before this list
    if (row.status === 5) expect(row.gate_template_id).toBeNull();

    const approved = await waitFor(
      async () => (await list()).find((t) => t.cus_template_id === id),
      (t) => t.status === 2,
    );
    expect((await list({ status: 2 })).map((t) => t.cus_template_id)).toContain(id);
    expect((await list({ status: 5 })).map((t) => t.cus_template_id)).not.toContain(id);
    expect(approved.gate_template_id).toBe(`GV${id}`);
    const options = (await call('/videoTemplate/getVideoTemplate', { cus_id: 'EP0001' })).body.data;
    expect(options).toContainEqual({ label: '新品发布', value: id });
    const send = (await call('/videoTemplate/getSendContentByCusTemplateId', { cus_template_id: id })).body.data;
    expect(send).toEqual({ title: '新品发布', frames, maxPlaceholder: 3 });
    const byGate = await call('/videoTemplate/getVideoTemplateByGateTemplateId', { gate_template_id: approved.gate_template_id });
    expect(byGate.body.data).toMatchObject({ cus_template_id: id, frames });
    const sheet = await fetch(`${p.base}/videoTemplate/downloadTemplate`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${admin}`, 'Accept-Language': 'en' },
      body: JSON.stringify({ cus_template_id: id }),
    });
    expect(sheet.headers.get('content-type')).toContain('spreadsheetml');
    expect((await readXlsx(Buffer.from(await sheet.arrayBuffer())))[0]).toEqual(['mobile', 'p1', 'p2', 'p3']);

    // the sub-account cannot read it, by any id
    expect((await call('/videoTemplate/getSendContentByCusTemplateId', { cus_template_id: id }, user)).status).toBe(400);
    expect((await call('/videoTemplate/templateDel', { cus_template_id: id }, user)).status).toBe(400);
    expect((await fetchBytes(p, `/file/material?fileId=${img.body.data.fileId}`, user)).status).toBe(404);

    const del = await call('/videoTemplate/templateDel', { cus_template_id: id });
    expect(del.status).toBe(200);
    expect((await list({ status: 4 })).find((t) => t.cus_template_id === id)?.status).toBe(4);
  });

  it("refuses a video template whose frames name another account's material or none", async () => {
    const theirs = await upload(p, '/file/uploadVideoMaterial', 'a.png', PNG, admin);
    const r = await call(
      '/user/templateAdd',
      { cus_id: 'SUB001', title: 't', frames: [{ mediaType: 'image', mediaUrl: theirs.body.data.url, textContent: '' }] },
      user,
    );
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('A material is missing, please upload it again');
    const wrongKind = await call('/user/templateAdd', {
      cus_id: 'EP0001',
      title: 't',
      frames: [{ mediaType: 'video', mediaUrl: theirs.body.data.url, textContent: '' }],
    });
    expect(wrongKind.body.message).toBe('The material does not match the frame type');
    const made = await call('/user/templateAdd', { cus_id: 'EP0001', title: 't', frames: [{ mediaType: 'text', mediaUrl: '', textContent: 'only text' }] });
    expect(made.status).toBe(200);
  });

  it('names the frame that has no material, in zh and en', async () => {
    const frames = [
      { mediaType: 'text', mediaUrl: '', textContent: 'one' },
      { mediaType: 'image', mediaUrl: '', textContent: '' },
    ];
    const en = await call('/user/templateAdd', { cus_id: 'EP0001', title: 't', frames });
    expect(en).toMatchObject({ status: 400, body: { field: 'frames.1.mediaUrl', message: 'Frame 2: upload a material' } });
    const zh = await call('/user/templateAdd', { cus_id: 'EP0001', title: 't', frames }, admin, 'zh');
    expect(zh.body.message).toBe('第 2 帧：请上传素材');
  });

  it('builds a CSP card template with buttons and fallbacks, reviews it to approved and deletes it', async () => {
    const img = await upload(p, '/file/uploadCspMaterial', 'card.png', PNG, admin);
    const cards = [
      {
        cardSeq: 2,
        mediaType: 'image',
        mediaUrl: img.body.data.url,
        cardTitle: '第二张',
        textContent: '${p2}',
        buttons: [{ buttonName: '打开', url: 'https://example.com' }],
      },
      { cardSeq: 1, mediaType: 'image', mediaUrl: img.body.data.url, cardTitle: '第一张', textContent: '你好 ${p1}', buttons: [{ buttonName: '回复' }] },
    ];
    const noFallback = await call('/cspTemplate/add', { cus_id: 'EP0001', chatbot_id: 'CB0001', template_name: 'x', low_type: '1', cards });
    expect(noFallback.status).toBe(400);
    expect(noFallback.body.message).toBe('Please enter the fallback SMS text');
    const wrongBot = await call('/cspTemplate/add', { cus_id: 'EP0001', chatbot_id: 'CB0101', template_name: 'x', cards });
    expect(wrongBot.body.message).toBe('No such chatbot');
    const add = await call('/cspTemplate/add', {
      cus_id: 'EP0001',
      chatbot_id: 'CB0001',
      template_name: '双卡片',
      autograph: '演示',
      low_type: '1,3',
      cards,
      smsContent: '回落短信',
      readContent: '阅信',
    });
    expect(add.status).toBe(200);
    const id = add.body.data.template_id as string;
    const list = async (body: object = {}) => (await call('/cspTemplate/list', { pageSize: 100, ...body })).body.data.data as any[];
    expect((await list()).find((t) => t.template_id === id)).toMatchObject({ template_name: '双卡片', low_type: '1,3', chatbot_id: 'CB0001' });
    const approved = await waitFor(
      async () => (await list()).find((t) => t.template_id === id),
      (t) => t.template_status === 4,
    );
    // the status filter (after the review: while pending, a busy machine may already have moved it on)
    expect((await list({ template_status: 4 })).map((t) => t.template_id)).toContain(id);
    expect((await list({ template_status: 0 })).map((t) => t.template_id)).not.toContain(id);
    expect((await call('/cspTemplate/getCspTemplate', { cus_id: 'EP0001', chatbot_id: 'CB0001' })).body.data).toContainEqual({ label: '双卡片', value: id });
    const content = (await call('/cspTemplate/getSendContentByCusTemplateId', { template_id: id })).body.data;
    expect(content.cards.map((c: any) => c.cardSeq)).toEqual([1, 2]);
    expect(content).toMatchObject({ smsContent: '回落短信', readContent: '阅信', low_type: '1,3', maxPlaceholder: 2 });
    expect((await call('/cspTemplate/getCspTemplateByGateTemplateId', { gate_template_id: approved.gate_template_id })).body.data.template_id).toBe(id);
    const feed = await call('/cspTemplate/pull', { checkpoint: null, limit: 100 });
    expect(feed.body.data.documents.find((d: any) => d.template_id === id)?.cards).toHaveLength(2);
    for (const d of feed.body.data.documents) expect(FEED_RESOURCES.cspTemplate.schema.safeParse(d).success, JSON.stringify(d)).toBe(true);
    const videos = (await call('/videoTemplate/pull', { checkpoint: null, limit: 100 })).body.data.documents;
    expect(videos.length).toBeGreaterThan(0);
    for (const d of videos) expect(FEED_RESOURCES.videoTemplate.schema.safeParse(d).success, JSON.stringify(d)).toBe(true);
    expect((await call('/cspTemplate/templateDel', { template_id: id }, user)).status).toBe(400);
    expect((await call('/cspTemplate/templateDel', { template_id: id })).status).toBe(200);
    expect((await list()).find((t) => t.template_id === id)).toBeUndefined();
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
      ['/user/templateAdd', { cus_id: 'EP0001', title: 't', frames: [{ mediaType: 'image', mediaUrl: 'http://evil/x.png', textContent: '' }] }],
    ];
    for (const [path, body] of cases) {
      const r = await call(path, body, admin, 'zh');
      expect(r.status, `${path} ${JSON.stringify(body).slice(0, 80)}`).toBe(400);
      expect(typeof r.body.message).toBe('string');
    }
    expect((await p.call('/contentTemplate/list', {})).status).toBe(401);
  });
});
