import { randomInt } from 'node:crypto';
import { SMS_CODE_LENGTH, SMS_CODE_RESEND_S, type Language } from '../../contract/constants';
import { translate } from '../../contract/messages';
import type { AppContext } from '../core/context';
import type { AccountPorts } from './account-ports';
import { ApiError, badRequest } from '../http/api-error';
import { notifyAll } from '../feed/change-notices';

// The code that confirms a new mobile (personal settings). It goes out through the platform's own outbox like the
// login codes, but its record keeps the text with the code masked: whoever reads the records cannot take it over.
const TTL_S = 300;
const MAX_ATTEMPTS = 5;
const PURPOSE = 'mobile';

export async function sendMobileCode(
  ctx: AppContext,
  ports: Pick<AccountPorts, 'writeSystemSms'>,
  user: { id: number; cus_id: string },
  mobile: string,
  uuid: string,
  lang: Language,
) {
  const now = ctx.now();
  const code = String(randomInt(10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
  const [account] = await ctx.db.query<{ time_zone: string }>('select time_zone from accounts where cus_id = $1', [
    user.cus_id,
  ]);
  if (!account) throw badRequest('customer.editFailure');
  await ctx.db.tx(async (q) => {
    await q.query('select pg_advisory_xact_lock(hashtext($1))', [`sms-code:${mobile}`]);
    const [last] = await q.query<{ sent_at: Date }>(
      'select sent_at from sms_codes where purpose = $1 and (subject = $2 or phone = $3) and sent_at > $4 order by sent_at desc limit 1',
      [PURPOSE, String(user.id), mobile, new Date(now.getTime() - SMS_CODE_RESEND_S * 1000)],
    );
    if (last) {
      const seconds = Math.max(
        1,
        Math.ceil((new Date(last.sent_at).getTime() + SMS_CODE_RESEND_S * 1000 - now.getTime()) / 1000),
      );
      throw new ApiError(429, 'login.codeResendWait', { seconds });
    }
    await q.query(
      'insert into sms_codes(purpose, uuid, subject, phone, code, sent_at, expires_at) values ($1, $2, $3, $4, $5, $6, $7)',
      [PURPOSE, uuid, String(user.id), mobile, code, now, new Date(now.getTime() + TTL_S * 1000)],
    );
    const masked = translate(lang, 'sms.mobileCode', { code: '*'.repeat(SMS_CODE_LENGTH), minutes: TTL_S / 60 });
    await ports.writeSystemSms(
      q,
      { cus_id: user.cus_id, mobiles: [mobile], content: masked, segments: 1, timeZone: account.time_zone },
      now,
    );
  });
  await notifyAll(ctx.db, ['batch', 'mtRecord', 'statistics'], [user.cus_id]);
  return { resendAfterS: SMS_CODE_RESEND_S };
}

/** Consumes a matching code for this user and mobile; a miss counts an attempt. */
export async function checkMobileCode(
  ctx: AppContext,
  userId: number,
  mobile: string,
  uuid: string,
  code: string,
): Promise<void> {
  const now = ctx.now();
  const outcome = await ctx.db.tx(async (q) => {
    const [row] = await q.query<{ id: number; code: string; phone: string; expires_at: Date; attempts: number }>(
      `select id, code, phone, expires_at, attempts from sms_codes
        where purpose = $1 and subject = $2 and uuid = $3 and used_at is null order by id desc limit 1 for update`,
      [PURPOSE, String(userId), uuid],
    );
    if (!row || new Date(row.expires_at).getTime() <= now.getTime() || row.attempts >= MAX_ATTEMPTS) return false;
    if (row.code !== code || row.phone !== mobile) {
      await q.query('update sms_codes set attempts = attempts + 1 where id = $1', [row.id]);
      return false;
    }
    await q.query('update sms_codes set used_at = $2 where id = $1', [row.id, now]);
    return true;
  });
  if (!outcome) throw badRequest('settings.badCode', {}, 'code');
}
