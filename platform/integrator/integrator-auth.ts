import type { FastifyRequest } from 'fastify';
import {
  INTEGRATOR_CLOCK_SKEW_S,
  INTEGRATOR_HEADERS,
  INTEGRATOR_NONCE,
} from '../../contract/endpoints/integrator.endpoints';
import { appSecretOf } from '../accounts/secrets';
import type { AppContext } from '../core/context';
import { isAddressAllowed } from '../smpp/ip-allow';
import { callerAccount, takeNonce, type CallerAccount } from './caller-store';
import { IntegratorError, invalidRequest } from './integrator-error';
import { canonicalQuery, canonicalString, signatureMatches, signatureOf } from './signature';

const header = (req: FastifyRequest, name: string) => {
  const v = req.headers[name.toLowerCase()];
  return typeof v === 'string' ? v.trim() : '';
};

const missing = (name: string) => invalidRequest('integrator.headerMissing', { header: name }, name);

/**
 * The account behind a signed request. Checked in this order: the headers are there; the app id names an account;
 * the address is in its user IPs (before the signature, as a bind checks the address before the password); the
 * timestamp is within the window; the signature; the nonce is new (taken only for a signed request, so nobody else
 * can spend a caller's nonces); the account is open.
 */
export async function authenticate(ctx: AppContext, req: FastifyRequest, body: Buffer): Promise<CallerAccount> {
  const appId = header(req, INTEGRATOR_HEADERS.appId);
  const timestamp = header(req, INTEGRATOR_HEADERS.timestamp);
  const nonce = header(req, INTEGRATOR_HEADERS.nonce);
  const signature = header(req, INTEGRATOR_HEADERS.signature);
  if (!appId) throw missing(INTEGRATOR_HEADERS.appId);
  if (!timestamp) throw missing(INTEGRATOR_HEADERS.timestamp);
  if (!nonce) throw missing(INTEGRATOR_HEADERS.nonce);
  if (!signature) throw missing(INTEGRATOR_HEADERS.signature);
  if (!INTEGRATOR_NONCE.test(nonce)) throw invalidRequest('integrator.nonceFormat', {}, INTEGRATOR_HEADERS.nonce);

  const account = appId.length <= 200 ? await callerAccount(ctx.db, appId) : null;
  if (!account) throw new IntegratorError('APP_ID_UNKNOWN', 'integrator.appIdUnknown');
  if (!isAddressAllowed(account.options.userIps ?? '', req.ip)) {
    ctx.log.warn({ appId, address: req.ip }, 'integrator request refused: address not in user IPs');
    throw new IntegratorError('IP_NOT_ALLOWED', 'integrator.ipNotAllowed');
  }
  const nowMs = ctx.now().getTime();
  const seconds = /^\d{1,12}$/.test(timestamp) ? Number(timestamp) : NaN;
  if (!Number.isFinite(seconds) || Math.abs(nowMs / 1000 - seconds) > INTEGRATOR_CLOCK_SKEW_S)
    throw new IntegratorError('TIMESTAMP_EXPIRED', 'integrator.timestampExpired', { seconds: INTEGRATOR_CLOCK_SKEW_S });

  const url = req.raw.url ?? req.url;
  const q = url.indexOf('?');
  const query = canonicalQuery(q < 0 ? '' : url.slice(q + 1));
  const { secret } = await appSecretOf(ctx.db, account.cus_id);
  const expected = signatureOf(
    secret,
    canonicalString({
      method: req.method,
      path: q < 0 ? url : url.slice(0, q),
      query: query ?? '',
      body,
      timestamp,
      nonce,
    }),
  );
  if (query === null || !signatureMatches(expected, signature))
    throw new IntegratorError('SIGNATURE_INVALID', 'integrator.signatureInvalid');

  // the nonce is kept as long as a request carrying it could still pass the timestamp check
  const expiresAt = new Date(Math.max(nowMs, seconds * 1000) + INTEGRATOR_CLOCK_SKEW_S * 1000);
  if (!(await takeNonce(ctx.db, account.cus_id, nonce, expiresAt)))
    throw new IntegratorError('NONCE_REUSED', 'integrator.nonceReused');
  if (account.status !== 1) throw new IntegratorError('ACCOUNT_CLOSED', 'integrator.accountClosed');
  return account;
}
