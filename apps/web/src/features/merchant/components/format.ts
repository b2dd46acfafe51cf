import { formatChinaDateTime } from '@aquamall/shared';

export const formatDateTime = (iso: string | null | undefined) => (iso ? formatChinaDateTime(iso) : '无');
