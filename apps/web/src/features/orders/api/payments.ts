import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PayOrderStatus } from '@aquamall/shared';
import { api, type InputOf } from '../../../lib/api.ts';

/**
 * GET /api/pay/channels — which online channels this deployment offers for the order (its supplier must have a
 * verified sub-merchant on the channel), with the reason for one it does not.
 */
export const usePayChannels = (enabled: boolean, orderId?: number) =>
  useQuery({
    queryKey: ['pay', 'channels', orderId ?? null],
    queryFn: () => api.read('payChannels', orderId ? { orderId } : {}, { suppressError: true }),
    enabled,
    staleTime: 60_000,
  });

/** POST /api/pay/create — opens (or answers the open) payment order for the order and channel. */
export const useCreatePayOrder = () =>
  useMutation({ mutationFn: (v: InputOf<'payCreate'>) => api.read('payCreate', v) });

/**
 * POST /api/pay/status — the payment order, polled every 2 s while it waits for the partner's notification; once it
 * is paid, the order's pages are refreshed.
 */
export function usePayStatus(payOrderId: number | null) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: ['pay', 'status', payOrderId],
    queryFn: async () => {
      const p = await api.read('payStatus', { payOrderId: payOrderId! }, { suppressError: true });
      if (p.status === PayOrderStatus.PAID) void qc.invalidateQueries({ queryKey: ['orders'] });
      return p;
    },
    enabled: payOrderId !== null,
    refetchInterval: (q) => (q.state.data && q.state.data.status !== PayOrderStatus.OPEN ? false : 2000),
  });
}

/** POST /api/pay/order — the order's online payments and refunds (both sides). */
export const useOrderOnlinePayments = (orderId: number) =>
  useQuery({
    queryKey: ['orders', 'online-payments', orderId],
    queryFn: () => api.read('payOfOrder', { orderId }, { suppressError: true }),
  });
