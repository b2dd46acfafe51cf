import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyInput, WebhookInput } from '@aquamall/shared';
import { api, type InputOf } from '../../../lib/api.ts';

/** GET /api/openapi/status — whether the server has the open platform configured. */
export const useOpenApiStatus = () =>
  useQuery({ queryKey: ['openapi', 'status'], queryFn: () => api.read('openApiStatus', undefined, { suppressError: true }) });

/** POST /api/openapi/key/list — the company's API keys. */
export const useApiKeys = (params: InputOf<'apiKeyList'>, enabled: boolean) =>
  useQuery({
    queryKey: ['openapi', 'keys', params],
    queryFn: () => api.read('apiKeyList', params, { suppressError: true }),
    placeholderData: keepPreviousData,
    enabled,
  });

/** POST /api/openapi/webhook/list — the company's webhook endpoints. */
export const useWebhooks = (params: InputOf<'webhookList'>, enabled: boolean) =>
  useQuery({
    queryKey: ['openapi', 'webhooks', params],
    queryFn: () => api.read('webhookList', params, { suppressError: true }),
    placeholderData: keepPreviousData,
    enabled,
  });

/** POST /api/openapi/webhook/deliveries — the delivery log. */
export const useDeliveries = (params: InputOf<'webhookDeliveries'>, enabled: boolean) =>
  useQuery({
    queryKey: ['openapi', 'deliveries', params],
    queryFn: () => api.read('webhookDeliveries', params, { suppressError: true }),
    placeholderData: keepPreviousData,
    enabled,
  });

/** POST /api/openapi/calls — the call log of the company's keys. */
export const useApiCalls = (params: InputOf<'apiCallList'>, enabled: boolean) =>
  useQuery({
    queryKey: ['openapi', 'calls', params],
    queryFn: () => api.read('apiCallList', params, { suppressError: true }),
    placeholderData: keepPreviousData,
    enabled,
  });

function useOpenApiMutation<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => void qc.invalidateQueries({ queryKey: ['openapi'] }) });
}

export const useCreateKey = () => useOpenApiMutation((v: ApiKeyInput) => api.run('apiKeyCreate', v));
export const useRotateKey = () => useOpenApiMutation((id: number) => api.run('apiKeyRotate', { id }));
export const useRevokeKey = () => useOpenApiMutation((id: number) => api.run('apiKeyRevoke', { id }));
export const useCreateWebhook = () => useOpenApiMutation((v: WebhookInput) => api.run('webhookCreate', v));
export const useEnableWebhook = () => useOpenApiMutation((id: number) => api.run('webhookEnable', { id }));
export const useDeleteWebhook = () => useOpenApiMutation((id: number) => api.run('webhookDelete', { id }));
export const useRedeliver = () => useOpenApiMutation((id: number) => api.run('webhookRedeliver', { id }));
