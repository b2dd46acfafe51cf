import type { FastifyInstance } from 'fastify';
import { menuEndpoints as e } from '@aquamall/shared/endpoints';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { companyCaller } from '../../plugins/auth.ts';
import { workbenchTodo } from './todo.ts';

/** The workbench's to-do counts: a read model over the trade documents the caller's menu shows. */
export default async function workbenchRoutes(app: FastifyInstance) {
  route(app, e.workbenchTodo, async (request) => ok(await workbenchTodo(app.db, companyCaller(request))));
}
