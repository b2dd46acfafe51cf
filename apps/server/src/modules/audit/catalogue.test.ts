import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, auditActionName, type AuditRow, type Paged } from '@aquamall/shared';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { api, signedInCompanyAdmin, signedInPlatformAdmin } from '../../test/factories/index.ts';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) && !full.includes(`${path.sep}test${path.sep}`) ? [full] : [];
  });
}

/** The text of each call `name(...)` in the source (balanced parentheses), definitions left out. */
function callArguments(text: string, name: string): string[] {
  const out: string[] = [];
  const re = new RegExp(`(?<![\\w.])${name}\\(`, 'g');
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const before = text.slice(Math.max(0, m.index - 20), m.index);
    if (/(function|const|async)\s*$/.test(before)) continue;
    let depth = 1;
    let i = m.index + m[0].length;
    while (i < text.length && depth > 0) {
      if (text[i] === '(') depth++;
      else if (text[i] === ')') depth--;
      i++;
    }
    out.push(text.slice(m.index + m[0].length, i - 1));
  }
  return out;
}

const literals = (s: string) => [...s.matchAll(/'([a-z_]+(?:\.[a-z_]+)+)'/g)].map((m) => m[1]!);

/**
 * Every action code the server writes to the audit log, read from the source: the literals in the calls of
 * recordAudit and audited, of the two-factor helper that forwards its action, and the invoice steps (written
 * as invoice.<step> by invoices/common.ts `record`).
 */
function writtenActions(): Set<string> {
  const found = new Set<string>();
  for (const file of sources(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const args of [...callArguments(text, 'recordAudit'), ...callArguments(text, 'audited')]) for (const a of literals(args)) found.add(a);
    if (file.endsWith(path.join('auth', 'two-factor.ts'))) for (const args of callArguments(text, 'record')) for (const a of literals(args)) found.add(a);
    // Invoice steps (`action: 'issue'`, …) go to the audit log as invoice.<step>; the history row of a new
    // request (recordHistory, into document_history) is not an audit action.
    if (file.includes(`${path.sep}invoices${path.sep}`) && !file.endsWith('demo.ts')) {
      let steps = text;
      for (const args of callArguments(text, 'recordHistory')) steps = steps.replace(args, '');
      for (const m of steps.matchAll(/\baction: ([^,\n]+)/g)) for (const step of m[1]!.matchAll(/'([a-z_]+)'/g)) found.add(`invoice.${step[1]}`);
    }
  }
  return found;
}

describe('the operation log catalogue', () => {
  const written = writtenActions();

  it('names in Chinese every action the server writes to the audit log', () => {
    expect(written.size).toBeGreaterThan(50);
    const unnamed = [...written].filter((a) => !Object.hasOwn(AUDIT_ACTIONS, a));
    expect(unnamed, 'audit actions without a Chinese name in packages/shared/src/audit-actions.ts').toEqual([]);
    for (const a of written) expect(auditActionName(a)).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('names no action that nothing writes (a renamed action leaves no stale entry)', () => {
    expect(Object.keys(AUDIT_ACTIONS).filter((a) => !written.has(a))).toEqual([]);
  });
});

describe('the operation log', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('records IP, browser and company of a workbench action; lists newest first with action, user, company and date filters', async () => {
    const http = api(t.app);
    const admin = await signedInPlatformAdmin(t.database.db, { adminName: '日志管理员' });
    const company = await signedInCompanyAdmin(t.database.db, { company: { name: '日志测试水务公司' }, user: { realName: '日志用户' } });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/2fa/policy',
      headers: { 'x-token': company.token, 'user-agent': 'Mozilla/5.0 (Windows NT 10.0) Chrome/130' },
      payload: { enforce: true },
    });
    expect(res.json().code).toBe(0);
    // A console action of the same day, later: the list is newest first.
    const other = await signedInCompanyAdmin(t.database.db, { company: { name: '日志对照公司' } });
    expect((await http.post(admin.token, '/admin/api/company/disable', { id: other.companyId, disabled: true, reason: '测试停用' })).code).toBe(0);

    const list = await http.post<Paged<AuditRow>>(admin.token, '/admin/api/audit/list', { company: '日志测试水务' });
    expect(list.data.list).toMatchObject([
      { action: 'two_factor.policy', actorName: '日志用户', companyName: '日志测试水务公司', companyId: company.companyId, ip: '127.0.0.1', userAgent: 'Mozilla/5.0 (Windows NT 10.0) Chrome/130', after: { enforce: true } },
    ]);
    const china = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
    const filtered = await http.post<Paged<AuditRow>>(admin.token, '/admin/api/audit/list', { action: 'two_factor.policy', actor: '日志用户', company: '日志测试', dateFrom: china, dateTo: china });
    expect(filtered.data.total).toBe(1);
    const newest = await http.post<Paged<AuditRow>>(admin.token, '/admin/api/audit/list', { dateFrom: china });
    expect(newest.data.list.map((r) => r.action)).toEqual(['company.disable', 'two_factor.policy']);
    expect(newest.data.list[0]).toMatchObject({ actorName: '日志管理员', companyId: null, companyName: '', userAgent: 'lightMyRequest' });
    expect((await http.post<Paged<AuditRow>>(admin.token, '/admin/api/audit/list', { company: '日志测试水务', dateTo: '2020-01-01' })).data.total).toBe(0);
    expect((await http.post<Paged<AuditRow>>(admin.token, '/admin/api/audit/list', { company: '没有这家公司' })).data.total).toBe(0);
  });
});
