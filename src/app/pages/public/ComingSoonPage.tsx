import { RocketOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useT } from '../../i18n/use-t';
import { PublicLayout } from './PublicLayout';

/** `/coming-soon`: the launch notice the landing page's app link leads to. */
export default function ComingSoonPage() {
  const navigate = useNavigate();
  const { t } = useT();
  return (
    <PublicLayout>
      <Result
        icon={<RocketOutlined style={{ color: '#389e0d' }} />}
        title={t('public.comingSoon.title')}
        subTitle={t('public.comingSoon.text')}
        extra={<Button onClick={() => navigate('/')}>{t('errorPages.toHome')}</Button>}
      />
    </PublicLayout>
  );
}
