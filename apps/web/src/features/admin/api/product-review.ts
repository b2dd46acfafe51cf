import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type InputOf } from '../../../lib/api.ts';

/** POST /admin/api/product/review/list — submissions by review status. */
export const useProductReviews = (params: InputOf<'adminProductReviewList'>) =>
  useQuery({
    queryKey: ['admin', 'product-review', 'list', params],
    queryFn: () => api.read('adminProductReviewList', params, { suppressError: true }),
    placeholderData: keepPreviousData,
  });

/** GET /admin/api/product/review/detail — a submission with the content on sale now. */
export const useProductReview = (id: number | null) =>
  useQuery({
    queryKey: ['admin', 'product-review', 'detail', id],
    queryFn: () => api.read('adminProductReviewDetail', { id: id! }, { suppressError: true }),
    enabled: id !== null,
  });

function useReviewMutation<V>(fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => void qc.invalidateQueries({ queryKey: ['admin'] }) });
}
export const useApproveProduct = () => useReviewMutation((id: number) => api.run('adminProductReviewApprove', { id }));
export const useRejectProduct = () => useReviewMutation((v: InputOf<'adminProductReviewReject'>) => api.run('adminProductReviewReject', v));

/** GET /admin/api/category/attribute/list — a category's definitions (own and inherited). */
export const useCategoryAttributeDefs = (categoryId: number | null) =>
  useQuery({
    queryKey: ['admin', 'attributes', categoryId],
    queryFn: () => api.read('adminAttributeList', { categoryId: categoryId! }, { suppressError: true }),
    enabled: categoryId !== null,
  });
export const useSaveAttribute = () => useReviewMutation((v: InputOf<'adminAttributeSave'>) => api.run('adminAttributeSave', v));
export const useDeleteAttribute = () => useReviewMutation((sysNo: number) => api.run('adminAttributeDelete', { sysNo }));

/** GET /api/product/category — the category tree to pick from. */
export const categoryTreeForAttributes = queryOptions({
  queryKey: ['admin', 'attributes', 'categories'],
  queryFn: () => api.read('categoryTree', undefined, { suppressError: true }),
  staleTime: 60_000,
});

/** POST /admin/api/product/discussion/list — reviews and questions of all products. */
export const useAdminDiscussions = (params: InputOf<'adminDiscussionList'>) =>
  useQuery({
    queryKey: ['admin', 'discussion', params],
    queryFn: () => api.read('adminDiscussionList', params, { suppressError: true }),
    placeholderData: keepPreviousData,
  });
export const useHideDiscussion = () => useReviewMutation((v: InputOf<'adminDiscussionHide'>) => api.run('adminDiscussionHide', v));
