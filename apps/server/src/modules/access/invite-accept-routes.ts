import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { inviteAcceptInput } from '@aquamall/shared';
import { ok } from '../../lib/envelope.ts';
import { issueLogin } from '../auth/issue.ts';
import { acceptInvitation } from './invitations.ts';

/** POST /api/appuser/acceptinvite (public, /sso/invite): the invited number joins its company and signs in. */
export default async function inviteAcceptRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  app.post('/api/appuser/acceptinvite', { schema: { body: inviteAcceptInput } }, async (request) => {
    const userId = await acceptInvitation(app.db, request.body);
    return ok(await issueLogin(app, request, userId, request.body.rememberMe), '已加入企业');
  });
}
