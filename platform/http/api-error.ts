import type { MessageParams } from '../../contract/messages';

/** A failure answered as `{type, message}` with a non-200 status; message is a key of the contract catalogue. */
export class ApiError extends Error {
  /** bookkeeping that must outlast the refusal: run after the transaction the refusal rolled back, if there was one
   * (an idempotent command's, platform/http/route.ts). */
  afterRollback?: () => Promise<void>;
  constructor(
    readonly status: number,
    readonly key: string,
    readonly params: MessageParams = {},
    readonly field?: string,
  ) {
    super(key);
  }
}

export const badRequest = (key: string, params?: MessageParams, field?: string) =>
  new ApiError(400, key, params, field);
export const unauthorized = () => new ApiError(401, 'error.unauthorized');
export const forbidden = (key = 'error.forbidden', params?: MessageParams) => new ApiError(403, key, params);
export const notFound = (key = 'error.notFound', params?: MessageParams) => new ApiError(404, key, params);
export const conflict = (key: string, params?: MessageParams) => new ApiError(409, key, params);
