import type { AppContext } from '../context';

/** Sends a platform-originated SMS (login and registration codes) through the platform's own message outbox,
 * so it shows in the records and the log like any other message. Answers the MT record's sn. */
export async function sendSystemSms(ctx: AppContext, msg: { cus_id: string; mobile: string; content: string }): Promise<string> {
  // Filled in by the messaging work (issue 3); until then the code is only logged.
  ctx.log.info({ mobile: msg.mobile, cus_id: msg.cus_id }, `system sms: ${msg.content}`);
  return '';
}
