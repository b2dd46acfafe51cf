import type { FastifyInstance } from 'fastify';
import loginRoutes from './login-routes.ts';
import codeLoginRoutes from './code-login-routes.ts';
import registerRoutes from './register-routes.ts';
import accountRoutes from './account-routes.ts';
import sessionsRoutes from './sessions-routes.ts';
import twoFactorRoutes from './two-factor-routes.ts';

/** Identity calls under /api/appuser (docs/product/api-envelope.md#identity-calls): login methods, registration, account changes, sessions. */
export default async function authRoutes(app: FastifyInstance) {
  await app.register(loginRoutes);
  await app.register(codeLoginRoutes);
  await app.register(registerRoutes);
  await app.register(accountRoutes);
  await app.register(sessionsRoutes);
  await app.register(twoFactorRoutes);
}
