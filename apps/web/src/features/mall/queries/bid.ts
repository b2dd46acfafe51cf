import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { BidDetail, BidListItem, BidQueryInput, Paged } from '@aquamall/shared';
import { api } from '../../../lib/api.ts';

/** POST /api/openbid/querBid (tenders) or /api/openbid/queryBidList (winning-bid notices). */
export const useBids = (kind: 'tender' | 'result', query: BidQueryInput) =>
  useQuery({
    queryKey: ['mall', 'bids', kind, query],
    queryFn: () =>
      api.query<Paged<BidListItem>>(
        kind === 'tender' ? '/api/openbid/querBid' : '/api/openbid/queryBidList',
        query,
        {
          suppressError: true,
        },
      ),
    placeholderData: keepPreviousData,
  });

/** GET /api/openbid/{id} */
export const useBid = (id: number | null) =>
  useQuery({
    queryKey: ['mall', 'bid', id],
    queryFn: () => api.get<BidDetail>(`/api/openbid/${id}`, undefined, { suppressError: true }),
    enabled: !!id,
    retry: false,
  });
