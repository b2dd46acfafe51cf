// Subpath imports keep zod (used by the shared contracts) out of the first page load.
import { EXPORT_LIMIT_HEADER, REQUEST_TIMEOUT_MS } from '@aquamall/shared/constants';
import { MSG } from '@aquamall/shared/messages';
import type { Code as CodeMap, Envelope } from '@aquamall/shared/envelope';
import type { EndpointData, EndpointInput, EndpointName, EndpointRefusal, Endpoints } from '@aquamall/shared/endpoints';
import { ENDPOINT_TABLE } from '@aquamall/shared/endpoints/table.gen';
import { clientStore } from './storage.ts';
import { notify } from './notify.ts';

/** Per-call options of the API client (docs/product/api-envelope.md#calling-the-api, docs/product/api-envelope.md#how-the-web-client-handles-codes). */
export interface ApiOptions {
  /** Do not show the success message for code 0. */
  suppressSuccess?: boolean;
  /** Do not show the error message for a non-zero code or a transport error. */
  suppressError?: boolean;
  /** On code 1, warn 登录失效，请刷新页面 instead of logging out and redirecting. */
  ignoreRedirect?: boolean;
  /** Send the body form-encoded instead of JSON. */
  form?: boolean;
  /** Extra request headers (an endpoint's declared `headers`, e.g. `idempotency-key`). */
  headers?: Record<string, string>;
}

/** A rejected call: a business code from the server, or a transport failure (code -1, HTTP status kept). */
export class ApiError extends Error {
  constructor(
    public readonly code: number,
    message: string,
    public readonly status?: number,
    /** The envelope's `data` of a refusal (e.g. which line of a checkout is short), when the server sent one. */
    public readonly data: unknown = null,
    /** The server's identity of the error (`x-error-id`, e.g. CHECKOUT_PRICE_CHANGED), when it sent one. */
    public readonly identity: string | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type LoginExpiredHandler = () => void;
/** The login page with the current page as returnUrl (docs/product/api-envelope.md#how-the-web-client-handles-codes, code 1). */
export function loginUrlWithReturn(loc: Pick<Location, 'pathname' | 'search'> = window.location): string {
  return `/sso/login?returnUrl=${encodeURIComponent(loc.pathname + loc.search)}`;
}
let onLoginExpired: LoginExpiredHandler = () => {
  clientStore.clear();
  window.location.assign(loginUrlWithReturn());
};
/** The session feature installs its logout here (it clears app state, then goes to login with returnUrl). */
export function setLoginExpiredHandler(handler: LoginExpiredHandler) {
  onLoginExpired = handler;
}

/** Envelope codes (docs/product/api-envelope.md#response-codes), typed against the shared Code map so they cannot drift. */
const Code: Pick<typeof CodeMap, 'OK' | 'LOGIN_EXPIRED'> = { OK: 0, LOGIN_EXPIRED: 1 };

/**
 * The transport: the browser's fetch behind a small axios-shaped seam (`http.defaults.adapter`, `timeout`) that
 * the tests replace. axios cost ~13 KB gzip on every first load for what fetch does (docs/decisions/0193).
 */
export interface HttpRequest {
  method: 'get' | 'post' | 'put' | 'delete';
  url: string;
  /** Lower-case names. */
  headers: Record<string, string>;
  /** Query parameters (GET). */
  params?: unknown;
  /** The encoded body: JSON text, a form, or a multipart form (a file upload). */
  data?: string | URLSearchParams | FormData;
  responseType?: 'json' | 'blob';
}
export interface HttpResponse<T = unknown> {
  status: number;
  data: T;
  /** Lower-case names. */
  headers: Record<string, string>;
}
/** A failed exchange: `code` ECONNABORTED (timeout), ERR_NETWORK (no answer) or ERR_BAD_RESPONSE (HTTP ≥ 400). */
export class HttpError extends Error {
  constructor(
    message: string,
    public readonly code: string,
    public readonly response?: HttpResponse<unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}
export type HttpAdapter = (req: HttpRequest) => Promise<HttpResponse<unknown>>;

/** Query string as axios wrote it: empty values left out, arrays as `k[]=v`, dates in ISO, objects as JSON. */
export function queryString(params: unknown): string {
  const q = new URLSearchParams();
  if (params && typeof params === 'object') {
    for (const [k, v] of Object.entries(params as Record<string, unknown>)) {
      if (v === undefined || v === null) continue;
      const add = (key: string, x: unknown) =>
        q.append(key, x instanceof Date ? x.toISOString() : typeof x === 'object' && x !== null ? JSON.stringify(x) : String(x));
      if (Array.isArray(v)) for (const x of v) add(`${k}[]`, x);
      else add(k, v);
    }
  }
  return q.toString();
}

const fetchAdapter: HttpAdapter = async (req) => {
  const qs = req.params === undefined ? '' : queryString(req.params);
  const timeout = http.defaults.timeout;
  let res: Response;
  try {
    res = await fetch(qs ? `${req.url}${req.url.includes('?') ? '&' : '?'}${qs}` : req.url, {
      method: req.method.toUpperCase(),
      headers: req.headers,
      body: req.data,
      credentials: 'same-origin',
      signal: AbortSignal.timeout(timeout),
    });
  } catch (e) {
    if ((e as Error).name === 'TimeoutError') throw new HttpError(`timeout of ${timeout}ms exceeded`, 'ECONNABORTED');
    throw new HttpError('Network Error', 'ERR_NETWORK');
  }
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => (headers[name] = value));
  let data: unknown;
  try {
    if (req.responseType === 'blob') data = await res.blob();
    else {
      const text = await res.text();
      try {
        data = text ? JSON.parse(text) : text;
      } catch {
        data = text;
      }
    }
  } catch (e) {
    if ((e as Error).name === 'TimeoutError') throw new HttpError(`timeout of ${timeout}ms exceeded`, 'ECONNABORTED');
    throw new HttpError('Network Error', 'ERR_NETWORK');
  }
  const response = { status: res.status, data, headers };
  if (res.status >= 400) throw new HttpError(`Request failed with status code ${res.status}`, 'ERR_BAD_RESPONSE', response);
  return response;
};

export const http = {
  defaults: { timeout: REQUEST_TIMEOUT_MS, adapter: fetchAdapter },
  /** Sends a request with the session's token (x-token) through the current adapter. */
  request<T>(req: HttpRequest): Promise<HttpResponse<T>> {
    const token = clientStore.getToken();
    const headers = token ? { ...req.headers, 'x-token': token } : req.headers;
    return http.defaults.adapter({ ...req, headers }) as Promise<HttpResponse<T>>;
  },
};

/** Maps a transport failure to the spec's message. */
export function transportMessage(err: HttpError): string {
  if (err.code === 'ECONNABORTED' || err.code === 'ETIMEDOUT' || /timeout/i.test(err.message)) return MSG.timeout;
  if (!err.response) return MSG.noResponse;
  if (err.response.status === 404) return MSG.notFound;
  const data = err.response.data as Partial<Envelope<unknown>> | null | undefined;
  const serverMessage = data && typeof data === 'object' ? data.message : undefined;
  return serverMessage || MSG.serverError;
}

function encodeForm(data: unknown): URLSearchParams {
  const params = new URLSearchParams();
  if (data && typeof data === 'object') {
    for (const [k, v] of Object.entries(data as Record<string, unknown>)) {
      if (v !== undefined && v !== null) params.append(k, String(v));
    }
  }
  return params;
}

/**
 * The one request function. POST with a JSON body by default; GET sends data as query parameters; `form`
 * sends it form-encoded. Resolves with `data` for code 0 and rejects with ApiError otherwise.
 */
export async function request<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  data?: unknown,
  options: ApiOptions = {},
): Promise<T> {
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(options.headers ?? {})) headers[k.toLowerCase()] = v;
  const config: HttpRequest = { method: method.toLowerCase() as HttpRequest['method'], url, headers };
  if (method === 'GET') config.params = data;
  // A multipart form (a file upload) goes as it is: the browser writes its content-type with the boundary.
  else if (data instanceof FormData) config.data = data;
  else if (options.form) {
    config.data = encodeForm(data);
    headers['content-type'] = 'application/x-www-form-urlencoded';
  } else {
    config.data = JSON.stringify(data ?? {});
    headers['content-type'] = 'application/json';
  }

  let res: HttpResponse<Envelope<T>>;
  try {
    res = await http.request<Envelope<T>>(config);
  } catch (e) {
    const err = e instanceof HttpError ? e : new HttpError((e as Error)?.message ?? 'Network Error', 'ERR_NETWORK');
    const text = transportMessage(err);
    if (!options.suppressError) notify.error(text);
    throw new ApiError(-1, text, err.response?.status);
  }
  const body = res.data;
  if (!body || typeof body !== 'object' || typeof body.code !== 'number') {
    if (!options.suppressError) notify.error(MSG.apiError);
    throw new ApiError(-1, MSG.apiError, res.status);
  }
  if (body.code === Code.OK) {
    if (!options.suppressSuccess) notify.success(body.message || MSG.success);
    return body.data;
  }
  if (body.code === Code.LOGIN_EXPIRED) {
    if (options.ignoreRedirect) notify.warning(MSG.loginExpired);
    else onLoginExpired();
    throw new ApiError(body.code, body.message || MSG.loginExpired);
  }
  const text = body.message || MSG.apiError;
  if (!options.suppressError) notify.error(text);
  const identity = res.headers?.['x-error-id'];
  throw new ApiError(body.code, text, undefined, body.data ?? null, typeof identity === 'string' ? identity : null);
}

/**
 * The declared refusal a rejected call of a named endpoint carries: its `data`, typed by the descriptor's
 * `refusals` and told apart by `reason` (`refusal?.reason === 'CHECKOUT_PRICE_CHANGED'`); null for any other
 * failure. Pages read refusal data through this, never by casting `ApiError.data`.
 */
export function refusalOf<N extends EndpointName>(_name: N, err: unknown): EndpointRefusal<Endpoints[N]> | null {
  if (!(err instanceof ApiError)) return null;
  const data = err.data;
  if (!data || typeof data !== 'object' || typeof (data as { reason?: unknown }).reason !== 'string') return null;
  return data as EndpointRefusal<Endpoints[N]>;
}

/**
 * Method and URL of a named endpoint; `:name` path parameters are filled from (and removed from) the input.
 */
export function endpointRequest(name: EndpointName, input: unknown): { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; data: unknown } {
  const [method, path] = ENDPOINT_TABLE[name];
  if (!path.includes(':')) return { method, url: path, data: input };
  const rest: Record<string, unknown> = { ...(input as Record<string, unknown>) };
  const url = path.replace(/:(\w+)/g, (_, key: string) => {
    const value = rest[key];
    delete rest[key];
    return encodeURIComponent(String(value ?? ''));
  });
  return { method, url, data: rest };
}

/**
 * The address of a named GET endpoint with its input as query parameters, for what the browser fetches by
 * itself (an <img> source, a WebSocket, a link).
 */
export function endpointUrl<N extends EndpointName>(name: N, input?: InputOf<N>): string {
  const { url, data } = endpointRequest(name, input);
  const query = new URLSearchParams();
  if (data && typeof data === 'object') {
    for (const [k, v] of Object.entries(data as Record<string, unknown>)) if (v !== undefined && v !== null) query.append(k, String(v));
  }
  const qs = query.toString();
  return qs ? `${url}?${qs}` : url;
}

/** What a named endpoint takes, and what it answers (inferred from its shared schemas). */
export type InputOf<N extends EndpointName> = EndpointInput<Endpoints[N]>;
export type DataOf<N extends EndpointName> = EndpointData<Endpoints[N]>;

type Args<N extends EndpointName> = undefined extends EndpointInput<Endpoints[N]>
  ? [input?: EndpointInput<Endpoints[N]>, options?: ApiOptions]
  : [input: EndpointInput<Endpoints[N]>, options?: ApiOptions];

function callEndpoint<N extends EndpointName>(name: N, announce: boolean, [input, options]: Args<N>) {
  const { method, url, data } = endpointRequest(name, input);
  return request<EndpointData<Endpoints[N]>>(method, url, data, { suppressSuccess: !announce, ...options });
}

/** Reads (GET or query-style POST) do not announce success. */
export const api = {
  /** Reads a named endpoint (packages/shared/src/endpoints): typed input and answer, no success message. */
  read: <N extends EndpointName>(name: N, ...args: Args<N>) => callEndpoint(name, false, args),
  /** Runs a named command endpoint: shows the server's message, or 操作成功. */
  run: <N extends EndpointName>(name: N, ...args: Args<N>) => callEndpoint(name, true, args),
  get: <T>(url: string, params?: unknown, o: ApiOptions = {}) =>
    request<T>('GET', url, params, { suppressSuccess: true, ...o }),
  query: <T>(url: string, body?: unknown, o: ApiOptions = {}) =>
    request<T>('POST', url, body, { suppressSuccess: true, ...o }),
  /** Commands show the server's message, or 操作成功. */
  command: <T>(url: string, body?: unknown, o: ApiOptions = {}) => request<T>('POST', url, body, o),
};

/** Filename from a content-disposition header (RFC 6266, including filename*=UTF-8''...). */
export function filenameFromDisposition(header: string | undefined | null): string | null {
  if (!header) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
    } catch {
      /* fall through */
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
  const value = plain?.[2] ?? plain?.[1];
  return value ? value.trim() : null;
}

/**
 * Downloads a file as a blob (GET or POST) and saves it under `filename` or the name from content-disposition. An empty
 * address warns 下载地址为空; a missing name or a failed save shows 下载文件失败; a list export cut at its row limit
 * (EXPORT_LIMIT_HEADER) is saved and the user told the file holds only the first rows.
 */
export async function download(
  url: string,
  data?: unknown,
  opts: { method?: 'GET' | 'POST'; filename?: string } = {},
): Promise<boolean> {
  if (!url || !url.trim()) {
    notify.warning(MSG.downloadEmpty);
    return false;
  }
  const method = opts.method ?? 'GET';
  try {
    const res = await http.request<Blob>({
      method: method === 'GET' ? 'get' : 'post',
      url,
      responseType: 'blob',
      ...(method === 'GET'
        ? { params: data, headers: {} }
        : data === undefined
          ? { headers: {} }
          : { data: JSON.stringify(data), headers: { 'content-type': 'application/json' } }),
    });
    // A stored document saves under the name people gave it, not its random storage key.
    const name = opts.filename || filenameFromDisposition(res.headers['content-disposition']);
    if (!name) throw new Error('no filename');
    const href = URL.createObjectURL(res.data);
    const a = document.createElement('a');
    a.href = href;
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(href), 1000);
    // A list export cut at its row limit says so: the file is not the whole list.
    const limit = Number(res.headers[EXPORT_LIMIT_HEADER]);
    if (limit > 0) notify.warning(`筛选结果超过 ${limit} 条，文件只含前 ${limit} 条，请缩小筛选范围后分批导出`);
    return true;
  } catch {
    notify.error(MSG.downloadFailed);
    return false;
  }
}

/** Downloads the file a named endpoint answers (its descriptor says `raw(...)`), e.g. an Excel export. */
export function downloadEndpoint<N extends EndpointName>(name: N, input?: EndpointInput<Endpoints[N]>): Promise<boolean> {
  const { method, url, data } = endpointRequest(name, input);
  return download(url, data, { method: method === 'GET' ? 'GET' : 'POST' });
}
