import type { FastifyInstance } from 'fastify';
import loginRoutes from './login-routes.ts';

/** Identity calls under /api/appuser (SPEC §7): login methods, registration, account changes, sessions. */
export default async function authRoutes(app: FastifyInstance) {
  await app.register(loginRoutes);
}
