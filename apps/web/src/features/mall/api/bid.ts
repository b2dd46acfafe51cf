import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, type InputOf } from '../../../lib/api.ts';
import { useRecord } from './record.ts';

/** POST /api/openbid/querBid (tenders) or /api/openbid/queryBidList (winning-bid notices). */
export const useBids = (kind: 'tender' | 'result', query: InputOf<'bidTenders'>) =>
  useQuery({
    queryKey: ['mall', 'bids', kind, query],
    queryFn: () => api.read(kind === 'tender' ? 'bidTenders' : 'bidResults', query, { suppressError: true }),
    placeholderData: keepPreviousData,
  });

/** GET /api/openbid/{id} */
export const useBid = (id: number | null) => useRecord('bidDetail', 'bid', id);
