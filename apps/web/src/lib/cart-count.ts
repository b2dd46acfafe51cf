import { useQuery } from '@tanstack/react-query';
import { api } from './api.ts';

/**
 * The number of lines in the signed-in purchaser's cart, for the cart links of the mall top bar and the workbench
 * header. The buying feature invalidates the `buying` queries after every cart change, which refreshes it.
 */
export const CART_COUNT_KEY = ['buying', 'cart', 'count'] as const;

export const useCartCount = (enabled: boolean) =>
  useQuery({
    queryKey: CART_COUNT_KEY,
    queryFn: () => api.read('cartCount', undefined, { suppressError: true, ignoreRedirect: true }),
    enabled,
    staleTime: 30_000,
  });
