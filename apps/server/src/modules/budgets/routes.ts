import type { FastifyInstance } from 'fastify';
import { budgetEndpoints as b } from '@aquamall/shared/endpoints';
import { ok } from '../../lib/envelope.ts';
import { route } from '../../lib/route.ts';
import { companyCaller } from '../../plugins/auth.ts';
import { adjustBudget, budgetLedger, createBudget, getSettings, listBudgets, myBudgets, saveSettings } from './manage.ts';

/** Budgets (docs/product/budgets.md). */
export default async function budgetRoutes(app: FastifyInstance) {
  route(app, b.budgetList, async (request) => ok(await listBudgets(app.db, companyCaller(request), request.body)));
  route(app, b.budgetCreate, async (request) => ok(await createBudget(app.db, companyCaller(request), request.body), '预算已下达'));
  route(app, b.budgetAdjust, async (request) => {
    await adjustBudget(app.db, companyCaller(request), request.body);
    return ok(null, '预算已调整');
  });
  route(app, b.budgetEntries, async (request) => ok(await budgetLedger(app.db, companyCaller(request), request.body)));
  route(app, b.budgetSettings, async (request) => ok(await getSettings(app.db, companyCaller(request))));
  route(app, b.budgetSettingsSave, async (request) => {
    await saveSettings(app.db, companyCaller(request), request.body);
    return ok(null, '预算设置已保存');
  });
  route(app, b.budgetMine, async (request) => ok(await myBudgets(app.db, companyCaller(request))));
}
