import { Link } from 'react-router';
import { Alert, Button, Card, Col, Form, Input, Result, Row, Select, Space, Spin } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { MerchantStatus } from '@aquamall/shared';
import { ImageUpload } from '../../../components/ImageUpload.tsx';
import { storeSettingsInput } from '@aquamall/shared/contracts/merchant';
import { formRules, zodRule } from '../../../lib/form-rules.ts';
import { storeProductsQuery, storeSettingsQuery, useSaveStoreSettings } from '../api/merchant.ts';
import { AreaCascader } from '../../../components/AreaCascader.tsx';

const rules = formRules(storeSettingsInput);
const floorTitleRules = [zodRule(storeSettingsInput.shape.shopFloors.unwrap().element.shape.title)];

interface Values {
  shopName: string;
  logo: string[];
  shopBanner: string[];
  introduction: string;
  mainBusiness: string;
  contactName: string;
  contactPhone: string;
  area?: number[];
  address: string;
  shopFloors: { title: string; productIds: number[] }[];
}

/** /customer/store: shop name, logo, banner, introduction, contact, and the floors shown on shopHome. */
export default function StorePage() {
  const { data, isLoading } = useQuery(storeSettingsQuery);
  const { data: own } = useQuery(storeProductsQuery);
  const saveStoreSettings = useSaveStoreSettings();
  // Plain product names; the number is only added where two products share a name.
  const nameCount = new Map<string, number>();
  for (const p of own ?? []) nameCount.set(p.name, (nameCount.get(p.name) ?? 0) + 1);
  const productOptions = (own ?? []).map((p) => ({
    value: p.id,
    label: (nameCount.get(p.name) ?? 0) > 1 ? `${p.name}（商品编号 ${p.id}）` : p.name,
  }));
  if (isLoading) return <Spin style={{ display: 'block', margin: 80 }} />;
  if (!data || data.merchantStatus !== MerchantStatus.APPROVED) {
    return (
      <Card title="店铺设置">
        <Result status="info" title="店铺尚未开通" subTitle="商家入驻审核通过后即可设置店铺。" extra={<Link to="/merchant/apply"><Button type="primary">申请入驻</Button></Link>} />
      </Card>
    );
  }
  const onFinish = async (v: Values) => {
    await saveStoreSettings.mutateAsync({
      ...v,
      area: v.area?.length ? v.area : undefined,
      logo: v.logo?.[0] ?? '',
      shopBanner: v.shopBanner?.[0] ?? '',
      shopFloors: (v.shopFloors ?? []).map((f) => ({ title: f.title, productIds: f.productIds ?? [] })),
    });
  };
  return (
    <Card title="店铺设置">
      <Form<Values>
        layout="vertical"
        onFinish={onFinish}
        initialValues={{
          shopName: data.shopName ?? '',
          logo: data.logo ? [data.logo] : [],
          shopBanner: data.shopBanner ? [data.shopBanner] : [],
          introduction: data.introduction,
          mainBusiness: data.mainBusiness,
          contactName: data.contactName ?? '',
          contactPhone: data.contactPhone ?? '',
          area: data.area.length ? data.area : undefined,
          address: data.address ?? '',
          shopFloors: data.shopFloors,
        }}
      >
        <Row gutter={24}>
          <Col xs={24} md={12}>
            <Form.Item name="shopName" label="店铺名称" rules={rules.shopName}>
              <Input maxLength={50} />
            </Form.Item>
            <Form.Item name="mainBusiness" label="主营业务">
              <Input maxLength={300} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="logo" label="店铺Logo">
              <ImageUpload />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="shopBanner" label="店铺横幅">
              <ImageUpload />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="introduction" label="店铺介绍">
              <Input.TextArea rows={4} maxLength={2000} showCount />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="contactName" label="联系人">
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="contactPhone" label="联系电话" rules={rules.contactPhone}>
              <Input maxLength={20} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="area" label="所在地区" rules={rules.area} extra="显示在商城店铺列表和店铺信息中">
              <AreaCascader />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item name="address" label="地址">
              <Input maxLength={200} />
            </Form.Item>
          </Col>
        </Row>
        <h4>店铺楼层（展示在店铺首页）</h4>
        <Alert type="info" showIcon style={{ marginBottom: 12 }} message="每个楼层填写名称并选择本店商品，最多10个楼层，每层最多20个商品。" />
        <Form.List name="shopFloors">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <Space key={f.key} align="baseline" wrap style={{ display: 'flex' }}>
                  <Form.Item name={[f.name, 'title']} rules={floorTitleRules}>
                    <Input placeholder="楼层名称，如：热销药剂" maxLength={20} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'productIds']}>
                    <Select mode="multiple" style={{ width: 480, maxWidth: 'calc(100vw - 80px)' }} placeholder="选择本店商品" options={productOptions} optionFilterProp="label" maxCount={20} />
                  </Form.Item>
                  <MinusCircleOutlined onClick={() => remove(f.name)} />
                </Space>
              ))}
              {fields.length < 10 && (
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ title: '', productIds: [] })}>
                  添加楼层
                </Button>
              )}
            </>
          )}
        </Form.List>
        <div style={{ marginTop: 24 }}>
          <Button type="primary" htmlType="submit">
            保存
          </Button>
        </div>
      </Form>
    </Card>
  );
}
