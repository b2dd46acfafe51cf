import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@aquamall/shared';
import {
  api,
  ApiError,
  download,
  filenameFromDisposition,
  http,
  HttpError,
  loginUrlWithReturn,
  refusalOf,
  request,
  setLoginExpiredHandler,
  type HttpAdapter,
  type HttpRequest,
} from './api.ts';
import { setNotifier } from './notify.ts';
import { clientStore } from './storage.ts';

// A fake transport: each test says how the "server" answers; no network is touched.
let seen: HttpRequest[] = [];
function answer(fn: (config: HttpRequest) => { status?: number; data: unknown; headers?: Record<string, string> }) {
  const adapter: HttpAdapter = async (config) => {
    seen.push(config);
    const { status = 200, data, headers = {} } = fn(config);
    const response = { status, data, headers };
    if (status >= 400) throw new HttpError(`Request failed with status code ${status}`, 'ERR_BAD_RESPONSE', response);
    return response;
  };
  http.defaults.adapter = adapter;
}
/** Header values of a request as sent (names are lower-case). */
const header = (config: HttpRequest, name: string): string | undefined => config.headers[name];
function fail(make: (config: HttpRequest) => HttpError) {
  http.defaults.adapter = async (config) => {
    seen.push(config);
    throw make(config);
  };
}
const ok = (data: unknown, message = '') => () => ({ data: { code: 0, message, data } });

const shown = { success: [] as string[], warning: [] as string[], error: [] as string[] };
beforeEach(() => {
  seen = [];
  shown.success = [];
  shown.warning = [];
  shown.error = [];
  setNotifier({
    success: (t) => shown.success.push(t),
    warning: (t) => shown.warning.push(t),
    error: (t) => shown.error.push(t),
  });
  clientStore.clear();
});
afterEach(() => vi.restoreAllMocks());

describe('code 0', () => {
  it('resolves with data and shows the server message', async () => {
    answer(ok({ id: 7 }, '保存成功'));
    await expect(api.command('/api/x', { a: 1 })).resolves.toEqual({ id: 7 });
    expect(shown.success).toEqual(['保存成功']);
  });
  it('sends a file upload as the multipart form itself, leaving its content-type to the browser', async () => {
    answer(ok({ sysNo: 1 }));
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.xlsx');
    await request('POST', '/api/myproduct/import', form, { suppressSuccess: true });
    expect(seen[0]!.data).toBe(form);
    expect(header(seen[0]!, 'content-type')).toBeUndefined();
  });
  it('shows 操作成功 when the server gives no message', async () => {
    answer(ok(null));
    await api.command('/api/x');
    expect(shown.success).toEqual([MSG.success]);
  });
  it('stays quiet for reads and when suppressed', async () => {
    answer(ok([], '查询成功'));
    await api.get('/api/x');
    await api.query('/api/x');
    await request('POST', '/api/x', {}, { suppressSuccess: true });
    expect(shown.success).toEqual([]);
  });
});

describe('code 1 (login expired)', () => {
  it('calls the logout handler and rejects', async () => {
    const handler = vi.fn();
    setLoginExpiredHandler(handler);
    answer(() => ({ data: { code: 1, message: '登录已过期', data: null } }));
    await expect(api.get('/api/x')).rejects.toMatchObject({ code: 1 });
    expect(handler).toHaveBeenCalledOnce();
    expect(shown.warning).toEqual([]);
  });
  it('with ignoreRedirect warns 登录失效，请刷新页面 and does not log out', async () => {
    const handler = vi.fn();
    setLoginExpiredHandler(handler);
    answer(() => ({ data: { code: 1, message: '', data: null } }));
    await expect(api.get('/api/x', {}, { ignoreRedirect: true })).rejects.toBeInstanceOf(ApiError);
    expect(handler).not.toHaveBeenCalled();
    expect(shown.warning).toEqual(['登录失效，请刷新页面']);
  });
  it('sends the user to login with the current page as returnUrl', () => {
    expect(loginUrlWithReturn({ pathname: '/mall/goodsDetail', search: '?id=5&x=中' })).toBe(
      `/sso/login?returnUrl=${encodeURIComponent('/mall/goodsDetail?id=5&x=中')}`,
    );
  });
});

describe('other codes', () => {
  it('keeps the error identity and reads a declared refusal typed, by reason', async () => {
    const groups = [{ sellerCompanyId: 7, totalAmount: 476 }];
    answer(() => ({
      data: { code: 5, message: '价格已变动', data: { reason: 'CHECKOUT_PRICE_CHANGED', priceChanged: true, totalAmount: 476, groups } },
      headers: { 'x-error-id': 'CHECKOUT_PRICE_CHANGED' },
    }));
    const err = await api.run('checkoutSubmit', { source: { cartLineIds: [1] }, addressId: 1, invoiceKind: 0, shownTotal: 475 }, { suppressError: true }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 5, identity: 'CHECKOUT_PRICE_CHANGED' });
    const refusal = refusalOf('checkoutSubmit', err);
    expect(refusal?.reason === 'CHECKOUT_PRICE_CHANGED' && refusal.groups).toEqual(groups);
    expect(refusalOf('checkoutSubmit', new ApiError(2, '参数错误'))).toBeNull();
  });
  it('shows the server message', async () => {
    answer(() => ({ data: { code: 2, message: '手机号格式不正确', data: null } }));
    await expect(api.command('/api/x')).rejects.toMatchObject({ code: 2, message: '手机号格式不正确' });
    expect(shown.error).toEqual(['手机号格式不正确']);
  });
  it('shows 接口异常 without a message, and nothing when suppressed', async () => {
    answer(() => ({ data: { code: 5, message: '', data: null } }));
    await expect(api.command('/api/x')).rejects.toMatchObject({ message: '接口异常' });
    await expect(api.command('/api/x', {}, { suppressError: true })).rejects.toMatchObject({ code: 5 });
    expect(shown.error).toEqual(['接口异常']);
  });
});

describe('transport errors', () => {
  it('timeout → 服务器连接超时', async () => {
    fail(() => new HttpError('timeout of 30000ms exceeded', 'ECONNABORTED'));
    await expect(api.get('/api/x')).rejects.toMatchObject({ code: -1, message: '服务器连接超时' });
    expect(shown.error).toEqual(['服务器连接超时']);
  });
  it('no response → 服务器异常', async () => {
    fail(() => new HttpError('Network Error', 'ERR_NETWORK'));
    await expect(api.get('/api/x')).rejects.toMatchObject({ message: '服务器异常' });
  });
  it('404 → 接口地址不存在', async () => {
    answer(() => ({ status: 404, data: { code: 4, message: 'Not Found', data: null } }));
    await expect(api.get('/api/x')).rejects.toMatchObject({ message: '接口地址不存在', status: 404 });
    expect(shown.error).toEqual(['接口地址不存在']);
  });
  it('other statuses → server message or 服务器系统异常', async () => {
    answer(() => ({ status: 429, data: { code: 6, message: '请求过于频繁，请稍后再试', data: null } }));
    await expect(api.get('/api/x')).rejects.toMatchObject({ message: '请求过于频繁，请稍后再试', status: 429 });
    answer(() => ({ status: 500, data: '<html>oops</html>' }));
    await expect(api.get('/api/x')).rejects.toMatchObject({ message: '服务器系统异常', status: 500 });
    expect(shown.error).toEqual(['请求过于频繁，请稍后再试', '服务器系统异常']);
  });
  it('uses a 30 s timeout', () => {
    expect(http.defaults.timeout).toBe(30_000);
  });
});

describe('request shape', () => {
  it('sends the token in x-token', async () => {
    clientStore.setToken('tok-123', false);
    answer(ok(null));
    await api.get('/api/x');
    expect(header(seen[0]!, 'x-token')).toBe('tok-123');
  });
  it('sends no x-token without a token', async () => {
    answer(ok(null));
    await api.get('/api/x');
    expect('x-token' in seen[0]!.headers).toBe(false);
  });
  it('GET sends the data as query parameters', async () => {
    answer(ok(null));
    await api.get('/api/enums', { enumNames: 'a,b' });
    expect(seen[0]!.method).toBe('get');
    expect(seen[0]!.params).toEqual({ enumNames: 'a,b' });
    expect(seen[0]!.data).toBeUndefined();
  });
  it('POST sends JSON by default', async () => {
    answer(ok(null));
    await api.query('/api/index', { a: 1 });
    expect(seen[0]!.method).toBe('post');
    expect(JSON.parse(seen[0]!.data as string)).toEqual({ a: 1 });
    expect(header(seen[0]!, 'content-type')).toMatch(/application\/json/);
  });
  it('form option sends a form-encoded body, skipping empty values', async () => {
    answer(ok(null));
    await request('POST', '/api/appuser/replacecellphone', { phone: '13800138000', code: '123456', x: undefined }, { form: true });
    expect(String(seen[0]!.data)).toBe('phone=13800138000&code=123456');
    expect(header(seen[0]!, 'content-type')).toMatch(/application\/x-www-form-urlencoded/);
  });  it('sends the headers an endpoint declares (Idempotency-Key) and keeps the data of a refusal', async () => {
    answer(() => ({ data: { code: 5, message: '库存不足', data: { skuId: 7, cartLineId: 3 } } }));
    const err = await request('POST', '/api/checkout/submit', {}, { headers: { 'idempotency-key': 'k-1' } }).catch((e: unknown) => e);
    expect(header(seen[0]!, 'idempotency-key')).toBe('k-1');
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).data).toEqual({ skuId: 7, cartLineId: 3 });
  });
});

describe('content-disposition filenames', () => {
  it('reads plain, quoted and UTF-8 names', () => {
    expect(filenameFromDisposition('attachment; filename=report.xlsx')).toBe('report.xlsx');
    expect(filenameFromDisposition('attachment; filename="招标文件.pdf"')).toBe('招标文件.pdf');
    expect(filenameFromDisposition(`attachment; filename="x.pdf"; filename*=UTF-8''${encodeURIComponent('订单 明细.xlsx')}`)).toBe('订单 明细.xlsx');
  });
  it('gives null without a name', () => {
    expect(filenameFromDisposition(undefined)).toBeNull();
    expect(filenameFromDisposition('inline')).toBeNull();
  });
});

describe('download', () => {
  beforeEach(() => {
    URL.createObjectURL = vi.fn(() => 'blob:fake');
    URL.revokeObjectURL = vi.fn();
  });
  it('saves the blob under the name from content-disposition', async () => {
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    answer(() => ({ data: new Blob(['x']), headers: { 'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent('报表.xlsx')}` } }));
    await expect(download('/api/report/export', { year: 2026 })).resolves.toBe(true);
    expect(names).toEqual(['报表.xlsx']);
    expect(seen[0]!.params).toEqual({ year: 2026 });
    expect(seen[0]!.responseType).toBe('blob');
  });
  it('saves a list export cut at its row limit and says the file holds only the first rows', async () => {
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    answer(() => ({ data: new Blob(['x']), headers: { 'content-disposition': 'attachment; filename=a.xlsx', 'x-export-limit': '5000' } }));
    await expect(download('/api/order/export', {}, { method: 'POST' })).resolves.toBe(true);
    expect(shown.warning).toEqual(['筛选结果超过 5000 条，文件只含前 5000 条，请缩小筛选范围后分批导出']);
  });
  it('POST downloads send the body', async () => {
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    answer(() => ({ data: new Blob(['x']), headers: { 'content-disposition': 'attachment; filename=a.csv' } }));
    await download('/api/x', { a: 1 }, { method: 'POST' });
    expect(seen[0]!.method).toBe('post');
    expect(JSON.parse(seen[0]!.data as string)).toEqual({ a: 1 });
  });
  it('warns 下载地址为空 for an empty address, without a request', async () => {
    answer(ok(null));
    await expect(download('  ')).resolves.toBe(false);
    expect(shown.warning).toEqual(['下载地址为空']);
    expect(seen).toHaveLength(0);
  });
  it('shows 下载文件失败 when no filename comes back or the request fails', async () => {
    answer(() => ({ data: new Blob(['x']) }));
    await expect(download('/api/x')).resolves.toBe(false);
    answer(() => ({ status: 500, data: new Blob(['x']) }));
    await expect(download('/api/x')).resolves.toBe(false);
    expect(shown.error).toEqual(['下载文件失败', '下载文件失败']);
  });
});

describe('the fetch transport', () => {
  const fetchAdapter = http.defaults.adapter;
  let sent: { url: string; init: RequestInit }[] = [];
  function reply(make: () => Response | Promise<Response>) {
    sent = [];
    http.defaults.adapter = fetchAdapter;
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      sent.push({ url, init });
      return make();
    });
  }
  afterEach(() => vi.unstubAllGlobals());
  const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

  it('sends GET data as a query string (empty values left out, arrays as k[]) and the token', async () => {
    clientStore.setToken('tok-9', false);
    reply(() => json({ code: 0, message: '', data: 5 }));
    await expect(api.get('/api/x', { a: '中 文', b: undefined, c: null, ids: [1, 2] })).resolves.toBe(5);
    expect(sent[0]!.url).toBe('/api/x?a=%E4%B8%AD+%E6%96%87&ids%5B%5D=1&ids%5B%5D=2');
    expect(sent[0]!.init.method).toBe('GET');
    expect(sent[0]!.init.body).toBeUndefined();
    expect((sent[0]!.init.headers as Record<string, string>)['x-token']).toBe('tok-9');
  });
  it('sends POST data as JSON', async () => {
    reply(() => json({ code: 0, message: '', data: null }));
    await api.query('/api/index', { a: 1 });
    expect(sent[0]!.init.method).toBe('POST');
    expect(JSON.parse(String(sent[0]!.init.body))).toEqual({ a: 1 });
    expect((sent[0]!.init.headers as Record<string, string>)['content-type']).toBe('application/json');
  });
  it('maps HTTP errors, a timeout and no answer to the spec messages', async () => {
    reply(() => json({ code: 6, message: '请求过于频繁，请稍后再试', data: null }, 429));
    await expect(api.get('/api/x')).rejects.toMatchObject({ code: -1, message: '请求过于频繁，请稍后再试', status: 429 });
    reply(() => new Response('<html>oops</html>', { status: 502 }));
    await expect(api.get('/api/x')).rejects.toMatchObject({ message: '服务器系统异常', status: 502 });
    reply(() => Promise.reject(new DOMException('signal timed out', 'TimeoutError')));
    await expect(api.get('/api/x')).rejects.toMatchObject({ code: -1, message: '服务器连接超时' });
    reply(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(api.get('/api/x')).rejects.toMatchObject({ code: -1, message: '服务器异常' });
  });
  it('downloads a blob with the response headers', async () => {
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    URL.createObjectURL = vi.fn(() => 'blob:fake');
    URL.revokeObjectURL = vi.fn();
    reply(() => new Response('x', { headers: { 'content-disposition': 'attachment; filename=a.xlsx', 'x-export-limit': '5000' } }));
    await expect(download('/api/order/export', { a: 1 }, { method: 'POST' })).resolves.toBe(true);
    expect(shown.warning).toEqual(['筛选结果超过 5000 条，文件只含前 5000 条，请缩小筛选范围后分批导出']);
  });
});
