import crypto from 'node:crypto';
import path from 'node:path';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import compress from '@fastify/compress';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { answerSerializer } from './lib/answer-serializer.ts';
import type { AppConfig } from './config.ts';
import { openDatabase, type Database, type Db } from './db/client.ts';
import { createStorage, type Storage } from './lib/storage.ts';
import errorsPlugin from './plugins/errors.ts';
import inputGuard from './plugins/input-guard.ts';
import notFoundPlugin from './plugins/not-found.ts';
import authPlugin from './plugins/auth.ts';
import healthRoutes from './modules/health/routes.ts';
import wechatRoutes from './modules/wechat/routes.ts';
import codesRoutes from './modules/codes/routes.ts';
import filesRoutes from './modules/files/routes.ts';
import authRoutes from './modules/auth/routes.ts';
import captchaRoutes from './modules/captcha/routes.ts';
import adminGuard from './modules/admin/guard.ts';
import merchantRoutes from './modules/merchant/routes.ts';
import auditRoutes from './modules/audit/routes.ts';
import notificationRoutes from './modules/notifications/routes.ts';
import accessRoutes from './modules/access/routes.ts';
import mallRoutes from './modules/mall/routes.ts';
import siteRoutes from './modules/site/routes.ts';
import catalogRoutes from './modules/catalog/routes.ts';
import enumsRoutes from './modules/enums/routes.ts';
import shopRoutes from './modules/merchant/shop-routes.ts';
import certificationRoutes from './modules/certification/routes.ts';
import adminCompanyRoutes from './modules/admin/routes.ts';
import adminContentRoutes from './modules/admin/content-routes.ts';
import adminCatalogRoutes from './modules/admin/catalog-routes.ts';
import adminMenuRoutes from './modules/admin/menu-routes.ts';
import productRoutes from './modules/products/routes.ts';
import productReviewRoutes from './modules/products/review-routes.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
    database: Database;
    storage: Storage;
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
    trustProxy: config.production,
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
      config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir) },
    ));
  const storage = opts.storage ?? createStorage(config);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('storage', storage);
  if (!opts.database) app.addHook('onClose', async () => database.close());

  await app.register(errorsPlugin);
  await app.register(inputGuard);
  await app.register(compress, { global: true, threshold: 1024, encodings: ['gzip', 'deflate'] });
  await app.register(authPlugin);
  await app.register(adminGuard);

  // Feature modules: one plugin each, all under the spec's paths.
  await app.register(healthRoutes);
  await app.register(codesRoutes);
  await app.register(wechatRoutes);
  await app.register(filesRoutes);
  await app.register(authRoutes);
  await app.register(captchaRoutes);
  await app.register(merchantRoutes);
  await app.register(auditRoutes);
  await app.register(notificationRoutes);
  await app.register(accessRoutes);
  await app.register(mallRoutes);
  await app.register(siteRoutes);
  await app.register(catalogRoutes);
  await app.register(enumsRoutes);
  await app.register(shopRoutes);
  await app.register(certificationRoutes);
  await app.register(adminCompanyRoutes);
  await app.register(adminContentRoutes);
  await app.register(adminCatalogRoutes);
  await app.register(adminMenuRoutes);
  await app.register(productRoutes);
  await app.register(productReviewRoutes);

  await app.register(notFoundPlugin, { webDist: config.webDist });
  return app;
}
