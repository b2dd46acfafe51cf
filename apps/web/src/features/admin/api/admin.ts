import { api, type ApiOptions } from '../../../lib/api.ts';

/** Console calls: the client's `admin` option sends them to /admin/api/... */
const A: ApiOptions = { admin: true };
export const adminGet = <T>(url: string, params?: unknown) => api.get<T>(url, params, A);
export const adminQuery = <T>(url: string, body?: unknown) => api.query<T>(url, body, A);
export const adminCommand = <T>(url: string, body?: unknown) => api.command<T>(url, body, A);

export interface Paged<T> {
  list: T[];
  total: number;
}
