import type { FastifyInstance } from 'fastify';
import { authEndpoints as e } from '@aquamall/shared/endpoints';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { issueLogin } from '../auth/index.ts';
import { acceptInvitation } from './invitations.ts';

/** POST /api/appuser/acceptinvite (public, /sso/invite): the invited number joins its company and signs in. */
export default async function inviteAcceptRoutes(app: FastifyInstance) {
  route(app, e.inviteAccept, async (request) => {
    const userId = await acceptInvitation(app.db, request.body);
    return ok(await issueLogin(app, request, userId, request.body.rememberMe), '已加入企业');
  });
}
