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
