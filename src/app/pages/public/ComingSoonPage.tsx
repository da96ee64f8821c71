import { RocketOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { PublicLayout } from './PublicLayout';

/** `/coming-soon`: the launch notice the landing page's app link leads to. */
export default function ComingSoonPage() {
  const navigate = useNavigate();
  return (
    <PublicLayout>
      <Result
        icon={<RocketOutlined style={{ color: '#389e0d' }} />}
        title="Our app is coming soon"
        subTitle="We are putting the finishing touches on our mobile app. It will be on the app stores shortly."
        extra={<Button onClick={() => navigate('/')}>Back to home</Button>}
      />
    </PublicLayout>
  );
}
