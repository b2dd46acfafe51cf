import type { FastifyInstance } from 'fastify';
import { openApiEndpoints as e } from '@aquamall/shared/endpoints';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { companyCaller } from '../../plugins/auth.ts';
import { defineJob, recordId } from '../jobs/index.ts';
import { registerRecurringJob } from '../jobs/index.ts';
import { API_CALL_PRUNE, listApiCalls, pruneApiCalls } from './calls.ts';
import { createKey, listKeys, openApiAdmin, revokeKey, rotateKey } from './keys.ts';
import {
  createWebhook,
  deleteWebhook,
  dispatchDeliveries,
  enableWebhook,
  listDeliveries,
  listWebhooks,
  redeliver,
  scheduleDueRetries,
  webhookAgent,
  WEBHOOK_DISPATCH,
} from './webhooks.ts';

/** 开放平台 (docs/product/open-platform.md): API keys and webhooks of the company administrator. */
export default async function openApiRoutes(app: FastifyInstance) {
  const masterKey = app.config.openApiMasterKey;
  const allowPrivate = app.config.demo;
  const admin = (request: Parameters<typeof companyCaller>[0]) => {
    const caller = companyCaller(request);
    return { caller, masterKey: openApiAdmin(masterKey, caller) };
  };

  // Kept-alive connections to the receivers, one agent per server, closed with it.
  const agent = webhookAgent(allowPrivate);
  app.addHook('onClose', async () => agent.close());
  defineJob({
    kind: WEBHOOK_DISPATCH,
    payload: recordId,
    detached: { leaseMs: 60_000 },
    handler: async (db, _one, { now }) => {
      if (masterKey) await dispatchDeliveries(db, { masterKey, allowPrivate, agent }, now);
    },
  });
  registerRecurringJob('webhook.retries', 10_000, async (tx, _job, now) => {
    await scheduleDueRetries(tx, now);
  });
  registerRecurringJob(API_CALL_PRUNE, 86_400_000, async (tx, _job, now) => {
    await pruneApiCalls(tx, now);
  });

  route(app, e.openApiStatus, async (request) => {
    const caller = companyCaller(request);
    return ok({ enabled: !!masterKey, isAdmin: caller.isCompanyAdmin });
  });
  route(app, e.apiKeyList, async (request) => {
    const { caller } = admin(request);
    return ok(await listKeys(app.db, caller, request.body));
  });
  route(app, e.apiKeyCreate, async (request) => {
    const { caller, masterKey: key } = admin(request);
    return ok(await createKey(app.db, key, caller, request.body), '密钥已创建');
  });
  route(app, e.apiKeyRotate, async (request) => {
    const { caller, masterKey: key } = admin(request);
    return ok(await rotateKey(app.db, key, caller, request.body.id), '密钥已轮换，旧密钥立即失效');
  });
  route(app, e.apiKeyRevoke, async (request) => {
    const { caller } = admin(request);
    await revokeKey(app.db, caller, request.body.id);
    return ok(null, '密钥已停用');
  });
  route(app, e.webhookList, async (request) => {
    const { caller } = admin(request);
    return ok(await listWebhooks(app.db, caller, request.body));
  });
  route(app, e.webhookCreate, async (request) => {
    const { caller, masterKey: key } = admin(request);
    return ok(await createWebhook(app.db, { masterKey: key, allowPrivate }, caller, request.body), '接收地址已添加');
  });
  route(app, e.webhookEnable, async (request) => {
    const { caller } = admin(request);
    await enableWebhook(app.db, caller, request.body.id);
    return ok(null, '接收地址已启用');
  });
  route(app, e.webhookDelete, async (request) => {
    const { caller } = admin(request);
    await deleteWebhook(app.db, caller, request.body.id);
    return ok(null, '接收地址已删除');
  });
  route(app, e.webhookDeliveries, async (request) => {
    const { caller } = admin(request);
    return ok(await listDeliveries(app.db, caller, request.body));
  });
  route(app, e.webhookRedeliver, async (request) => {
    const { caller } = admin(request);
    await redeliver(app.db, caller, request.body.id);
    return ok(null, '已重新推送');
  });
  route(app, e.apiCallList, async (request) => {
    const { caller } = admin(request);
    return ok(await listApiCalls(app.db, caller, request.body));
  });
}
