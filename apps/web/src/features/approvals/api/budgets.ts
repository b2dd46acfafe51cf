import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BudgetInput } from '@aquamall/shared';
import { api, type InputOf } from '../../../lib/api.ts';

/** Budgets (预算), docs/product/budgets.md. */
export const useBudgetList = (params: InputOf<'budgetList'>) =>
  useQuery({
    queryKey: ['budgets', 'list', params],
    queryFn: () => api.read('budgetList', params, { suppressError: true }),
    placeholderData: keepPreviousData,
  });

export const useBudgetEntries = (params: InputOf<'budgetEntries'> | null) =>
  useQuery({
    queryKey: ['budgets', 'entries', params],
    queryFn: () => api.read('budgetEntries', params!, { suppressError: true }),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });

export const useBudgetSettings = () =>
  useQuery({ queryKey: ['budgets', 'settings'], queryFn: () => api.read('budgetSettings', undefined, { suppressError: true }) });

/** The budgets the signed-in user's orders draw on today (checkout, 预算管理). */
export const useMyBudgets = (enabled = true) =>
  useQuery({ queryKey: ['budgets', 'mine'], queryFn: () => api.read('budgetMine', undefined, { suppressError: true }), enabled });

function useBudgetMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['budgets'] });
    },
  });
}

export const useCreateBudget = () => useBudgetMutation((v: BudgetInput) => api.run('budgetCreate', v));
export const useAdjustBudget = () => useBudgetMutation((v: InputOf<'budgetAdjust'>) => api.run('budgetAdjust', v));
export const useSaveBudgetSettings = () => useBudgetMutation((v: InputOf<'budgetSettingsSave'>) => api.run('budgetSettingsSave', v));
