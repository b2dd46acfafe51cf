import { useQuery } from '@tanstack/react-query';
import { api, type ApiOptions, type DataOf } from '../../../lib/api.ts';

/** The public endpoints that answer one record by its id (`/…/:id`). */
export type RecordEndpoint =
  | 'goodsDetail'
  | 'shopInfo'
  | 'shopCompanyInfo'
  | 'shopFloors'
  | 'shopCategories'
  | 'openEnquiryDetail'
  | 'bidDetail'
  | 'articleDetail';

const readRecord = api.read as <N extends RecordEndpoint>(name: N, input: { id: number | null }, options: ApiOptions) => Promise<DataOf<N>>;

/**
 * One public record by id, under the query key `['mall', key, id]`: nothing is asked while there is no id, a
 * failure is not retried (a missing record answers at once) and errors are left to the page's DetailState.
 */
export const useRecord = <N extends RecordEndpoint>(name: N, key: string, id: number | null) =>
  useQuery({
    queryKey: ['mall', key, id],
    queryFn: () => readRecord(name, { id }, { suppressError: true }),
    enabled: !!id,
    retry: false,
  });
