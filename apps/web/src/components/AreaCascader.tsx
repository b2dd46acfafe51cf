import { Cascader } from 'antd';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../lib/api.ts';

/** GET /api/areas — province → city → district for the area cascaders (addresses, merchant entry, shop). */
export const areaTreeQuery = queryOptions({
  queryKey: ['buying', 'areas'],
  queryFn: () => api.read('areaTree', undefined, { suppressError: true }),
  staleTime: 60 * 60_000,
});

/** 所在地区: the cascader's value is the codes (province, city[, district]); use inside a Form.Item. */
export function AreaCascader({ value, onChange }: { value?: number[]; onChange?: (v: number[]) => void }) {
  const areas = useQuery(areaTreeQuery);
  return (
    <Cascader
      value={value}
      onChange={(v) => onChange?.((v ?? []) as number[])}
      options={areas.data ?? []}
      loading={areas.isLoading}
      showSearch
      fieldNames={{ label: 'name', value: 'sysNo', children: 'children' }}
      placeholder="省 / 市 / 区"
      aria-label="所在地区"
    />
  );
}
