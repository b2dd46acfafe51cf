import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ImportJobStatus, importJobFinished, type ImportJobView } from '@aquamall/shared';
import { api, downloadEndpoint, endpointUrl, request } from '../../../lib/api.ts';

/** GET /api/myproduct/import/template — the Excel template. */
export const downloadImportTemplate = () => downloadEndpoint('productImportTemplate');

/** GET /api/myproduct/import/errors — the refused file with each row's error. */
export const downloadImportErrors = (id: number) => downloadEndpoint('productImportErrors', { id });

/** POST /api/myproduct/import — uploads the file (multipart field `file`); answers the job it started. */
export function useStartImport() {
  return useMutation({
    mutationFn: ({ file, submit }: { file: File; submit: boolean }) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return request<ImportJobView>(
        'POST',
        endpointUrl('productImportUpload', { submit: submit ? 1 : 0 }),
        form,
        { suppressSuccess: true },
      );
    },
  });
}

/** GET /api/myproduct/import/status — the job, polled every second until it has finished; then the lists refresh. */
export function useImportJob(id: number | null) {
  const qc = useQueryClient();
  return useQuery({
    queryKey: ['catalogue-import', id],
    queryFn: async () => {
      const job = await api.read('productImportStatus', { id: id! }, { suppressError: true });
      if (job.status === ImportJobStatus.DONE) void qc.invalidateQueries({ queryKey: ['catalogue'] });
      return job;
    },
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data && importJobFinished(q.state.data.status) ? false : 1000),
  });
}
