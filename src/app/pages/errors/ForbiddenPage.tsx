import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useT } from '../../i18n/use-t';
import { HOME_ROUTE } from '../../config';

/** A signed-in user whose role may not open the page asked for. */
export function ForbiddenPage() {
  const navigate = useNavigate();
  const { t } = useT();
  return (
    <Result
      status="403"
      title="403"
      subTitle={t('errorPages.forbidden')}
      extra={
        <Button type="primary" onClick={() => navigate(HOME_ROUTE)}>
          {t('errorPages.toDashboard')}
        </Button>
      }
    />
  );
}
