import { SERVICE_BASE_PATH, STATUS_WHITE_LIST, type Language } from '../../contract/constants';
import type { Endpoint, RequestOf, ResponseOf } from '../../contract/endpoint';
import { IDEMPOTENCY_HEADER, LANGUAGE_HEADER, SUCCESS_TYPE } from '../../contract/envelope';

/** Sent with every call so a failure can be matched with the platform's log line. */
export const REQUEST_ID_HEADER = 'X-Request-Id';
import { translate } from '../../contract/messages';

// The one HTTP client: base path, bearer token, language header, timeouts, the error catalogue.
// sync/ and machines/ call the platform only through it.

export interface HttpClientOptions {
  /** origin + service base path; defaults to the same origin's /sms-service-api. */
  baseUrl?: string;
  getToken: () => string | null;
  getLanguage: () => Language;
  /** a 401, or a token-needing call without a token: clear the session and go to /login. */
  onUnauthorized: () => void;
  /** an error toast (not called for silent endpoints and white-listed statuses). */
  onErrorToast?: (message: string) => void;
  fetchImpl?: typeof fetch;
  /** caps every call's timeout (an endpoint's own is 60 s or 10 min). */
  timeoutMs?: number;
  /** the platform answered a call (any status): the network is there, with the call's options. */
  onAnswered?: (opts: CallOptions) => void;
}

export type CallErrorKind = 'http' | 'unauthorized' | 'network' | 'timeout' | 'contract';

export class ApiCallError extends Error {
  constructor(
    readonly kind: CallErrorKind,
    message: string,
    readonly status = 0,
    readonly body: unknown = null,
    readonly field?: string,
  ) {
    super(message);
  }
  /** worth retrying later (the outbox keeps the event pending). */
  get retryable(): boolean {
    return (
      this.kind === 'network' ||
      this.kind === 'timeout' ||
      this.status >= 500 ||
      this.status === 429 ||
      this.status === 409
    );
  }
}

export interface CallOptions {
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** suppress the error toast for this call. */
  silent?: boolean;
}

export interface HttpClient {
  call<E extends Endpoint>(endpoint: E, body: RequestOf<E>, opts?: CallOptions): Promise<ResponseOf<E>>;
  /** a file endpoint: answers the bytes and the suggested file name. */
  download<E extends Endpoint>(
    endpoint: E,
    body: RequestOf<E>,
    opts?: CallOptions,
  ): Promise<{ blob: Blob; fileName: string }>;
  /** a multipart endpoint. */
  upload<E extends Endpoint>(endpoint: E, form: FormData, opts?: CallOptions): Promise<ResponseOf<E>>;
  readonly baseUrl: string;
}

export function createHttpClient(o: HttpClientOptions): HttpClient {
  const baseUrl = o.baseUrl ?? SERVICE_BASE_PATH;
  const doFetch = o.fetchImpl ?? ((...a: Parameters<typeof fetch>) => fetch(...a));

  async function send(
    endpoint: Endpoint,
    body: BodyInit | undefined,
    contentType: string | null,
    opts: CallOptions,
    query = '',
  ): Promise<Response> {
    const token = o.getToken();
    if (endpoint.auth === 'token' && !token) {
      o.onUnauthorized();
      throw new ApiCallError('unauthorized', translate(o.getLanguage(), 'error.unauthorized'), 401);
    }
    const headers: Record<string, string> = {
      [LANGUAGE_HEADER]: o.getLanguage(),
      [REQUEST_ID_HEADER]: crypto.randomUUID(),
    };
    if (contentType) headers['Content-Type'] = contentType;
    if (token) headers.Authorization = `Bearer ${token}`;
    if (opts.idempotencyKey) headers[IDEMPOTENCY_HEADER] = opts.idempotencyKey;
    const timeout = AbortSignal.timeout(Math.min(endpoint.timeoutMs, o.timeoutMs ?? Infinity));
    const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
    try {
      const res = await doFetch(baseUrl + endpoint.path + query, { method: endpoint.method, headers, body, signal });
      o.onAnswered?.(opts);
      return res;
    } catch (e) {
      const timedOut = timeout.aborted;
      // the browser's own words ("Failed to fetch") are in its language, not the console's; a caller that gave up
      // hears its abort as it is (nobody is shown that one)
      if (opts.signal?.aborted && !timedOut) throw new ApiCallError('network', String((e as Error)?.message ?? e));
      throw new ApiCallError(
        timedOut ? 'timeout' : 'network',
        translate(o.getLanguage(), timedOut ? 'error.timeout' : 'error.network'),
      );
    }
  }

  /** A 401 logs out; other non-200 toast the message (or 未知错误) unless silent or white-listed, then reject. */
  async function failure(endpoint: Endpoint, res: Response, opts: CallOptions): Promise<never> {
    let body: { message?: string; field?: string } | null = null;
    try {
      body = await res.json();
    } catch {}
    const message = body?.message || translate(o.getLanguage(), 'error.unknown');
    if (res.status === 401) {
      o.onUnauthorized();
      throw new ApiCallError('unauthorized', message, 401, body);
    }
    const whiteListed = (STATUS_WHITE_LIST as readonly number[]).includes(res.status);
    if (!whiteListed && !endpoint.silent && !opts.silent) o.onErrorToast?.(message);
    throw new ApiCallError('http', message, res.status, body, body?.field);
  }

  async function parse<E extends Endpoint>(endpoint: E, res: Response, opts: CallOptions): Promise<ResponseOf<E>> {
    if (res.status !== 200) return failure(endpoint, res, opts);
    // a caller that gave up (a screen left before its answer came) has the answer neither read nor checked: the
    // contract's check of a first answer costs ms of main thread that belong to the screen now opening
    const abandoned = () => new ApiCallError('network', 'aborted');
    const env = (await res.json().catch((e: unknown) => Promise.reject(opts.signal?.aborted ? abandoned() : e))) as {
      type?: number;
      message?: string;
      data?: unknown;
    };
    if (opts.signal?.aborted) throw abandoned();
    // an answer counts (a token is stored) only when its type is 0
    if (env.type !== SUCCESS_TYPE) {
      const message = env.message || translate(o.getLanguage(), 'error.unknown');
      if (!endpoint.silent && !opts.silent) o.onErrorToast?.(message);
      throw new ApiCallError('http', message, res.status, env);
    }
    const parsed = endpoint.response.safeParse(env.data ?? undefined);
    if (!parsed.success)
      throw new ApiCallError(
        'contract',
        `answer of ${endpoint.path} does not match the contract: ${parsed.error.message}`,
        200,
        env,
      );
    return parsed.data as ResponseOf<E>;
  }

  /** GET and DELETE carry their fields in the query string, the others as a JSON body. */
  function sendBody(endpoint: Endpoint, body: unknown, opts: CallOptions): Promise<Response> {
    const isQuery = endpoint.method === 'GET' || endpoint.method === 'DELETE';
    const query = isQuery ? '?' + new URLSearchParams(body as Record<string, string>).toString() : '';
    return send(
      endpoint,
      isQuery ? undefined : JSON.stringify(body ?? {}),
      isQuery ? null : 'application/json',
      opts,
      query,
    );
  }

  return {
    baseUrl,
    async call(endpoint, body, opts = {}) {
      return parse(endpoint, await sendBody(endpoint, body, opts), opts);
    },
    async download(endpoint, body, opts = {}) {
      const res = await sendBody(endpoint, body, opts);
      if (res.status !== 200) return failure(endpoint, res, opts);
      const cd = res.headers.get('content-disposition') ?? '';
      const m = /filename\*=UTF-8''([^;]+)|filename="?([^";]+)"?/i.exec(cd);
      const fileName = m ? decodeURIComponent(m[1] ?? m[2]) : 'export.xlsx';
      return { blob: await res.blob(), fileName };
    },
    async upload(endpoint, form, opts = {}) {
      const res = await send(endpoint, form, null, opts);
      return parse(endpoint, res, opts);
    },
  };
}
