import { ReloadOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useT } from '../i18n/use-t';
import type { LoadFailedProps } from './LoadErrorBoundary';

/** A back-office screen that failed, in the page's place: the sidebar and header stay usable. */
export function ScreenLoadFailed({ retry, retrying, chunk }: LoadFailedProps) {
  const { t } = useT();
  return (
    <div role="alert">
      <Result
        status="warning"
        title={chunk ? t('crud.loadFailed.screenNotLoaded') : t('crud.loadFailed.screenBroke')}
        subTitle={chunk ? t('crud.loadFailed.screenServerAway') : t('crud.loadFailed.tryAgain')}
        extra={
          <Button type="primary" icon={<ReloadOutlined />} loading={retrying} onClick={retry}>
            {t('common.retry')}
          </Button>
        }
      />
    </div>
  );
}
