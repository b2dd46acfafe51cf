import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type InputOf } from '../../../lib/api.ts';
import { clientStore } from '../../../lib/storage.ts';

/** POST /api/product/discussion/list — a product's visible reviews and questions with the average rating. */
export const useGoodsDiscussions = (query: InputOf<'goodsDiscussionList'>) =>
  useQuery({
    queryKey: ['mall', 'discussion', query],
    queryFn: () => api.read('goodsDiscussionList', query, { suppressError: true }),
    placeholderData: keepPreviousData,
  });

/** GET /api/product/discussion/reviewable — the caller's completed order lines of this product not yet reviewed. */
export const useReviewable = (productId: number) =>
  useQuery({
    queryKey: ['mall', 'discussion', 'reviewable', productId],
    queryFn: () => api.read('goodsReviewable', { productId }, { suppressError: true }).catch(() => []),
    enabled: Boolean(clientStore.getToken()),
    retry: false,
  });

function useDiscussionMutation<V>(fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['mall', 'discussion'] }),
  });
}
export const useAskQuestion = () =>
  useDiscussionMutation((v: InputOf<'goodsQuestionCreate'>) => api.run('goodsQuestionCreate', v));
export const useWriteReview = () =>
  useDiscussionMutation((v: InputOf<'goodsReviewCreate'>) => api.run('goodsReviewCreate', v));
