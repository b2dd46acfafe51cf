import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QuickOrderSheetResult, ShoppingListBuyInput, ShoppingListInput, ShoppingListQuery } from '@aquamall/shared';
import { api, downloadEndpoint, endpointUrl, request } from '../../../lib/api.ts';
import { SHOPPING_LIST_KEY } from '../../../components/shopping-list/api.ts';

/** 常购清单 pages (docs/product/shopping-lists.md): the lists, one list, and buying from it. */
export const useShoppingLists = (params: ShoppingListQuery) =>
  useQuery({
    queryKey: [...SHOPPING_LIST_KEY, 'list', params],
    queryFn: () => api.read('shoppingListList', params, { suppressError: true }),
    placeholderData: keepPreviousData,
  });

export const shoppingListDetailQuery = (id: number) =>
  queryOptions({
    queryKey: [...SHOPPING_LIST_KEY, 'detail', id],
    queryFn: () => api.read('shoppingListDetail', { id }, { suppressError: true }),
  });

function useListMutation<V, R>(fn: (v: V) => Promise<R>, alsoCart = false) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: async () => {
      await qc.invalidateQueries({ queryKey: SHOPPING_LIST_KEY });
      if (alsoCart) await qc.invalidateQueries({ queryKey: ['buying'] });
    },
  });
}

export const useCreateShoppingList = () => useListMutation((v: ShoppingListInput) => api.run('shoppingListCreate', v));
export const useUpdateShoppingList = () =>
  useListMutation((v: { id: number; name?: string; shared?: boolean }) => api.run('shoppingListUpdate', v));
export const useDeleteShoppingList = () => useListMutation((id: number) => api.run('shoppingListDelete', { id }));
export const useUpdateListItem = () =>
  useListMutation((v: { id: number; quantity: number; note?: string }) =>
    api.run('shoppingListItemUpdate', v, { suppressSuccess: true }),
  );
export const useRemoveListItems = () => useListMutation((ids: number[]) => api.run('shoppingListItemsRemove', { ids }));
/** 购买: the list or its chosen items into the cart; the cart is re-read afterwards. */
export const useBuyShoppingList = () => useListMutation((v: ShoppingListBuyInput) => api.run('shoppingListBuy', v), true);

/** 快速下单 from Excel: the template, and the uploaded workbook resolved (nothing is added). */
export const downloadQuickOrderTemplate = () => downloadEndpoint('quickOrderTemplate');
/** POST /api/quick-order/sheet — the rows of an uploaded .xlsx resolved like a paste. */
export const useQuickOrderSheet = () =>
  useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return request<QuickOrderSheetResult>('POST', endpointUrl('quickOrderSheet'), form, { suppressSuccess: true, suppressError: true });
    },
  });
