import { z } from 'zod';

// One endpoint of the platform's API: the platform registers a route from it and validates with `request`;
// the console builds the call from it and parses the answer's `data` with `response`.
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** none: no token needed; token: a token is required (console redirects to /login without one). */
export type AuthMode = 'none' | 'token';
/** json: `{type, message, data}` envelope; file: an attachment (xlsx) streamed back; multipart: an upload. */
export type EndpointKind = 'json' | 'file' | 'multipart' | 'sse';

export interface Endpoint<
  Req extends z.ZodType = z.ZodType,
  Res extends z.ZodType = z.ZodType,
  A extends AuthMode = AuthMode,
> {
  method: HttpMethod;
  path: string;
  auth: A;
  kind: EndpointKind;
  timeoutMs: number;
  /** login calls show no error toast: the login form shows the message itself. */
  silent?: boolean;
  request: Req;
  response: Res;
  /** what the endpoint does, where the spec says "not shown". */
  doc?: string;
  /** served under this base path instead of the service's (the signed integrator API); its path may name
   * parameters as `:name` segments. */
  base?: string;
}

/** Deep enough for 1,000,000,000 rows at the largest page; keeps the offset a safe integer. */
export const MAX_PAGE_NUMBER = 1_000_000;

export const DEFAULT_TIMEOUT_MS = 60_000;
export const LONG_TIMEOUT_MS = 600_000;

// The auth literal is kept in the type so the platform's handlers know whether a caller is guaranteed.
export function defineEndpoint<Req extends z.ZodType, Res extends z.ZodType, A extends AuthMode = 'token'>(
  e: Omit<Endpoint<Req, Res, A>, 'method' | 'auth' | 'kind' | 'timeoutMs'> &
    Partial<Pick<Endpoint<Req, Res, A>, 'method' | 'kind' | 'timeoutMs'>> & { auth?: A },
): Endpoint<Req, Res, A> {
  return { method: 'POST', kind: 'json', timeoutMs: DEFAULT_TIMEOUT_MS, ...e, auth: (e.auth ?? 'token') as A };
}

export type RequestOf<E> = E extends Endpoint<infer Req, z.ZodType, AuthMode> ? z.input<Req> : never;
export type ResponseOf<E> = E extends Endpoint<z.ZodType, infer Res, AuthMode> ? z.output<Res> : never;

/** An endpoint that takes no fields. */
export const emptyRequest = z.object({}).loose();
/** Answers that carry nothing beyond the message. */
export const emptyResponse = z.unknown().optional();

/** Paged list requests: pageNumber from 1, pageSize, plus the screen's search fields. */
export const pageRequest = z.object({
  pageNumber: z.coerce.number().int().min(1).max(MAX_PAGE_NUMBER).default(1),
  pageSize: z.coerce.number().int().min(1).max(1000).default(20),
});
export function pageOf<T extends z.ZodType>(row: T) {
  return z.object({ total: z.number().int().min(0), data: z.array(row) });
}
