/**
 * The HTTP layer shared by both SPAs: JSON over fetch, multipart uploads over XMLHttpRequest
 * (fetch cannot report upload progress), the session token in `Authorization`, and one hook for
 * the global error handling each app configures (see api-client.ts).
 */

import { buildUrl } from './build-url';
import type { QueryValue } from './build-url';

export { buildUrl } from './build-url';
export type { QueryValue } from './build-url';

/** Error bodies the server sends: field errors or a single message. */
export interface ApiErrorBody {
  error?: string;
  errors?: Record<string, string[]>;
  [key: string]: unknown;
}

/** Any non-2xx answer, or status 0 when the network failed. `data` is the parsed body. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly data: unknown;

  constructor(status: number, data: unknown, message?: string) {
    super(message ?? messageFrom(data) ?? `Request failed with status ${status}`);
    this.status = status;
    this.data = data;
  }

  /** `{ errors: { field: [messages] } }` as a record, empty when the body has another shape. */
  get fieldErrors(): Record<string, string[]> {
    const errors = isRecord(this.data) ? this.data.errors : undefined;
    if (!isRecord(errors)) return {};
    const result: Record<string, string[]> = {};
    for (const [field, messages] of Object.entries(errors)) {
      if (Array.isArray(messages)) result[field] = messages.filter((m): m is string => typeof m === 'string');
      else if (typeof messages === 'string') result[field] = [messages];
    }
    return result;
  }

  /** First message for a field, as the spec's error catalogue reads them. */
  fieldError(field: string): string | undefined {
    return this.fieldErrors[field]?.[0];
  }

  /** `{ error: message }` when present. */
  get serverMessage(): string | undefined {
    return isRecord(this.data) && typeof this.data.error === 'string' ? this.data.error : undefined;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function messageFrom(data: unknown): string | undefined {
  return isRecord(data) && typeof data.error === 'string' ? data.error : undefined;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Anything with a zod-like `parse`; keeps this module independent of a schema library. */
export interface ResponseSchema<T> {
  parse(data: unknown): T;
}

/**
 * A schema, or one still loading: a page that keeps its schemas out of its first load passes the dynamic
 * import, which runs while the request is in flight; the answer is checked once both are there.
 */
export type ResponseSchemaOption<T> = ResponseSchema<T> | PromiseLike<ResponseSchema<T>>;

/** Starts waiting for the schema now, so one that fails to load is not an unhandled rejection when the call fails first. */
function schemaOf<T>(option: ResponseSchemaOption<T> | undefined): Promise<ResponseSchema<T> | undefined> {
  const ready = Promise.resolve(option);
  ready.catch(() => undefined);
  return ready;
}

export interface RequestOptions<B extends string, T = unknown> {
  base?: B;
  method?: HttpMethod;
  query?: Record<string, QueryValue>;
  /** A plain value is sent as JSON; a FormData as multipart (the browser sets the boundary). */
  body?: unknown;
  headers?: Record<string, string>;
  /** Send the stored token (default true). The spec marks a few public calls "no token". */
  auth?: boolean;
  signal?: AbortSignal;
  /**
   * Run the app's global handling (401/403/503) for this call (default true). Sign-in forms turn it
   * off because there a 401 means "wrong password", not "session expired".
   */
  globalErrors?: boolean;
  /** Validates and types the answer. */
  schema?: ResponseSchemaOption<T>;
  responseType?: 'json' | 'blob' | 'text';
  /** Told the HTTP status of a successful answer, for calls whose 2xx codes mean different things (200 vs 202). */
  onStatus?: (status: number) => void;
}

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0..1; 0 while the total is unknown. */
  fraction: number;
}

export interface UploadOptions<B extends string, T = unknown> {
  base?: B;
  method?: 'POST' | 'PUT' | 'PATCH';
  query?: Record<string, QueryValue>;
  auth?: boolean;
  signal?: AbortSignal;
  globalErrors?: boolean;
  schema?: ResponseSchema<T>;
  onProgress?: (progress: UploadProgress) => void;
}

export interface HttpClientConfig<B extends string> {
  /** Base URL per API; paths are appended to it. */
  bases: Record<B, string>;
  defaultBase: B;
  getToken(): string | null;
  /** Called with the `authorization` header of any answer that carries one. */
  setToken(token: string): void;
  /** Whether this URL drives the global loader. */
  showsLoader?(url: string): boolean;
  pending?: { begin(): void; end(): void };
  /** Global handling; runs before the call rejects with the same error. */
  onError?(error: ApiError, url: string): void;
  /**
   * A read started before the page's modules were in (a plain GET of this URL with this token): its answer
   * is used once, in place of a new request; the answer is then handled exactly as a fetched one.
   */
  readAhead?(url: string, token: string | null): Promise<Response> | undefined;
}

export interface HttpClient<B extends string> {
  request<T = unknown>(path: string, options?: RequestOptions<B, T>): Promise<T>;
  get<T = unknown>(path: string, options?: Omit<RequestOptions<B, T>, 'method' | 'body'>): Promise<T>;
  post<T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions<B, T>, 'method' | 'body'>): Promise<T>;
  put<T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions<B, T>, 'method' | 'body'>): Promise<T>;
  patch<T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions<B, T>, 'method' | 'body'>): Promise<T>;
  delete<T = unknown>(path: string, options?: Omit<RequestOptions<B, T>, 'method'>): Promise<T>;
  /** Multipart upload with progress events (XMLHttpRequest). */
  upload<T = unknown>(path: string, body: FormData, options?: UploadOptions<B, T>): Promise<T>;
  /** Absolute-or-relative URL of a path on a base, with query. */
  url(path: string, options?: { base?: B; query?: Record<string, QueryValue> }): string;
}

function parseText(text: string, contentType: string | null): unknown {
  if (text === '') return undefined;
  if (contentType?.includes('json')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

export function createHttpClient<B extends string>(config: HttpClientConfig<B>): HttpClient<B> {
  const resolveUrl = (path: string, base: B | undefined, query?: Record<string, QueryValue>) => buildUrl(config.bases[base ?? config.defaultBase], path, query);

  const tokenFor = (auth: boolean | undefined) => (auth === false ? null : config.getToken());

  function authHeaders(auth: boolean | undefined): Record<string, string> {
    const token = tokenFor(auth);
    return token ? { Authorization: token } : {};
  }

  function fail(error: ApiError, url: string, globalErrors: boolean | undefined): never {
    if (globalErrors !== false) config.onError?.(error, url);
    throw error;
  }

  async function track<T>(url: string, run: () => Promise<T>): Promise<T> {
    const counted = Boolean(config.pending) && (config.showsLoader?.(url) ?? true);
    if (counted) config.pending?.begin();
    try {
      return await run();
    } finally {
      if (counted) config.pending?.end();
    }
  }

  async function request<T>(path: string, options: RequestOptions<B, T> = {}): Promise<T> {
    const url = resolveUrl(path, options.base, options.query);
    const method = options.method ?? 'GET';
    const headers: Record<string, string> = { Accept: 'application/json', ...authHeaders(options.auth), ...options.headers };
    let body: BodyInit | undefined;
    if (options.body instanceof FormData) body = options.body;
    else if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }

    const schemaReady = schemaOf(options.schema);
    const plainRead = method === 'GET' && body === undefined && !options.signal && !options.headers;
    const early = plainRead ? config.readAhead?.(url, tokenFor(options.auth)) : undefined;
    return track(url, async () => {
      let response: Response;
      try {
        response = await (early ?? fetch(url, { method, headers, body, signal: options.signal }));
      } catch (cause) {
        if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
        // Offline or blocked: status 0 lets callers tell it from a server answer.
        throw new ApiError(0, { error: 'The network is unavailable. Check your connection and try again.' });
      }

      const token = response.headers.get('authorization');
      if (token) config.setToken(token);

      if (!response.ok) {
        const data = parseText(await response.text().catch(() => ''), response.headers.get('content-type'));
        fail(new ApiError(response.status, data), url, options.globalErrors);
      }

      options.onStatus?.(response.status);
      let data: unknown;
      if (options.responseType === 'blob') data = await response.blob();
      else if (response.status === 204) data = undefined;
      else {
        const text = await response.text();
        data = options.responseType === 'text' ? text : parseText(text, response.headers.get('content-type') ?? 'application/json');
      }
      const schema = await schemaReady;
      return schema ? schema.parse(data) : (data as T);
    });
  }

  function upload<T>(path: string, body: FormData, options: UploadOptions<B, T> = {}): Promise<T> {
    const url = resolveUrl(path, options.base, options.query);
    return track(
      url,
      () =>
        new Promise<T>((resolve, reject) => {
          const xhr = new XMLHttpRequest();
          xhr.open(options.method ?? 'POST', url);
          xhr.setRequestHeader('Accept', 'application/json');
          for (const [name, value] of Object.entries(authHeaders(options.auth))) xhr.setRequestHeader(name, value);

          const onAbort = () => xhr.abort();
          options.signal?.addEventListener('abort', onAbort, { once: true });
          const cleanup = () => options.signal?.removeEventListener('abort', onAbort);

          xhr.upload.addEventListener('progress', (event) => {
            const total = event.lengthComputable ? event.total : 0;
            options.onProgress?.({ loaded: event.loaded, total, fraction: total > 0 ? Math.min(1, event.loaded / total) : 0 });
          });
          xhr.addEventListener('load', () => {
            cleanup();
            const token = xhr.getResponseHeader('authorization');
            if (token) config.setToken(token);
            const data = parseText(xhr.responseText, xhr.getResponseHeader('content-type') ?? 'application/json');
            if (xhr.status < 200 || xhr.status >= 300) {
              const error = new ApiError(xhr.status, data);
              if (options.globalErrors !== false) config.onError?.(error, url);
              reject(error);
              return;
            }
            try {
              resolve(options.schema ? options.schema.parse(data) : (data as T));
            } catch (error) {
              reject(error instanceof Error ? error : new Error(String(error)));
            }
          });
          xhr.addEventListener('error', () => {
            cleanup();
            reject(new ApiError(0, { error: 'The upload failed. Check your connection and try again.' }));
          });
          xhr.addEventListener('abort', () => {
            cleanup();
            reject(new DOMException('The upload was cancelled.', 'AbortError'));
          });

          if (options.signal?.aborted) {
            cleanup();
            reject(new DOMException('The upload was cancelled.', 'AbortError'));
            return;
          }
          xhr.send(body);
        }),
    );
  }

  return {
    request,
    get: (path, options) => request(path, { ...options, method: 'GET' }),
    post: (path, body, options) => request(path, { ...options, method: 'POST', body }),
    put: (path, body, options) => request(path, { ...options, method: 'PUT', body }),
    patch: (path, body, options) => request(path, { ...options, method: 'PATCH', body }),
    delete: (path, options) => request(path, { ...options, method: 'DELETE' }),
    upload,
    url: (path, options) => resolveUrl(path, options?.base, options?.query),
  };
}
