import { useMutation, useQueryClient } from '@tanstack/react-query';
import { downloadEndpoint, type InputOf } from '../../../lib/api.ts';
import { consoleCommand, type ConsoleEndpoint } from './admin.ts';

/** Console trade oversight commands (decision 0187): afterwards the lists they change are read again. */
function useTradeCommand<N extends ConsoleEndpoint>(name: N, refresh: ConsoleEndpoint[]) {
  const qc = useQueryClient();
  const run = consoleCommand(name);
  return useMutation({
    mutationFn: (input: InputOf<N>) => run(input),
    onSuccess: () => Promise.all(refresh.map((r) => qc.invalidateQueries({ queryKey: ['admin', r] }))),
  });
}

export const useDecideDispute = () => useTradeCommand('adminDisputeDecide', ['adminDisputeList']);
export const useListingTakedown = () => useTradeCommand('adminListingTakedown', ['adminListingList']);
/** Saves the trade statistics of the range as an Excel workbook (the browser's download). */
export const exportTradeStats = (q: InputOf<'adminTradeStatsExport'>) => downloadEndpoint('adminTradeStatsExport', q);
/** 支付对账 (decision 0207): resolve a discrepancy; reconcile a day now. */
export const useResolveDiscrepancy = () => useTradeCommand('adminReconResolve', ['adminReconDiscrepancies', 'adminReconRuns']);
export const useRunRecon = () => useTradeCommand('adminReconRun', ['adminReconDiscrepancies', 'adminReconRuns']);
/** 收款商户核验 (decision 0216): verify or refuse a supplier's sub-merchant. */
export const useDecideSubMerchant = () => useTradeCommand('adminSubMerchantDecide', ['adminSubMerchants']);
