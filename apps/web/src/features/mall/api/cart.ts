import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** POST /api/cart/add from the goods detail (加入购物车); the cart queries and the header count refresh. */
export const useAddToCart = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { skuId: number; quantity: number }) => api.run('cartAdd', v),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['buying'] }),
  });
};
