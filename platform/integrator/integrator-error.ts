import { INTEGRATOR_ERRORS, type IntegratorErrorCode } from '../../contract/endpoints/integrator.endpoints';
import type { MessageParams } from '../../contract/messages';

/** A refusal of the integrator API: answered as `{code, message, requestId}` with the code's HTTP status; `key` is the
 * catalogue message shown in the caller's language. */
export class IntegratorError extends Error {
  readonly status: number;
  constructor(
    readonly code: IntegratorErrorCode,
    readonly key: string,
    readonly params: MessageParams = {},
    readonly extra: { field?: string; retryAfterS?: number } = {},
  ) {
    super(code);
    this.status = INTEGRATOR_ERRORS[code];
  }
}

export const invalidRequest = (key: string, params: MessageParams, field?: string) =>
  new IntegratorError('INVALID_REQUEST', key, params, { field });
