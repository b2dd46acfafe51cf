import crypto from 'node:crypto';
import path from 'node:path';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import compress from '@fastify/compress';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { answerSerializer } from './lib/answer-serializer.ts';
import { describeMode, type AppConfig } from './config.ts';
import { linkCaches } from './lib/cache-bus.ts';
import websocket from '@fastify/websocket';
import { EventBus, withEvents } from './lib/event-bus.ts';
import { PurchaseRequestKind } from '@aquamall/shared';
import { openRedis, registerRedis } from './lib/redis.ts';
import type { Redis } from 'ioredis';
import { openDatabase, type Database, type Db } from './db/client.ts';
import { createStorage, type Storage } from './lib/storage.ts';
import errorsPlugin from './plugins/errors.ts';
import inputGuard from './plugins/input-guard.ts';
import { notFoundPlugin } from './modules/seo/index.ts';
import securityHeaders from './plugins/security-headers.ts';
import rateLimitPlugin from './plugins/rate-limit.ts';
import { warnUnavailable } from './lib/providers/availability.ts';
import authPlugin from './plugins/auth.ts';
import requestContext from './lib/request-context.ts';
import { healthRoutes } from './modules/health/index.ts';
import { metricsPlugin } from './modules/ops/index.ts';
import { docsPlugin } from './modules/ops/index.ts';
import { pingRoutes } from './modules/ping/index.ts';
import { wechatRoutes } from './modules/wechat/index.ts';
import { codesRoutes, registerCodeRecipients } from './modules/codes/index.ts';
import { filesRoutes } from './modules/files/index.ts';
import { fileCookiePlugin, registerFileParties } from './modules/files/index.ts';
import { authRoutes, isCodeRecipient, sessionAuth } from './modules/auth/index.ts';
import { captchaRoutes } from './modules/captcha/index.ts';
import { adminGuard } from './modules/admin/index.ts';
import { merchantRoutes } from './modules/merchant/index.ts';
import { auditRoutes } from './modules/audit/index.ts';
import { notificationRoutes } from './modules/notifications/index.ts';
import { accessRoutes, isInviteCodeRecipient, requireMemberGate, requireMenu, requirePermission } from './modules/access/index.ts';
import { workbenchRoutes } from './modules/workbench/index.ts';
import { mallRoutes } from './modules/mall/index.ts';
import { siteRoutes } from './modules/site/index.ts';
import { featuresRoutes } from './modules/site/index.ts';
import { catalogRoutes } from './modules/catalog/index.ts';
import { enumsRoutes } from './modules/enums/index.ts';
import { shopRoutes } from './modules/merchant/index.ts';
import { certificationRoutes } from './modules/certification/index.ts';
import { adminCompanyRoutes } from './modules/admin/index.ts';
import { adminReviewRoutes } from './modules/admin/index.ts';
import { adminContentRoutes } from './modules/admin/index.ts';
import { adminCatalogRoutes } from './modules/admin/index.ts';
import { adminMenuRoutes } from './modules/admin/index.ts';
import { productRoutes } from './modules/products/index.ts';
import { productReviewRoutes } from './modules/products/index.ts';
import { productImportRoutes } from './modules/products/index.ts';
import { discussionRoutes, registerPurchasedLines } from './modules/products/index.ts';
import { buyingRoutes, registerCheckoutGate } from './modules/buying/index.ts';
import { orderRoutes } from './modules/orders/index.ts';
import { tradePaperRoutes } from './modules/trade-papers/index.ts';
import { registerParcelDelivered, registerParcelParties, trackingRoutes } from './modules/tracking/index.ts';
import { openApiAuth } from './modules/openapi/index.ts';
import { openApiRoutes } from './modules/openapi/index.ts';
import { startJobRunner } from './modules/jobs/index.ts';
import { jobDevRoutes } from './modules/jobs/index.ts';
import { aftersalesRoutes, isRmaParty, rmaFileParties, rmaParcelDelivered } from './modules/aftersales/index.ts';
import { rmaDisputeRoutes } from './modules/aftersales/index.ts';
import { adminTradeRoutes } from './modules/admin/index.ts';
import { sealedBidFileParties, tenderFileParties, tenderRoutes } from './modules/tenders/index.ts';
import { invoiceFileParties, invoiceRoutes, orderInvoiceNet } from './modules/invoices/index.ts';
import { reportRoutes } from './modules/reports/index.ts';
import { enquiryFileParties, enquiryRoutes } from './modules/enquiries/index.ts';
import { quotationFileParties, quotationRoutes } from './modules/quotations/index.ts';
import { creditFileParties, creditRoutes } from './modules/credit/index.ts';
import { approvalGate, approvalRoutes } from './modules/approvals/index.ts';
import { seoRoutes } from './modules/seo/index.ts';
import { privacyRoutes } from './modules/privacy/index.ts';
import { agreementOrderHooks, agreementRoutes, performCallOff } from './modules/agreements/index.ts';
import { channelsOf } from './modules/notifications/index.ts';
import { startDomainEvents } from './modules/events/index.ts';
import { noticeConsumer } from './modules/notifications/index.ts';
import { webhookConsumer } from './modules/openapi/index.ts';
import { shoppingListRoutes } from './modules/buying/index.ts';
import { contractRoutes } from './modules/contracts/index.ts';
import { paymentRoutes } from './modules/payments/index.ts';
import { budgetRoutes } from './modules/budgets/index.ts';
import { isOrderParty, orderFileParties, purchasedLines, orderParcelDelivered, registerOrderHooks, registerOrderInvoicing } from './modules/orders/index.ts';
import { budgetOrderHooks } from './modules/budgets/index.ts';
import { contractOrderHooks } from './modules/contracts/index.ts';
import { paymentOrderHooks } from './modules/payments/index.ts';
import { registerAwardPerformer } from './modules/approvals/index.ts';
import { performEnquiryAward } from './modules/enquiries/index.ts';
import { performTenderAward } from './modules/tenders/index.ts';
import { pricingRoutes } from './modules/pricing/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
    database: Database;
    storage: Storage;
    /**
     * Events that cross instances (lib/event-bus.ts), typed by `AppEvents`: new messages, threads, WeChat QR
     * tickets, cache forgets. Handed to what needs it; requests and jobs run with it in scope (`withEvents`).
     */
    bus: EventBus;
    /** Redis when REDIS_URL is set: rate limits, login failures and lockouts shared by every instance. */
    redis: Redis | undefined;
    /** Process lifecycle: `draining` turns true on SIGTERM so /api/ready sends load balancers away. */
    lifecycle: { draining: boolean };
  }
}

export interface BuildOptions {
  config: AppConfig;
  /** An already-open database (tests); otherwise opened from the config. */
  database?: Database;
  storage?: Storage;
  logger?: boolean | object;
  /** Called for every route as it is registered (tests enumerate the whole API with it). */
  onRoute?: (route: RouteOptions) => void;
}

export type App = FastifyInstance;

/** TRUST_PROXY as a hop count: the nearest `hops` addresses of X-Forwarded-For are proxies (0: none). */
const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** Builds the HTTP application without listening (main.ts listens; tests use inject). */
export async function build(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    logger:
      opts.logger === undefined
        ? { level: config.logLevel, redact: ['req.headers["x-token"]', 'req.headers.authorization'] }
        : opts.logger,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : crypto.randomUUID();
    },
    bodyLimit: 1024 * 1024,
    // The client address is the socket's unless TRUST_PROXY names the proxies in front (README "Configuration").
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
    routerOptions: { maxParamLength: 300 },
  }).withTypeProvider<ZodTypeProvider>();

  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializer(!config.production));
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const database =
    opts.database ??
    (await openDatabase(
      config.databaseUrl
        ? { url: config.databaseUrl, log: app.log }
        : { dataDir: path.join(config.dataDir), pgTemplate: config.pgTemplate },
    ));
  const storage = opts.storage ?? createStorage(config);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('storage', storage);
  app.decorate('lifecycle', { draining: false });
  if (!opts.database) app.addHook('onClose', async () => database.close());

  const redis = config.redisUrl ? await openRedis(config.redisUrl, app.log) : undefined;
  app.decorate('redis', redis);
  if (redis) {
    const unregisterRedis = registerRedis(redis);
    app.addHook('onClose', async () => {
      unregisterRedis();
      redis.disconnect();
    });
  }
  // Live events cross instances through Redis pub/sub, or LISTEN/NOTIFY on a PostgreSQL server; other instances
  // and workers on this database hear of revoked sessions and changed grants at once (cache forgets, over
  // LISTEN/NOTIFY even beside Redis). docs/decisions/0191-jobs-and-events-spine.md
  const bus = new EventBus(app.log);
  const unlinkCaches = linkCaches(bus);
  await bus.connect({ redisUrl: config.redisUrl, databaseUrl: database.url });
  app.decorate('bus', bus);
  // The access guards lib/route.ts builds from each descriptor (lib imports no module).
  app.decorate('routeGuards', { permission: requirePermission, menu: requireMenu, memberGate: requireMemberGate });
  // Who receives one-time codes is auth's and access's decision; codes sits below them.
  registerCodeRecipients('sms', ['login', 'forget', 'bind'], (db, phone) => isCodeRecipient(db, phone, 'sms'));
  registerCodeRecipients('sms', ['invite'], isInviteCodeRecipient);
  registerCodeRecipients('email', ['login'], (db, email) => isCodeRecipient(db, email, 'email'));
  app.addHook('onClose', async () => {
    unlinkCaches();
    await bus.close();
  });
  // Every request runs with this app's bus in scope (notices published deep in the use cases reach it).
  app.addHook('onRequest', (_request, _reply, done) => {
    withEvents(bus, done);
  });

  app.log.info({ mode: config.demo ? 'demo' : 'deployment' }, describeMode(config));
  // The channels the providers carry (SMS, WeChat, e-mail) and the domain-event dispatch (decision 0211).
  app.decorate('outbound', channelsOf(app));
  startDomainEvents([noticeConsumer(app.outbound), webhookConsumer], config.eventsKeepDays);
  // Rules the modules built on orders add to an order's steps (orders/hooks.ts): orders imports none of them.
  registerOrderHooks('budgets', budgetOrderHooks);
  registerOrderHooks('contracts', contractOrderHooks);
  registerOrderHooks('payments', paymentOrderHooks);
  registerOrderHooks('agreements', agreementOrderHooks);
  registerOrderInvoicing(orderInvoiceNet);
  // What a parcel's delivery means for its order or its return (tracking/delivered.ts): tracking imports neither.
  registerParcelDelivered('order', orderParcelDelivered);
  registerParcelDelivered('rma', rmaParcelDelivered);
  // Who may read an order's or a return's parcels: a party of it, as orders and after-sales tell (tracking/parties.ts).
  registerParcelParties('order', isOrderParty);
  registerParcelParties('rma', isRmaParty);
  // What a company bought, which the catalogue's reviews ask (products/purchased-lines.ts): products sits below orders.
  registerPurchasedLines(purchasedLines);
  // Every checkout passes approvals' gate before any order is made (buying sits below approvals).
  registerCheckoutGate(approvalGate);
  // Who may read a private file, asked by the file host of the modules that hold such documents (files/access.ts).
  for (const parties of [orderFileParties, rmaFileParties, creditFileParties, invoiceFileParties, quotationFileParties, enquiryFileParties, tenderFileParties, sealedBidFileParties]) {
    registerFileParties(parties);
  }
  // Awards kept by purchase requests are performed by their own modules on the last approval (approvals/awards.ts).
  registerAwardPerformer(PurchaseRequestKind.ENQUIRY_AWARD, performEnquiryAward);
  registerAwardPerformer(PurchaseRequestKind.TENDER_AWARD, performTenderAward);
  registerAwardPerformer(PurchaseRequestKind.CALL_OFF, performCallOff);

  await app.register(securityHeaders);
  await app.register(errorsPlugin);
  await app.register(inputGuard);
  await app.register(compress, { global: true, threshold: 1024, encodings: ['gzip', 'deflate'] });
  await app.register(requestContext);
  await app.register(authPlugin, sessionAuth);
  await app.register(openApiAuth);
  // Signed-in callers get the file cookie that lets the file host serve them private documents.
  await app.register(fileCookiePlugin);
  await app.register(adminGuard);
  await app.register(rateLimitPlugin);
  warnUnavailable(app);
  await app.register(metricsPlugin);
  // WebSockets (WeChat QR login, the live inbox): small client messages only.
  await app.register(websocket, { options: { maxPayload: 1024 } });
  // The API reference collects every route registered after it.
  await app.register(docsPlugin);

  // Feature modules: one plugin each, all under the spec's paths.
  await app.register(healthRoutes);
  await app.register(pingRoutes);
  await app.register(codesRoutes);
  await app.register(jobDevRoutes);
  await app.register(wechatRoutes);
  await app.register(filesRoutes);
  await app.register(authRoutes);
  await app.register(captchaRoutes);
  await app.register(merchantRoutes);
  await app.register(auditRoutes);
  await app.register(notificationRoutes);
  await app.register(accessRoutes);
  await app.register(workbenchRoutes);
  await app.register(mallRoutes);
  await app.register(siteRoutes);
  await app.register(featuresRoutes);
  await app.register(catalogRoutes);
  await app.register(enumsRoutes);
  await app.register(shopRoutes);
  await app.register(certificationRoutes);
  await app.register(adminCompanyRoutes);
  await app.register(adminReviewRoutes);
  await app.register(adminContentRoutes);
  await app.register(adminCatalogRoutes);
  await app.register(adminMenuRoutes);
  await app.register(productRoutes);
  await app.register(productReviewRoutes);
  await app.register(productImportRoutes);
  await app.register(discussionRoutes);
  await app.register(buyingRoutes);
  await app.register(shoppingListRoutes);
  await app.register(orderRoutes);
  await app.register(tradePaperRoutes);
  await app.register(contractRoutes);
  await app.register(trackingRoutes);
  await app.register(paymentRoutes);
  await app.register(openApiRoutes);
  await app.register(aftersalesRoutes);
  await app.register(rmaDisputeRoutes);
  await app.register(adminTradeRoutes);
  await app.register(tenderRoutes);
  await app.register(invoiceRoutes);
  await app.register(reportRoutes);
  await app.register(enquiryRoutes);
  await app.register(quotationRoutes);
  await app.register(creditRoutes);
  await app.register(approvalRoutes);
  await app.register(budgetRoutes);
  await app.register(seoRoutes);
  await app.register(privacyRoutes);
  await app.register(agreementRoutes);
  await app.register(pricingRoutes);

  // Timed rules (docs/product/timed-rules.md#how-timed-rules-run): each instance polls the jobs table once ready; stops before the database closes.
  if (config.jobsRunner) {
    let runner: ReturnType<typeof startJobRunner> | undefined;
    app.addHook('onReady', async () => {
      runner = startJobRunner(app);
    });
    app.addHook('preClose', async () => runner?.stop());
  }

  await app.register(notFoundPlugin, { webDist: config.webDist });
  return app;
}
