import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, downloadEndpoint, type InputOf } from '../../../lib/api.ts';
import { useCatalogueMutation } from './mutation.ts';

export type ProductListParams = InputOf<'supplyProductList'>;

/** POST /api/myproduct/list — the company's products, filtered and paged. */
export const useProductList = (params: ProductListParams) =>
  useQuery({
    queryKey: ['catalogue', 'products', 'list', params],
    queryFn: () => api.read('supplyProductList', params, { suppressError: true }),
    placeholderData: keepPreviousData,
  });

/** GET /api/myproduct/detail — one product with its SKUs, as the editor shows it. */
export const useProductDetail = (id: number | null) =>
  useQuery({
    queryKey: ['catalogue', 'products', 'detail', id],
    queryFn: () => api.read('supplyProductDetail', { id: id! }, { suppressError: true }),
    enabled: id !== null,
  });

/** GET /api/myproduct/attributes — the attribute definitions of a category and its ancestors. */
export const useCategoryAttributes = (categoryId: number | null) =>
  useQuery({
    queryKey: ['catalogue', 'attributes', categoryId],
    queryFn: () => api.read('supplyCategoryAttributes', { categoryId: categoryId! }, { suppressError: true }),
    enabled: categoryId !== null,
    staleTime: 60_000,
  });


export const useCreateProduct = () => useCatalogueMutation((v: InputOf<'supplyProductCreate'>) => api.run('supplyProductCreate', v));
export const useUpdateProduct = () => useCatalogueMutation((v: InputOf<'supplyProductUpdate'>) => api.run('supplyProductUpdate', v));
export const useSubmitProduct = () => useCatalogueMutation((sysNo: number) => api.run('supplyProductSubmit', { sysNo }));
export const useShelveProducts = () => useCatalogueMutation((v: InputOf<'supplyProductShelf'>) => api.run('supplyProductShelf', v));
export const useDeleteProducts = () => useCatalogueMutation((ids: number[]) => api.run('supplyProductDelete', { ids }));
export const useCopyProduct = () => useCatalogueMutation((sysNo: number) => api.run('supplyProductCopy', { sysNo }));

/** POST /api/myproduct/export — the filtered list as an Excel file (one row per SKU). */
export const exportProducts = (params: ProductListParams) => downloadEndpoint('supplyProductExport', params);

/** POST /api/myproduct/discussion/list — reviews and questions of the company's products, unanswered first. */
export const useDiscussionList = (params: InputOf<'supplyDiscussionList'>) =>
  useQuery({
    queryKey: ['catalogue', 'discussion', params],
    queryFn: () => api.read('supplyDiscussionList', params, { suppressError: true }),
    placeholderData: keepPreviousData,
  });
export const useReplyDiscussion = () => useCatalogueMutation((v: InputOf<'supplyDiscussionReply'>) => api.run('supplyDiscussionReply', v));
