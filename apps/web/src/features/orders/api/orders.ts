import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, downloadEndpoint, type InputOf } from '../../../lib/api.ts';

export type OrderListParams = InputOf<'orderList'>;

/** POST /api/order/list — one list (type 0/4 own or all, 6/8 the supplier's), with the status tab counts. */
export const useOrderList = (params: OrderListParams) =>
  useQuery({
    queryKey: ['orders', 'list', params],
    queryFn: () => api.read('orderList', params, { suppressError: true }),
    placeholderData: keepPreviousData,
  });

/** GET /api/order/detail — the order as the viewer sees it, with the actions the viewer may take. */
export const useOrderDetail = (id: number | null, type: number | undefined) =>
  useQuery({
    queryKey: ['orders', 'detail', id, type],
    queryFn: () => api.read('orderDetail', { id: id!, type }, { suppressError: true }),
    enabled: id !== null,
  });

/** An order command: afterwards the lists and details are refreshed. */
function useOrderMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}

export const useRepriceOrder = () =>
  useOrderMutation((v: InputOf<'orderReprice'>) => api.run('orderReprice', v));
export const useConfirmOrder = () =>
  useOrderMutation((orderId: number) => api.run('orderConfirm', { orderId }));
export const useCancelOrder = () =>
  useOrderMutation((v: InputOf<'orderCancel'>) => api.run('orderCancel', v));
/** GET /api/companyAccount/forOrder — the purchaser's credit account with the order's supplier (账期支付), or null. */
export const useCreditForOrder = (orderId: number | null) =>
  useQuery({
    queryKey: ['orders', 'credit', orderId],
    queryFn: () => api.read('creditForOrder', { orderId: orderId! }, { suppressError: true }),
    enabled: orderId !== null,
  });
export const usePayOrder = () => useOrderMutation((v: InputOf<'orderPay'>) => api.run('orderPay', v));
export const useConfirmPayment = () =>
  useOrderMutation((v: InputOf<'orderPayConfirm'>) => api.run('orderPayConfirm', v));
export const useRejectPayment = () =>
  useOrderMutation((v: InputOf<'orderPayReject'>) => api.run('orderPayReject', v));
export const useShipOrder = () => useOrderMutation((v: InputOf<'orderShip'>) => api.run('orderShip', v));
export const useReceiveOrder = () =>
  useOrderMutation((orderId: number) => api.run('orderReceive', { orderId }));

/** POST /api/order/export — the filtered list as an Excel file (one row per order line). */
export const exportOrders = (params: OrderListParams) => downloadEndpoint('orderExport', params);

/** GET /api/order/payee — where a transfer for the order goes (the supplier's verified account and the note). */
export const useOrderPayee = (orderId: number | null) =>
  useQuery({
    queryKey: ['orders', 'payee', orderId],
    queryFn: () => api.read('orderPayee', { id: orderId! }, { suppressError: true }),
    enabled: orderId !== null,
  });
/** POST /api/order/pay/match — the supplier checks an incoming transfer against the order (reads only). */
export const useTransferMatch = () => useMutation({ mutationFn: (v: InputOf<'orderTransferMatch'>) => api.read('orderTransferMatch', v) });
/** GET /api/order/paper — 采购订单/销售订单, 发货单 (of a shipment) or 收货单 as a PDF. */
export const downloadOrderPaper = (id: number, kind: 'order' | 'delivery' | 'receiving', shipmentId?: number) =>
  downloadEndpoint('orderPaper', { id, kind, ...(shipmentId ? { shipmentId } : {}) });

/** POST /api/cart/reorder — 再次购买: the order's lines into the cart (the cart is re-read afterwards). */
export const useReorder = () => {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (orderId: number) => api.run('cartReorder', { orderId }),
    onSettled: () => qc.invalidateQueries({ queryKey: ['buying'] }),
  });
};
/** POST /api/tracking/order — the order's tracked parcels and their routes (快递100), polled while a route is open. */
export const useOrderTracking = (orderId: number, live: boolean) =>
  useQuery({
    queryKey: ['orders', 'tracking', orderId],
    queryFn: () => api.read('trackingOfOrder', { orderId }, { suppressError: true }),
    refetchInterval: live ? 15_000 : false,
  });
/** POST /api/tracking/refresh — asks the carrier now (rate-limited per parcel by the server). */
export const useRefreshParcel = () => useOrderMutation((parcelId: number) => api.run('trackingRefresh', { parcelId }));

/** GET /api/contract/order — the order's contract: required or not, the live contract, signatures and actions. */
export const useOrderContract = (orderId: number | null) =>
  useQuery({
    queryKey: ['orders', 'contract', orderId],
    queryFn: () => api.read('orderContract', { orderId: orderId! }, { suppressError: true }),
    enabled: orderId !== null,
  });
/** POST /api/contract/create — generate the order's contract (待签署). */
export const useCreateContract = () => useOrderMutation((orderId: number) => api.run('contractCreate', { orderId }));
/** POST /api/contract/sign/code — the SMS code to the signer's own phone (意愿认证). */
export const useContractSignCode = () => useMutation({ mutationFn: (id: number) => api.run('contractSignCode', { id }) });
/** POST /api/contract/sign — sign with the SMS code. */
export const useSignContract = () => useOrderMutation((v: InputOf<'contractSign'>) => api.run('contractSign', v));
/** POST /api/contract/void — void a contract not signed by both, with a reason. */
export const useVoidContract = () => useOrderMutation((v: InputOf<'contractVoid'>) => api.run('contractVoid', v));
/** GET /api/contract/pdf — the contract PDF (saved as a file). */
export const downloadContract = (id: number) => downloadEndpoint('contractPdf', { id });
/** GET/POST /api/contract/settings — the supplier's rule of when a contract is required. */
export const useContractSettings = (enabled: boolean) =>
  useQuery({ queryKey: ['orders', 'contract-settings'], queryFn: () => api.read('contractSettings'), enabled });
export const useSaveContractSettings = () => useOrderMutation((v: InputOf<'contractSettingsSave'>) => api.run('contractSettingsSave', v));
