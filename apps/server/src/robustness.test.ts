import fs from 'node:fs';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { loginFailures, userTwoFactor } from './db/schema/index.ts';
import { createTestApp, type TestApp } from './test/app.ts';
import { passSecondStep } from './test/http.ts';
import { ImportJobStatus } from '@aquamall/shared';
import { importRun } from './modules/products/import-jobs.ts';
import {
  badArchives,
  badBodies,
  badParams,
  badQueryValues,
  describeSchema,
  fieldMutations,
} from './test/bad-inputs.ts';

/**
 * Every registered route, every caller kind, a battery of hostile inputs: the server never answers ≥ 500, API
 * answers keep the envelope, and every refusal carries a Chinese message. Routes are collected while the app
 * is built, so a new route is covered without touching this file.
 */

interface Route {
  method: string;
  url: string;
  schema: { body?: unknown; querystring?: unknown; params?: unknown };
}

const routes: Route[] = [];
let t: TestApp;
const tokens: Record<string, string | undefined> = { anonymous: undefined };
const logins: Record<string, string> = { supplier: '18800000002', purchaser: '18800000004', admin: 'admin' };
// Battery requests come from another address than the logins, so failed-login counting never blocks re-login.
const BATTERY_IP = '203.0.113.9';

async function login(account: string): Promise<string> {
  // Wrong old passwords in the battery count as failed logins of the caller; forget them before signing in again.
  await t.database.db.delete(loginFailures);
  // The admin signs in again and again within one 30-second step: let the replay guard start over.
  await t.database.db.update(userTwoFactor).set({ lastStep: 0 });
  const res = await t.app.inject({ method: 'POST', url: '/api/appuser/login', payload: { account, password: 'Demo@2026' } });
  const data = (res.json() as { data?: { authToken?: string; twoFactor?: { token: string } } }).data;
  // The demo platform administrator has two-factor sign-in on (demo secret).
  const token = data?.twoFactor ? (await passSecondStep(t.app, data.twoFactor.token)).data?.authToken : data?.authToken;
  if (!token) throw new Error(`demo login ${account} failed: ${res.body}`);
  return token;
}

beforeAll(async () => {
  t = await createTestApp({
    seed: true,
    // The battery sends hundreds of requests per route from one address: limits high enough that it reaches
    // validation (the limits themselves are proven in plugins/rate-limit.test.ts).
    env: Object.fromEntries(['LOGIN', 'REGISTER', 'CODE', 'CAPTCHA', 'QR', 'UPLOAD'].map((g) => [`RATE_LIMIT_${g}`, '100000'])),
    onRoute: (r) => {
      for (const method of [r.method].flat()) {
        if (method === 'HEAD' || method === 'OPTIONS') continue;
        routes.push({ method, url: r.url, schema: (r.schema ?? {}) as Route['schema'] });
      }
    },
  });
  for (const [who, account] of Object.entries(logins)) tokens[who] = await login(account);
});
afterAll(async () => t?.close());

const isApi = (url: string) => url.startsWith('/api/') || url.startsWith('/admin/api/') || url === '/file/upload' || url.startsWith('/file/');
// Answers that are not the JSON envelope by design: file bytes, pages, downloads, sockets, captcha images.
const rawAnswer = (url: string) =>
  url.startsWith('/f/') ||
  url.startsWith('/api/docs') || // the API reference: OpenAPI document, Swagger UI page and files
  url.startsWith('/api/pay/notify/') || // payment partners' notifications answer in the partner's protocol (decision 0207)
  /socket|ImgVerificationCode|contract|outbox|captcha|callback|sandbox|download|export/i.test(url) ||
  !isApi(url);

interface Problem {
  who: string;
  method: string;
  url: string;
  status: number;
  body: string;
  input: string;
}

const CHINESE = /[\u4e00-\u9fff]/;

function check(problems: Problem[], who: string, route: Route, req: InjectOptions, status: number, body: string) {
  const input = typeof req.payload === 'string' ? req.payload.slice(0, 120) : JSON.stringify(req.payload ?? null)?.slice(0, 120);
  const report = (why: string) =>
    problems.push({ who, method: route.method, url: String(req.url).slice(0, 160), status, body: `${why}: ${body.slice(0, 200)}`, input });
  if (status >= 500) return report('status ≥ 500');
  if (rawAnswer(route.url)) return;
  let json: { code?: unknown; message?: unknown; data?: unknown };
  try {
    json = JSON.parse(body) as typeof json;
  } catch {
    return report('not JSON');
  }
  if (typeof json.code !== 'number' || !('message' in json) || !('data' in json)) return report('no envelope');
  if (json.code !== 0 && !(typeof json.message === 'string' && CHINESE.test(json.message))) report('message not Chinese');
}

function fillPath(url: string, override?: [string, string]): string {
  return url
    .replace(/:(\w+)/g, (_m, name: string) => (override && override[0] === name ? override[1] : '1'))
    .replace(/\*$/, override && override[0] === '*' ? override[1] : 'a.png');
}

/** The requests for one route: whole-body attacks, field-by-field attacks, param and query attacks. */
function requestsFor(route: Route, deep: boolean): InjectOptions[] {
  const method = route.method as InjectOptions['method'];
  const url = fillPath(route.url);
  const out: InjectOptions[] = [];
  const params = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1] as string);
  if (route.url.endsWith('*')) params.push('*');
  for (const name of params) for (const v of badParams) out.push({ method, url: fillPath(route.url, [name, v]) });
  if (route.method === 'GET' || route.method === 'DELETE') {
    const query = describeSchema(route.schema.querystring);
    out.push({ method, url: `${url}?__proto__[x]=1&constructor[prototype][y]=2` });
    const keys = query.fields.length ? query.fields : ['id', 'pageIndex', 'keyword'];
    for (const key of keys) {
      for (const v of deep ? badQueryValues : badQueryValues.slice(0, 3)) {
        out.push({ method, url: `${url}?${key}=${encodeURIComponent(v)}` });
      }
      out.push({ method, url: `${url}?${key}=1&${key}=2` });
    }
    return out;
  }
  for (const key of describeSchema(route.schema.querystring).fields) {
    for (const v of badQueryValues) out.push({ method, url: `${url}?${key}=${encodeURIComponent(v)}`, payload: {} });
  }
  for (const b of badBodies) {
    out.push({ method, url, payload: b.payload, headers: b.contentType ? { 'content-type': b.contentType } : {} });
  }
  if (deep) {
    const body = describeSchema(route.schema.body);
    for (const payload of fieldMutations(body.plausible, body.fields, body.lists)) out.push({ method, url, payload });
  }
  return out;
}

async function runBattery(who: string, route: Route, problems: Problem[]): Promise<void> {
  const send = async (req: InjectOptions) => {
    const token = tokens[who];
    const res = await t.app.inject({
      ...req,
      remoteAddress: BATTERY_IP,
      headers: { ...(req.headers as Record<string, string>), ...(token ? { 'x-token': token } : {}) },
    });
    check(problems, who, route, req, res.statusCode, res.body);
    return res;
  };
  // The guards run before validation (lib/route.ts): a caller the route refuses is refused whatever it sends, so
  // field-by-field attacks matter only for callers the route admits.
  const probe = await send({ method: route.method as InjectOptions['method'], url: fillPath(route.url), payload: route.method === 'GET' ? undefined : {} });
  let code: unknown;
  try {
    code = (probe.json() as { code?: unknown }).code;
  } catch {
    code = undefined;
  }
  const deep = who !== 'anonymous' && code !== 1 && code !== 3;
  if (who === 'anonymous') {
    // Forged tokens: garbage, oversized, SQL-looking. They must read as "not signed in", never as a crash.
    // Methods the route does not have: an envelope 404/405, never a crash.
    for (const other of ['PUT', 'DELETE', 'PATCH', 'OPTIONS'] as const) {
      const req: InjectOptions = { method: other, url: fillPath(route.url), payload: {} };
      const res = await t.app.inject({ ...req, remoteAddress: BATTERY_IP });
      check(problems, who, route, req, res.statusCode, res.body);
    }
    for (const forged of ['abc', 'x'.repeat(5000), "' or 1=1 --", '%00']) {
      const req: InjectOptions = { method: route.method as InjectOptions['method'], url: fillPath(route.url), headers: { 'x-token': forged } };
      const res = await t.app.inject({ ...req, remoteAddress: BATTERY_IP });
      check(problems, who, route, req, res.statusCode, res.body);
    }
  }
  const requests = requestsFor(route, deep || who === 'anonymous');
  for (let i = 0; i < requests.length; i += 8) await Promise.all(requests.slice(i, i + 8).map(send));
}

/** Row counts of every table, to prove a visitor's hostile input stored nothing. */
async function tableCounts(): Promise<Record<string, number>> {
  const db = t.database.db;
  const names = (await db.execute<{ name: string }>(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  )) as unknown as { rows: { name: string }[] };
  const out: Record<string, number> = {};
  for (const { name } of names.rows) {
    const res = (await db.execute(sql`select count(*)::int as n from ${sql.identifier(name)}`)) as unknown as { rows: { n: number }[] };
    out[name] = Number(res.rows[0]?.n ?? 0);
  }
  return out;
}

/** Routes that would end the caller's own session or sessions; their attacks run last, then the caller logs in again. */
const sessionEnding = (r: Route) => /logout|revoke|unbind|password|pwd|phone|endsessions|signout|kick/i.test(r.url);

describe('robustness: every route survives hostile input', () => {
  it('refuses text with a NUL character before it reaches the database', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/appuser/logincaptcha', payload: { account: 'a\u0000b' } });
    expect(res.json()).toMatchObject({ code: 2, message: '请求数据包含非法字符' });
  });

  it('refuses a broken upload form with 上传数据格式错误', async () => {
    for (const payload of ['--x\r\nContent-Disposition: form-data; name="storefile"\r\n\r\nunterminated', 'garbage']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/file/upload',
        payload,
        headers: { 'content-type': 'multipart/form-data; boundary=x', 'x-token': tokens.supplier as string },
      });
      expect(res.json()).toMatchObject({ code: 2, message: '上传数据格式错误' });
    }
  });

  it('refuses oversized and bomb-shaped archives on every route that takes a file, storing nothing', async () => {
    // A route takes files when, for some caller it admits, a multipart form is not refused as an unsupported body
    // (HTTP 415); a guard that answers first (not signed in, forbidden) says nothing.
    const form = (fileName: string, body: Buffer) => {
      const boundary = 'battery-boundary';
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
      return { payload: Buffer.concat([Buffer.from(head), body, Buffer.from(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
    };
    const probe = form('a.txt', Buffer.from('x'));
    const taking: Route[] = [];
    for (const route of routes.filter((r) => r.method === 'POST')) {
      for (const who of ['supplier', 'purchaser', 'admin'] as const) {
        const res = await t.app.inject({ method: 'POST', url: fillPath(route.url), payload: probe.payload, headers: { 'content-type': probe.contentType, 'x-token': tokens[who] as string } });
        const code = res.statusCode === 415 ? null : (JSON.parse(res.body) as { code?: number }).code;
        if (code !== null && code !== 1 && code !== 3) {
          taking.push(route);
          break;
        }
      }
    }
    // The four routes that read files, and any other route of a plugin that parses multipart (refused by its schema).
    expect(taking.map((r) => r.url)).toEqual(expect.arrayContaining(['/UploadHandler.ashx', '/api/enquiry/importLines', '/api/myproduct/import', '/file/upload']));
    const liveJobs = async () =>
      ((await t.database.db.execute(sql`select count(*)::int as n from product_import_jobs where status <> ${ImportJobStatus.FAILED}`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
    const before = await tableCounts();
    const jobsBefore = await liveJobs();
    const problems: Problem[] = [];
    for (const who of ['supplier', 'purchaser'] as const) {
      for (const route of taking) {
        for (const archive of badArchives()) {
          const { payload, contentType } = form(archive.fileName, archive.body);
          const url = route.url === '/UploadHandler.ashx' ? `${route.url}?appName=invoice` : route.url;
          const req: InjectOptions = { method: 'POST', url, payload, headers: { 'content-type': contentType, 'x-token': tokens[who] as string } };
          const res = await t.app.inject({ ...req, remoteAddress: BATTERY_IP });
          check(problems, who, route, { ...req, payload: archive.name }, res.statusCode, res.body);
          const code = (JSON.parse(res.body) as { code: number }).code;
          // The product import answers 0 only for a job that then refuses (the lying header, checked below).
          if (code === 0 && route.url !== '/api/myproduct/import') problems.push({ who, method: 'POST', url, status: res.statusCode, body: 'accepted', input: archive.name });
          const job = (JSON.parse(res.body) as { data?: { sysNo?: number } }).data?.sysNo;
          if (code === 0 && job) await importRun(job);
        }
      }
    }
    expect(problems.slice(0, 30)).toEqual([]);
    const after = await tableCounts();
    // Refused imports leave their job row (status 失败; with the `jobs` row that ran it, decision 0191) and
    // rate-limit counters; nothing else.
    const changed = Object.keys(after).filter((k) => !['product_import_jobs', 'jobs', 'rate_limits'].includes(k) && after[k] !== before[k]);
    expect(changed).toEqual([]);
    expect(await liveJobs()).toBe(jobsBefore);
  }, 600_000);

  it('collects the whole API', () => {
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.some((r) => r.url === '/api/appuser/login')).toBe(true);
  });

  for (const who of ['anonymous', 'supplier', 'purchaser', 'admin'] as const) {
    it(`never crashes and always explains itself in Chinese (${who})`, async () => {
      const problems: Problem[] = [];
      const before = who === 'anonymous' ? await tableCounts() : null;
      const ordered = [...routes.filter((r) => !sessionEnding(r)), ...routes.filter(sessionEnding)];
      for (const route of ordered) {
        await runBattery(who, route, problems);
        if (who === 'anonymous') continue;
        if (sessionEnding(route)) tokens[who] = await login(logins[who] as string);
        else {
          // A route that silently ended the caller's session would hide every later route behind code 1.
          const me = await t.app.inject({ method: 'GET', url: '/api/appuser/loginuserinfo', headers: { 'x-token': tokens[who] as string } });
          if ((me.json() as { code: number }).code !== 0) {
            problems.push({ who, method: route.method, url: route.url, status: me.statusCode, body: 'ended the session', input: '' });
            tokens[who] = await login(logins[who] as string);
          }
        }
      }
      // ROBUST_DUMP=<file> keeps every problem (the assertion shows the first 30).
      if (process.env.ROBUST_DUMP) fs.appendFileSync(process.env.ROBUST_DUMP, problems.map((p) => `${JSON.stringify(p)}\n`).join(''));
      expect(problems.slice(0, 30)).toEqual([]);
      if (before) {
        const after = await tableCounts();
        // Bookkeeping a visitor creates by design: picture captchas, WeChat QR tickets, failed logins, SMS codes sent,
        // rate-limit counters, and every payment notification received (recorded raw, refused ones too: decision 0207).
        const bookkeeping = new Set(['captchas', 'wechat_tickets', 'login_failures', 'verification_codes', 'rate_limits', 'pay_callbacks']);
        const changed = Object.keys(after).filter((k) => !bookkeeping.has(k) && after[k] !== before[k]);
        expect(changed).toEqual([]);
      }
      // A safety net, not a speed target: a slow or busy machine must not fail the battery (bench measures speed).
    }, 900_000);
  }
});
