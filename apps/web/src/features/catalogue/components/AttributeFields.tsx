import { Form, Input, Select, Skeleton } from 'antd';
import { attributeProblem } from '@aquamall/shared';
import { problemRule } from '../../../lib/form-rules.ts';
import { useCategoryAttributes } from '../api/products.ts';

/** The category's parameter fields (执行标准, 材质, 流量 …) as the platform defines them; required ones marked. */
export function AttributeFields({ categoryId }: { categoryId: number | null }) {
  const defs = useCategoryAttributes(categoryId);
  if (categoryId === null) return <div style={{ color: '#8c8c8c', marginBottom: 16 }}>选择三级分类后填写该分类的参数</div>;
  if (defs.isLoading) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (defs.isError) return <div style={{ color: '#cf1322', marginBottom: 16 }}>分类参数加载失败，请刷新重试</div>;
  if (!defs.data?.length) return <div style={{ color: '#8c8c8c', marginBottom: 16 }}>该分类没有平台定义的参数，可在下方“其他参数”中填写</div>;
  return (
    <>
      {defs.data.map((d) => (
        <Form.Item
          key={d.sysNo}
          name={['attrs', d.name]}
          label={d.unit ? `${d.name}（${d.unit}）` : d.name}
          rules={[problemRule((v: string | undefined) => attributeProblem([d], [{ name: d.name, value: v ?? '' }]), d.required)]}
        >
          {d.type === 3 ? (
            <Select allowClear placeholder="请选择" options={d.options.map((o) => ({ value: o, label: o }))} style={{ maxWidth: 320 }} />
          ) : (
            <Input maxLength={100} style={{ maxWidth: 320 }} placeholder={d.type === 2 ? '数字' : ''} />
          )}
        </Form.Item>
      ))}
    </>
  );
}
