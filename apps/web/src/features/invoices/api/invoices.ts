import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, downloadEndpoint, type InputOf } from '../../../lib/api.ts';

export type InvoiceListParams = InputOf<'invoiceList'>;

/** POST /api/invoice/list — the purchaser's requests (type 0) or the requests to the supplier (type 1). */
export const useInvoiceList = (params: InvoiceListParams) =>
  useQuery({
    queryKey: ['invoice', 'list', params],
    queryFn: () => api.read('invoiceList', params, { suppressError: true }),
    placeholderData: keepPreviousData,
  });

/** GET /api/invoice/counts — invoices per status (tab badges). */
export const useInvoiceCounts = (type: number) =>
  useQuery({
    queryKey: ['invoice', 'counts', type],
    queryFn: () => api.read('invoiceCounts', { type }, { suppressError: true }),
  });

/** GET /api/invoice/detail — one invoice with its orders, files, reversal link and history. */
export const useInvoiceDetail = (id: number | null) =>
  useQuery({
    queryKey: ['invoice', 'detail', id],
    queryFn: () => api.read('invoiceDetail', { id: id! }, { suppressError: true }),
    enabled: id !== null,
  });

/** GET /api/invoice/invoiceable — completed orders with something left to invoice. */
export const useInvoiceable = (enabled: boolean) =>
  useQuery({
    queryKey: ['invoice', 'invoiceable'],
    queryFn: () => api.read('invoiceInvoiceable', {}, { suppressError: true }),
    enabled,
  });

/** GET /api/invoice-title/list — the company's saved invoice titles. */
export const useInvoiceTitles = (enabled: boolean) =>
  useQuery({
    queryKey: ['invoice-title', 'list'],
    queryFn: () => api.read('invoiceTitleList', undefined, { suppressError: true }),
    enabled,
  });

export const exportInvoices = (params: InvoiceListParams) => downloadEndpoint('invoiceExport', params);

/** An invoice command: afterwards every invoice query (and the orders' invoice state) is refreshed. */
function useInvoiceMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['invoice'] });
      void qc.invalidateQueries({ queryKey: ['orders'] });
    },
  });
}

export const useRequestInvoice = () =>
  useInvoiceMutation((v: InputOf<'invoiceRequest'>) => api.run('invoiceRequest', v));
export const useWithdrawInvoice = () =>
  useInvoiceMutation((v: InputOf<'invoiceWithdraw'>) => api.run('invoiceWithdraw', v));
export const useIssueInvoice = () =>
  useInvoiceMutation((v: InputOf<'invoiceIssue'>) => api.run('invoiceIssue', v));
export const useRefuseInvoice = () =>
  useInvoiceMutation((v: InputOf<'invoiceRefuse'>) => api.run('invoiceRefuse', v));
export const useConfirmInvoice = () =>
  useInvoiceMutation((v: InputOf<'invoiceConfirm'>) => api.run('invoiceConfirm', v));
export const useDisputeInvoice = () =>
  useInvoiceMutation((v: InputOf<'invoiceDispute'>) => api.run('invoiceDispute', v));
export const useReverseInvoice = () =>
  useInvoiceMutation((v: InputOf<'invoiceReverse'>) => api.run('invoiceReverse', v));
