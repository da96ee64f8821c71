import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { HOME_ROUTE } from '../../config';

/** A signed-in user whose role may not open the page asked for. */
export function ForbiddenPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="403"
      title="403"
      subTitle="Sorry, your role is not allowed to open this page."
      extra={
        <Button type="primary" onClick={() => navigate(HOME_ROUTE)}>
          Back to dashboard
        </Button>
      }
    />
  );
}
