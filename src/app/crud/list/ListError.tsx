import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

type Props = {
  error: { message: string } | null | undefined;
  onRetry: () => unknown;
  retrying?: boolean;
  style?: CSSProperties;
};

/** A list (or panel) whose request failed: the reason and a Retry button, where an empty list's text would be. */
export function ListError({ error, onRetry, retrying, style }: Props) {
  if (!error) return null;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      message={error.message}
      style={{ marginBottom: 12, ...style }}
      action={
        <Button size="small" icon={<ReloadOutlined />} loading={retrying} onClick={() => void onRetry()}>
          Retry
        </Button>
      }
    />
  );
}

/**
 * A list's empty text: nothing while it loads or when its request failed (the error above says what happened; 'No
 * products found' would say something false), else `text`.
 */
export const emptyTextOf = (state: { loading?: boolean; failed?: boolean }, text: ReactNode): ReactNode => (state.loading || state.failed ? ' ' : text);
