import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useT } from '../../i18n/use-t';

export default function NotFoundPage() {
  const navigate = useNavigate();
  const { t } = useT();
  return (
    <Result
      status="404"
      title="404"
      subTitle={t('errorPages.notFound')}
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          {t('errorPages.toHome')}
        </Button>
      }
    />
  );
}
