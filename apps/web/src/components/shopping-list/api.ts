import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ShoppingListAddInput } from '@aquamall/shared';
import { api } from '../../lib/api.ts';

/**
 * 常购清单's calls shared by the pages that add to a list (goods detail, order detail) and the buying feature's
 * list pages (docs/product/shopping-lists.md).
 */
export const SHOPPING_LIST_KEY = ['shopping-lists'] as const;

/** The lists the caller may add to (its own, and shared ones when it administers the company). */
export const editableListsQuery = queryOptions({
  queryKey: [...SHOPPING_LIST_KEY, 'editable'],
  queryFn: () => api.read('shoppingListList', { editable: true, pageIndex: 1, pageSize: 50 }, { suppressError: true }),
});

export const useAddToShoppingList = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: ShoppingListAddInput) => api.run('shoppingListAddItems', v),
    onSettled: () => qc.invalidateQueries({ queryKey: SHOPPING_LIST_KEY }),
  });
};
