import { useMutation, useQueryClient } from '@tanstack/react-query';

/** A catalogue command: afterwards every catalogue query (products, stock, documents) is refreshed. */
export function useCatalogueMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['catalogue'] });
    },
  });
}
