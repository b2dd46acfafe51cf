import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type InputOf } from '../../../lib/api.ts';
import { CompanyType } from '@aquamall/shared';
import { useSession } from '../../session/index.ts';
import { myAccessQuery } from '../../../lib/my-access.ts';

/** POST /api/product/discussion/list — a product's visible reviews and questions with the average rating. */
export const useGoodsDiscussions = (query: InputOf<'goodsDiscussionList'>) =>
  useQuery({
    queryKey: ['mall', 'discussion', query],
    queryFn: () => api.read('goodsDiscussionList', query, { suppressError: true }),
    placeholderData: keepPreviousData,
  });

/**
 * GET /api/product/discussion/reviewable — the caller's completed order lines of this product not yet reviewed.
 * Asked only by those the server answers (purchase:manage, a purchaser's permission): a supplier or a purchaser's
 * user without it never sends a request to be refused (issue 29 item 13).
 */
export function useReviewable(productId: number) {
  const { token, user } = useSession();
  const purchaser = Boolean(token) && user?.extension.CompanyType === CompanyType.PURCHASER;
  const admin = purchaser && user!.extension.isCompanyAdmin;
  const access = useQuery({ ...myAccessQuery, enabled: purchaser && !admin });
  const allowed = admin || (purchaser && Boolean(access.data?.permissions.includes('purchase:manage')));
  return useQuery({
    queryKey: ['mall', 'discussion', 'reviewable', productId],
    queryFn: () => api.read('goodsReviewable', { productId }, { suppressError: true }).catch(() => []),
    enabled: allowed,
    retry: false,
  });
}

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
