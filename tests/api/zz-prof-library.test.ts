import { it } from 'vitest';
import { startPlatform } from '../helpers/platform';
it('prof insert', async () => {
  const p = await startPlatform('pglite', { dataDir: null });
  await p.ctx.db.query("insert into address_groups(group_id, cus_id, group_name) values ('G1','EP0001','g')");
  const recs = Array.from({ length: 100000 }, (_, i) => ({ id: `ID${i}`, name: `成员${i}`, mobile: `139${String(i).padStart(8, '0')}`, email: '', jobNumber: `J${i}`, gender: 'male', birthday: '', remark: '' }));
  let t = Date.now();
  await p.ctx.db.tx(async (q) => {
    for (let i = 0; i < recs.length; i += 2000) {
      await q.query(`insert into address_members(id, cus_id, group_id, name, mobile, email, job_number, gender, birthday, remark, create_time)
         select r.id, $2, $3, r.name, r.mobile, r.email, r."jobNumber", r.gender, r.birthday, r.remark, now()
           from jsonb_to_recordset($1::jsonb) as r(id text, name text, mobile text, email text, "jobNumber" text, gender text, birthday text, remark text)
         on conflict (group_id, mobile) where deleted = false do nothing returning mobile`, [JSON.stringify(recs.slice(i, i + 2000)), 'EP0001', 'G1']);
    }
  });
  process.stderr.write(`INSERT_MS ${Date.now() - t}\n`);
  await p.close();
}, 120000);
