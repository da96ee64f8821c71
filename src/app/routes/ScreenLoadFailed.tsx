import { ReloadOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import type { LoadFailedProps } from './LoadErrorBoundary';

export const SCREEN_LOAD_FAILED = 'This screen could not be loaded';

/** A back-office screen that failed, in the page's place: the sidebar and header stay usable. */
export function ScreenLoadFailed({ retry, retrying, chunk }: LoadFailedProps) {
  return (
    <div role="alert">
      <Result
        status="warning"
        title={chunk ? SCREEN_LOAD_FAILED : 'Something went wrong on this screen'}
        subTitle={
          chunk
            ? 'The server cannot be reached right now (it may be restarting). The screen appears by itself as soon as it answers.'
            : 'Try again; if it keeps happening, reload the page.'
        }
        extra={
          <Button type="primary" icon={<ReloadOutlined />} loading={retrying} onClick={retry}>
            Retry
          </Button>
        }
      />
    </div>
  );
}
