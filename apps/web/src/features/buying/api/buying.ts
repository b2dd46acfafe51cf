import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AddressInput, CheckoutSource, CheckoutSubmitInput, InvoiceTitleInput, InvoiceTitleRow, QuickOrderInput } from '@aquamall/shared';
import { api } from '../../../lib/api.ts';

const KEY = ['buying'] as const;

export { areaTreeQuery } from '../../../components/AreaCascader.tsx';

/** GET /api/address/list — the company's addresses, default first. */
export const addressListQuery = queryOptions({
  queryKey: [...KEY, 'addresses'],
  queryFn: () => api.read('addressList', undefined, { suppressError: true }),
});

/** GET /api/invoice-title/list — the company's saved invoice titles. */
export const invoiceTitleListQuery = queryOptions({
  queryKey: [...KEY, 'invoice-titles'],
  queryFn: () => api.read('invoiceTitleList', undefined, { suppressError: true }),
});

/** GET /api/cart — the cart by shop. */
export const cartQuery = queryOptions({
  queryKey: [...KEY, 'cart'],
  queryFn: () => api.read('cartView', undefined, { suppressError: true }),
});

/** POST /api/checkout/preview — the lines per supplier at today's prices. */
export const useCheckoutPreview = (source: CheckoutSource | null) =>
  useQuery({
    queryKey: [...KEY, 'checkout', source],
    queryFn: () => api.read('checkoutPreview', source!, { suppressError: true }),
    enabled: !!source,
  });

function useBuyingMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    // Returned, so the mutation stays pending until the cart is re-read (no click on stale checkboxes).
    onSettled: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

export const useSaveAddress = () =>
  useBuyingMutation((v: { sysNo?: number; address: AddressInput }) =>
    v.sysNo
      ? api.run('addressUpdate', { sysNo: v.sysNo, address: v.address }).then(() => v.sysNo!)
      : api.run('addressCreate', v.address).then((r) => r.sysNo),
  );
export const useDeleteAddress = () =>
  useBuyingMutation((sysNo: number) => api.run('addressDelete', { sysNo }));
export const useDefaultAddress = () =>
  useBuyingMutation((sysNo: number) => api.run('addressSetDefault', { sysNo }));

export const useSaveInvoiceTitle = () =>
  useBuyingMutation((v: { sysNo?: number; title: InvoiceTitleInput }) =>
    v.sysNo
      ? api.run('invoiceTitleUpdate', { sysNo: v.sysNo, title: v.title }).then(() => v.sysNo!)
      : api.run('invoiceTitleCreate', v.title).then((r) => r.sysNo),
  );
/** Makes a saved title the default one (an update of the title as it is, with 默认 set). */
export const useDefaultInvoiceTitle = () =>
  useBuyingMutation(({ sysNo, kind, ...t }: InvoiceTitleRow) =>
    api.run('invoiceTitleUpdate', { sysNo, title: { ...t, kind: kind as 1 | 2, isDefault: true } }),
  );
export const useDeleteInvoiceTitle = () =>
  useBuyingMutation((sysNo: number) => api.run('invoiceTitleDelete', { sysNo }));

export const useCartQuantity = () =>
  useBuyingMutation((v: { sysNo: number; quantity: number }) =>
    api.run('cartQuantity', v, { suppressSuccess: true }),
  );
export const useCartSelect = () =>
  useBuyingMutation((v: { sysNos: number[]; selected: boolean }) => api.read('cartSelect', v));
export const useCartRemove = () => useBuyingMutation((sysNos: number[]) => api.run('cartRemove', { sysNos }));
export const useCartClearInvalid = () => useBuyingMutation(() => api.run('cartClearInvalid'));

/** POST /api/checkout/submit with the page's Idempotency-Key; refusals are shown by the page (it marks lines). */
export const useSubmitCheckout = () =>
  useBuyingMutation((v: { key: string; body: CheckoutSubmitInput }) =>
    api.run('checkoutSubmit', v.body, { headers: { 'idempotency-key': v.key }, suppressError: true }),
  );

/** POST /api/quick-order/resolve — 快速下单: the pasted lines resolved (nothing is added). */
export const useQuickOrderResolve = () =>
  useMutation({ mutationFn: (v: QuickOrderInput) => api.read('quickOrderResolve', v, { suppressError: true }) });
/** POST /api/quick-order/add — the resolved SKUs into the cart in one step. */
export const useQuickOrderAdd = () =>
  useBuyingMutation((lines: { row: number; skuId: number; quantity: number }[]) =>
    api.run('quickOrderAdd', { lines }),
  );
