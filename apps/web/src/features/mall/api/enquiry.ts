import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type InputOf } from '../../../lib/api.ts';
import { useRecord } from './record.ts';

/** POST /api/openEnquiry/query — published purchaser enquiries. */
export const useEnquiries = (query: InputOf<'openEnquiryList'>) =>
  useQuery({
    queryKey: ['mall', 'enquiries', query],
    queryFn: () => api.read('openEnquiryList', query, { suppressError: true }),
    placeholderData: keepPreviousData,
  });

/** GET /api/openEnquiry/{id} */
export const useEnquiryDetail = (id: number | null) => useRecord('openEnquiryDetail', 'enquiry', id);
