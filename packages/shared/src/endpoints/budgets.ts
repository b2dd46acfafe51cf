import { z } from 'zod';
import {
  budgetAdjustInput,
  budgetEntryQuery,
  budgetEntryRow,
  budgetInput,
  budgetListQuery,
  budgetRow,
  budgetSettingsInput,
  budgetSettingsView,
} from '../contracts/budgets.ts';
import { noData, pagedOf } from '../envelope.ts';
import { can, COMPANY, endpoint } from './endpoint.ts';
import { CREATES, OWN_ONLY, probedIn } from './isolation.ts';

const PROBE = probedIn('modules/budgets/budgets.test.ts');
const manageBudgets = can('approval:manage');

/** Budgets (预算), kept by a purchaser company's administrator (docs/product/budgets.md). */
export const budgetEndpoints = {
  budgetList: endpoint({
    method: 'POST',
    path: '/api/budget/list',
    summary: "The company's budgets with allocated, used and remaining amounts, paged",
    access: manageBudgets,
    body: budgetListQuery,
    response: pagedOf(budgetRow),
    isolation: OWN_ONLY,
  }),
  budgetCreate: endpoint({
    method: 'POST',
    path: '/api/budget/create',
    summary: 'Allocate a budget to a department or user for a China month, quarter or year',
    access: manageBudgets,
    body: budgetInput,
    response: z.object({ sysNo: z.number().int() }),
    isolation: CREATES,
  }),
  budgetAdjust: endpoint({
    method: 'POST',
    path: '/api/budget/adjust',
    summary: 'Raise or lower a budget (a ledger row with the reason)',
    access: manageBudgets,
    body: budgetAdjustInput,
    response: noData,
    isolation: PROBE,
  }),
  budgetEntries: endpoint({
    method: 'POST',
    path: '/api/budget/entries',
    summary: "A budget's ledger rows, newest first, paged",
    access: manageBudgets,
    body: budgetEntryQuery,
    response: pagedOf(budgetEntryRow),
    isolation: PROBE,
  }),
  budgetSettings: endpoint({
    method: 'GET',
    path: '/api/budget/settings',
    summary: "The company's over-budget setting",
    access: manageBudgets,
    response: budgetSettingsView,
    isolation: OWN_ONLY,
  }),
  budgetSettingsSave: endpoint({
    method: 'POST',
    path: '/api/budget/settings/save',
    summary: "Save the company's over-budget setting (refuse, or route through an approval rule)",
    access: manageBudgets,
    body: budgetSettingsInput,
    response: noData,
    isolation: PROBE,
  }),
  budgetMine: endpoint({
    method: 'GET',
    path: '/api/budget/mine',
    summary: "The budgets an order of the caller draws on today (the caller's and their department's)",
    access: COMPANY,
    response: z.object({ list: z.array(budgetRow), overMode: z.number().int() }),
    isolation: OWN_ONLY,
  }),
};
