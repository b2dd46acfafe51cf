import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { EnquiryDetail, EnquiryListItem, EnquiryQueryInput, Paged } from '@aquamall/shared';
import { api } from '../../../lib/api.ts';

/** POST /api/openEnquiry/query — published purchaser enquiries. */
export const useEnquiries = (query: EnquiryQueryInput) =>
  useQuery({
    queryKey: ['mall', 'enquiries', query],
    queryFn: () =>
      api.query<Paged<EnquiryListItem>>('/api/openEnquiry/query', query, { suppressError: true }),
    placeholderData: keepPreviousData,
  });

/** GET /api/openEnquiry/{id} */
export const useEnquiryDetail = (id: number | null) =>
  useQuery({
    queryKey: ['mall', 'enquiry', id],
    queryFn: () => api.get<EnquiryDetail>(`/api/openEnquiry/${id}`, undefined, { suppressError: true }),
    enabled: !!id,
    retry: false,
  });
