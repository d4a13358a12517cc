import { describe, expect, it } from 'vitest';
import { contentTemplateAddEndpoint } from '../../contract/endpoints/template.endpoints';
import type { EventDoc } from '../store/local-db';
import { LIBRARY_COMMANDS, projectLibrary } from './library-commands';

const ev = (
  id: string,
  type: string,
  payload: Record<string, unknown>,
  status: EventDoc['status'] = 'pending',
): EventDoc => ({
  id,
  type,
  aggregate: `a:${id}`,
  payload,
  actor: 'admin',
  created_at: 1000 + Number(id.slice(1)),
  status,
  attempts: 0,
  last_error: null,
  result: null,
  next_attempt_at: 0,
  k: id,
});

describe('library commands', () => {
  const rows = [
    { id: 'CT1', kind: 'content', template_content: 'a', check_status: 2 },
    { id: 'CT2', kind: 'content', template_content: 'b', check_status: 0 },
  ];

  it('shows pending adds first as pending review, and marks pending deletes', () => {
    const out = projectLibrary('content', rows, [
      ev('E1', 'template.content.add', { cus_id: 'EP0001', template_content: 'new one', keyword: '' }),
      ev('E2', 'template.content.delete', { id: 'CT2' }),
      ev('E3', 'template.video.add', { title: 'other kind' }),
    ]);
    expect(out.map((r) => r.id)).toEqual(['pending:E1', 'CT1', 'CT2']);
    expect(out[0]).toMatchObject({
      template_content: 'new one',
      check_status: 0,
      pending: 'template.content.add',
      create_time: 1001,
    });
    expect(out[2]).toMatchObject({ id: 'CT2', pending: 'template.content.delete' });
    expect(out[1]).not.toHaveProperty('pending');
  });

  it('applies a pending edit over the pulled row and rolls back once the event is no longer pending', () => {
    const members = [{ id: 'AM1', kind: 'member', name: '张三', mobile: '13800000001' }];
    const edit = ev('E4', 'addressBook.member.mod', { id: 'AM1', groupId: 'G', name: '张三丰', mobile: '13800000002' });
    expect(projectLibrary('member', members, [edit])[0]).toMatchObject({
      name: '张三丰',
      mobile: '13800000002',
      pending: 'addressBook.member.mod',
    });
    expect(projectLibrary('member', members, [{ ...edit, status: 'rejected' }])).toEqual(members);
  });

  it('shows an edited template with its new text, back in review', () => {
    const rejected = [
      { id: 'CT3', kind: 'content', template_content: 'Dear ${name}', check_status: 3, result_desc: 'no' },
    ];
    const edit = ev('E5', 'template.content.mod', { id: 'CT3', template_content: 'Dear ${p1}', keyword: 'k' });
    expect(projectLibrary('content', rejected, [edit])[0]).toMatchObject({
      id: 'CT3',
      template_content: 'Dear ${p1}',
      check_status: 0,
      result_desc: null,
      pending: 'template.content.mod',
    });
    expect(LIBRARY_COMMANDS['template.content.mod'].body(edit.payload)).toEqual({
      template_id: 'CT3',
      template_content: 'Dear ${p1}',
      keyword: 'k',
    });
  });

  it('sends each command to its endpoint with the contract body', () => {
    expect(LIBRARY_COMMANDS['template.content.add'].endpoint).toBe(contentTemplateAddEndpoint);
    expect(LIBRARY_COMMANDS['template.content.delete'].body({ id: 'CT1' })).toEqual({ template_id: 'CT1' });
    expect(LIBRARY_COMMANDS['addressBook.member.delete'].body({ id: 'AM1' })).toEqual({ ids: ['AM1'] });
    expect(LIBRARY_COMMANDS['addressBook.group.mod'].body({ id: 'G1', groupName: 'n' })).toEqual({
      groupId: 'G1',
      groupName: 'n',
      remark: undefined,
    });
    for (const [type, c] of Object.entries(LIBRARY_COMMANDS))
      expect(c.endpoint.path, type).toMatch(/^\/(contentTemplate|videoTemplate|cspTemplate|addressBook|user)\//);
  });
});
