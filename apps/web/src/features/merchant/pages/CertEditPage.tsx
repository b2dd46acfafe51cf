import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, Card, Col, Form, Image, Input, Row, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { CertStatus } from '@aquamall/shared';
import { certificationInput } from '@aquamall/shared/contracts/merchant';
import { formRules, zodRule } from '../../../lib/form-rules.ts';
import { ImageUpload } from '../../../components/ImageUpload.tsx';
import { certificationQuery, useSubmitCertification } from '../api/merchant.ts';
import { CreditCodeItem, IdNumberItem } from '../components/IdFields.tsx';
import { fileUrl } from '../../../lib/image.ts';

const rules = formRules(certificationInput);
/** The upload keeps a list; the schema takes its one path. */
const licenseRules = [zodRule(certificationInput.shape.licenseImage.unwrap().min(1, '请上传营业执照'), (files: string[] | undefined) => files?.[0] ?? '')];

interface Values {
  companyName: string;
  creditCode: string;
  legalPerson: string;
  license: string[];
  handlerName: string;
  handlerIdNo: string;
  handlerPhone: string;
}

/**
 * authentication/edit: the certification form; the partner verifies the identity on submit. The business
 * licence uploaded at merchant entry is reused (the server takes it when none is sent), unless the company
 * chooses to upload another.
 */
export default function CertEditPage() {
  const navigate = useNavigate();
  const { data } = useQuery(certificationQuery);
  const submit = useSubmitCertification();
  const [form] = Form.useForm<Values>();
  const [replaceLicence, setReplaceLicence] = useState(false);
  if (!data) return <Spin style={{ display: 'block', margin: 80 }} />;
  if (data.status === CertStatus.REVIEWING || data.status === CertStatus.CERTIFIED) {
    return (
      <Card title="企业认证">
        <Alert type="info" showIcon message={data.status === CertStatus.REVIEWING ? '认证正在审核中，暂不能修改' : '企业已认证'} action={<Button onClick={() => navigate('/customer/authentication/detail')}>查看认证</Button>} />
      </Card>
    );
  }
  const reuse = !!data.entryLicense && !data.licenseImage && !replaceLicence;
  const onFinish = async (v: Values) => {
    const { license, ...rest } = v;
    await submit.mutateAsync({
      ...rest,
      creditCode: v.creditCode.trim().toUpperCase(),
      handlerIdNo: v.handlerIdNo.trim().toUpperCase(),
      licenseImage: reuse ? '' : (license?.[0] ?? ''),
    });
    navigate('/customer/authentication/detail');
  };
  return (
    <Card title="企业认证">
      {data.rejectReason && <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={data.rejectReason} />}
      <Alert type="info" showIcon style={{ marginBottom: 24 }} message="提交后将通过合作机构进行企业实名核验，核验通过后由平台审核；认证通过后在线签署平台服务协议。" />
      <Form
        form={form}
        layout="vertical"
        onFinish={onFinish}
        initialValues={{
          companyName: data.companyName,
          creditCode: data.creditCode,
          legalPerson: data.legalPerson,
          license: data.licenseImage ? [data.licenseImage] : [],
          handlerName: data.handlerName,
          handlerPhone: data.handlerPhone,
        }}
      >
        <Row gutter={24}>
          <Col xs={24} md={12}>
            <Form.Item name="companyName" label="企业名称" rules={rules.companyName}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <CreditCodeItem />
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="legalPerson" label="法定代表人" rules={rules.legalPerson}>
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            {reuse ? (
              <Form.Item label="营业执照" extra="使用入驻申请时上传的营业执照，无需重复上传" data-testid="entry-licence">
                <Image src={fileUrl(data.entryLicense!)} width={104} height={104} style={{ objectFit: 'cover', borderRadius: 6 }} alt="营业执照" />
                <Button type="link" onClick={() => setReplaceLicence(true)}>
                  更换执照
                </Button>
              </Form.Item>
            ) : (
              <Form.Item name="license" label="营业执照" rules={licenseRules}>
                <ImageUpload />
              </Form.Item>
            )}
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="handlerName" label="经办人姓名" rules={rules.handlerName}>
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <IdNumberItem placeholder={data.handlerIdNo ?? ''} />
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="handlerPhone" label="经办人手机号" rules={rules.handlerPhone}>
              <Input maxLength={11} />
            </Form.Item>
          </Col>
        </Row>
        <Button type="primary" htmlType="submit">
          提交认证
        </Button>
      </Form>
    </Card>
  );
}
