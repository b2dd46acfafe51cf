import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import type { outboxQuery, z } from '@aquamall/shared';
import { codeEndpoints as e } from '@aquamall/shared/endpoints';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { devToolsEnabled } from '../../lib/providers/dev.ts';
import { readOutbox } from '../../lib/providers/outbox.ts';
import { verificationCodes } from '../../db/schema/index.ts';

const CHANNEL: Record<string, string> = { sms: '短信', email: '邮件', bank: '银行' };
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The sandbox outbox (docs/product/accounts.md#partner-services): GET /dev/outbox (page) and GET /api/dev/outbox?target= (JSON, tests).
 * Registered only in demo mode (docs/product/deployment.md#demo-mode), with POST /api/dev/codes/age: the browser
 * tests' clock for codes (a fresh account's registration code no longer holds its number's next code back 60 s).
 */
export default async function outboxRoutes(app: FastifyInstance) {
  if (!devToolsEnabled(app)) return;
  const targetOf = (q: z.output<typeof outboxQuery>) => q.target || q.phone || q.email?.toLowerCase() || undefined;

  route(app, e.devOutbox, async (request) => {
    const list = await readOutbox(app.db, targetOf(request.query));
    return ok({ list, total: list.length });
  });

  route(app, e.devCodesAge, async (request) => {
    const { target, seconds } = request.body;
    const back = sql`make_interval(secs => ${seconds})`;
    const moved = await app.db
      .update(verificationCodes)
      .set({ createdAt: sql`${verificationCodes.createdAt} - ${back}`, expiresAt: sql`${verificationCodes.expiresAt} - ${back}` })
      .where(eq(verificationCodes.target, target))
      .returning({ id: verificationCodes.id });
    return ok({ moved: moved.length });
  });

  route(app, e.devOutboxPage, async (request, reply) => {
    const list = await readOutbox(app.db, targetOf(request.query), 100);
    const rows = list
      .map(
        (m) =>
          `<tr><td>${esc(m.createdAt.toISOString().replace('T', ' ').slice(0, 19))}</td><td>${esc(CHANNEL[m.channel] ?? m.channel)}</td><td>${esc(m.target)}</td><td>${esc(m.subject)}</td><td>${esc(m.body).replace(/\n/g, '<br>')}</td></tr>`,
      )
      .join('');
    const html = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta http-equiv="refresh" content="10"><title>开发发件箱</title>
<style>body{font-family:system-ui,sans-serif;margin:24px;color:#222}table{border-collapse:collapse;width:100%}td,th{border:1px solid #ddd;padding:6px 10px;text-align:left;font-size:14px}th{background:#f5f7fa}</style></head>
<body><h2>开发发件箱（短信与邮件沙箱）</h2><p>仅在演示模式下可用；每 10 秒自动刷新。</p>
<table><thead><tr><th>时间 (UTC)</th><th>渠道</th><th>接收方</th><th>主题</th><th>内容</th></tr></thead><tbody>${rows || '<tr><td colspan="5">暂无消息</td></tr>'}</tbody></table></body></html>`;
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);
  });
}
