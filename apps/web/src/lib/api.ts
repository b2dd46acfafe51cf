import axios, { AxiosError, type AxiosRequestConfig, type AxiosResponse } from 'axios';
// Subpath imports keep zod (used by the shared contracts) out of the first page load.
import { EXPORT_LIMIT_HEADER, REQUEST_TIMEOUT_MS } from '@aquamall/shared/constants';
import { MSG } from '@aquamall/shared/messages';
import type { Code as CodeMap, Envelope } from '@aquamall/shared/envelope';
import type { EndpointData, EndpointInput, EndpointName, EndpointRefusal, Endpoints } from '@aquamall/shared/endpoints';
import { ENDPOINT_TABLE } from '@aquamall/shared/endpoints/table.gen';
import { clientStore } from './storage.ts';
import { notify } from './notify.ts';

/** Per-call options of the API client (SPEC §7–8). */
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
/** The login page with the current page as returnUrl (SPEC §8, code 1). */
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

/** Envelope codes (SPEC §8), typed against the shared Code map so they cannot drift. */
const Code: Pick<typeof CodeMap, 'OK' | 'LOGIN_EXPIRED'> = { OK: 0, LOGIN_EXPIRED: 1 };

export const http = axios.create({ baseURL: '', timeout: REQUEST_TIMEOUT_MS });

http.interceptors.request.use((config) => {
  const token = clientStore.getToken();
  if (token) config.headers.set('x-token', token);
  return config;
});

/** Maps a transport failure to the spec's message. */
export function transportMessage(err: AxiosError<Partial<Envelope<unknown>>>): string {
  if (err.code === 'ECONNABORTED' || err.code === 'ETIMEDOUT' || /timeout/i.test(err.message)) return MSG.timeout;
  if (!err.response) return MSG.noResponse;
  if (err.response.status === 404) return MSG.notFound;
  const serverMessage = err.response.data && typeof err.response.data === 'object' ? err.response.data.message : undefined;
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
  const config: AxiosRequestConfig = { method, url, headers: { ...options.headers } };
  if (method === 'GET') config.params = data;
  else if (options.form) {
    config.data = encodeForm(data);
    config.headers = { ...config.headers, 'content-type': 'application/x-www-form-urlencoded' };
  } else config.data = data ?? {};

  let res: AxiosResponse<Envelope<T>>;
  try {
    res = await http.request<Envelope<T>>(config);
  } catch (e) {
    const err = e as AxiosError<Partial<Envelope<unknown>>>;
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
      method,
      url,
      responseType: 'blob',
      ...(method === 'GET' ? { params: data } : { data }),
    });
    // A stored document saves under the name people gave it, not its random storage key.
    const name = opts.filename || filenameFromDisposition(res.headers['content-disposition'] as string | undefined);
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
