import { Link } from 'react-router';
import { Button, Card, Result } from 'antd';
import { ClockCircleOutlined } from '@ant-design/icons';

/** A workbench page whose feature arrives with a later release: a calm panel inside the layout. */
export function LaterRelease({ title }: { title: string }) {
  return (
    <Card title={title} variant="borderless" data-testid="later-release">
      <Result
        icon={<ClockCircleOutlined style={{ color: '#0b6bcb' }} />}
        title={`${title}功能即将上线`}
        subTitle="该功能将在后续版本中开放，敬请期待。"
        extra={
          <Link to="/customer/home">
            <Button>返回工作台首页</Button>
          </Link>
        }
      />
    </Card>
  );
}
