import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, type InputOf } from '../../../lib/api.ts';

const key = ['workbench', 'notice-settings'] as const;

/** GET /api/message/settings — the caller's own notification choices, channels and quiet hours (消息设置). */
export const useNoticeSettings = () =>
  useQuery({ queryKey: key, queryFn: () => api.read('noticeSettingsGet', undefined, { suppressError: true }) });

/** POST /api/message/settings — saves them (the server answers 已保存). */
export function useSaveNoticeSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: InputOf<'noticeSettingsSave'>) => api.run('noticeSettingsSave', v),
    onSuccess: (data) => qc.setQueryData(key, data),
  });
}

const receiversKey = ['workbench', 'order-receivers'] as const;

/** GET /api/message/orderReceivers — who of the supplier receives its order events (订单消息接收人), and the choices. */
export const useOrderReceivers = (enabled: boolean) =>
  useQuery({ queryKey: receiversKey, queryFn: () => api.read('orderReceiversGet', undefined, { suppressError: true }), enabled });

/** POST /api/message/orderReceivers — saves the chosen users and roles (both empty: the default). */
export function useSaveOrderReceivers() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: InputOf<'orderReceiversSave'>) => api.run('orderReceiversSave', v),
    onSuccess: (data) => qc.setQueryData(receiversKey, data),
  });
}
