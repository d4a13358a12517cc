import type { TestPlatform } from '../helpers/platform';
import { insertFixtures } from './records.fixtures';
import { PNG, upload } from './library.fixtures';

// One object of every kind owned by SUB003, the demo agent's (AGT001) sub-account, each carrying MARK in a text the
// answers would show, all in final states (nothing left for the review simulator or the dispatcher to change).

export const SUB = 'SUB003';
export const MARK = 'SUB3MARK';
export const SUB_MOBILE = '13600000002';

export const SUB_IDS = {
  contentTemplate: 'CT-SUB3',
  videoTemplate: 'VT-SUB3',
  videoGate: 'GVT-SUB3',
  cspTemplate: 'CS-SUB3',
  cspGate: 'GCS-SUB3',
  chatbot: 'CB0301',
  group: 'AG-SUB3',
  member: 'AM-SUB3',
  aimMaterial: 'AIM-SUB3',
  recordBatch: 'TB-SUB3',
  numberBatch: 'NS-SUB3',
  timeBatch: 'TT-SUB3',
  shortCode: 'sub3code',
  mo: 'TR-SUB3-1',
};

/** Seeds SUB003's objects; answers the id of its uploaded file (a material, uploaded by the admin then moved). */
export async function seedSubAccountObjects(p: TestPlatform, adminToken: string): Promise<{ fileId: string }> {
  const db = p.ctx.db;
  const now = p.ctx.now();
  await insertFixtures(db, now);
  const i = SUB_IDS;
  await db.query(`insert into chatbots(chatbot_id, cus_id, name) values ($1, $2, $3)`, [i.chatbot, SUB, `${MARK} bot`]);
  await db.query(
    `insert into content_templates(template_id, cus_id, template_content, keyword, check_status) values ($1, $2, $3, 'k', 2)`,
    [i.contentTemplate, SUB, `${MARK} content`],
  );
  await db.query(
    `insert into video_templates(cus_template_id, gate_template_id, cus_id, title, frames, status) values ($1, $2, $3, $4, $5::jsonb, 2)`,
    [
      i.videoTemplate,
      i.videoGate,
      SUB,
      `${MARK} video`,
      JSON.stringify([{ mediaType: 'text', mediaUrl: '', textContent: `${MARK} {p1}` }]),
    ],
  );
  await db.query(
    `insert into csp_templates(template_id, gate_template_id, cus_id, chatbot_id, template_name, content, template_status) values ($1, $2, $3, $4, $5, $6::jsonb, 4)`,
    [
      i.cspTemplate,
      i.cspGate,
      SUB,
      i.chatbot,
      `${MARK} csp`,
      JSON.stringify({ cards: [], smsContent: MARK, videoTitle: '', videoFrames: [], readContent: '' }),
    ],
  );
  await db.query(`insert into address_groups(group_id, cus_id, group_name, member_count) values ($1, $2, $3, 1)`, [
    i.group,
    SUB,
    `${MARK} group`,
  ]);
  await db.query(`insert into address_members(id, cus_id, group_id, name, mobile) values ($1, $2, $3, $4, $5)`, [
    i.member,
    SUB,
    i.group,
    `${MARK} member`,
    SUB_MOBILE,
  ]);
  await db.query(
    `insert into aim_materials(material_id, cus_id, name, media_type, size, create_time) values ($1, $2, $3, 'image', 10, $4)`,
    [i.aimMaterial, SUB, `${MARK} material`, now],
  );
  await db.query(
    `insert into number_status_batches(batch_id, cus_id, batch_name, batch_count, status, checked_count, create_time) values ($1, $2, $3, 1, 1, 1, $4)`,
    [i.numberBatch, SUB, `${MARK} check`, now],
  );
  await db.query(`insert into number_status_numbers(batch_id, mobiles) values ($1, $2)`, [i.numberBatch, [SUB_MOBILE]]);
  await db.query(
    `insert into time_batches (time_batch, cus_id, prod_type, batch_type, send_status, timing_time, create_time, content, batch_count) values ($1, $2, 0, 0, 0, $3, $4, $5, 1)`,
    [i.timeBatch, SUB, new Date(now.getTime() + 86_400_000), now, `${MARK} timed`],
  );
  await db.query(
    `insert into time_mt_messages (sn, time_batch, cus_id, mobile, send_status, timing_time, create_time) values ($1, $2, $3, $4, 0, $5, $6)`,
    [`${i.timeBatch}-1`, i.timeBatch, SUB, SUB_MOBILE, new Date(now.getTime() + 86_400_000), now],
  );
  await db.query(
    `insert into mo_records (sn, cus_id, src_calling_number, mobile, content, whole_content, deliver_time, batch_id) values ($1, $2, '1068005', $3, $4, $4, $5, $6)`,
    [i.mo, SUB, SUB_MOBILE, `${MARK} reply`, now, i.recordBatch],
  );
  await db.query(`update mt_records set content = $2 where cus_id = $1`, [SUB, `${MARK} sent`]);
  await db.query(
    `insert into short_links(code, sn, cus_id, long_url, short_url, mobile, batch_id, content, create_time) values ($1, 'SL-SUB3', $2, $3, $4, $5, $6, $7, $8)`,
    [
      i.shortCode,
      SUB,
      `https://example.com/${MARK}`,
      `${new URL(p.base).origin}/s/${i.shortCode}`,
      SUB_MOBILE,
      i.recordBatch,
      `${MARK} link`,
      now,
    ],
  );
  await db.query(
    `insert into callback_deliveries(cus_id, kind, ref, url, payload, status) values ($1, 'mo', $2, $3, '{}'::jsonb, 1)`,
    [SUB, i.mo, `https://example.com/${MARK}`],
  );
  const up = await upload(p, '/file/uploadVideoMaterial', `${MARK}.png`, PNG, adminToken);
  if (up.status !== 200) throw new Error(`upload failed: ${JSON.stringify(up.body)}`);
  const fileId = String(up.body.data.fileId);
  await db.query('update library_files set cus_id = $2 where file_id = $1', [fileId, SUB]);
  return { fileId };
}

/** The value a request field takes to address SUB003's object on `path` (undefined: leave the sample's value). */
export function subValueFor(path: string, field: string, fileId: string, base: string): unknown {
  const i = SUB_IDS;
  const csp = path.startsWith('/cspTemplate');
  switch (field) {
    case 'cus_id':
      return SUB;
    case 'template_id':
      return csp ? i.cspTemplate : i.contentTemplate;
    case 'cus_template_id':
      return i.videoTemplate;
    case 'gate_template_id':
      return csp ? i.cspGate : i.videoGate;
    case 'chatbot_id':
      return i.chatbot;
    case 'groupId':
      return i.group;
    case 'groupIds':
      return [i.group];
    case 'id':
      return path.startsWith('/addressBook') ? i.member : undefined;
    case 'ids':
      return [i.member];
    case 'fileId':
      return fileId;
    case 'material_id':
      return i.aimMaterial;
    case 'batch_id':
      return path.startsWith('/mobileStatus') ? i.numberBatch : i.recordBatch;
    case 'time_batch':
      return i.timeBatch;
    case 'shortUrl':
      return `${new URL(base).origin}/s/${i.shortCode}`;
    case 'decodeMobile':
      return SUB_MOBILE;
    // valid values where the sample's are not, so account-area calls are judged on scope, not on a malformed field
    case 'amount':
      return '1';
    case 'warnBalance':
      return '10';
    case 'warnMobiles':
      return [SUB_MOBILE];
    case 'enabled':
      return true;
  }
  // an edit of the sub-account as it could be typed (passwords empty: kept), judged on scope alone
  if (path === '/customer/customerModify') {
    const valid: Record<string, unknown> = {
      ext_number: '8005',
      userIps: '',
      maxConnections: 5,
      maxSpeed: 100,
      busCty: 'retail',
      prodType: 0,
      pushMode: 0,
    };
    return valid[field];
  }
  return undefined;
}

/** Strings that, in an answer to the agent, would mean it reached SUB003's data. */
export const subSecrets = (fileId: string) => [
  MARK,
  fileId,
  ...Object.values(SUB_IDS).filter((v) => v !== SUB_IDS.recordBatch),
  'T-SUB3-1',
];
