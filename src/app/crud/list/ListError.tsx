import { ReloadOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useT } from '../../i18n/use-t';
import { Tx } from '../Tx';

type Props = {
  error: { message: string } | null | undefined;
  onRetry: () => unknown;
  retrying?: boolean;
  style?: CSSProperties;
};

/**
 * A list (or panel) whose request failed: the reason (a catalogue default such as 'Failed to fetch cities' in the user's
 * language; the server's words come in it already) and a Retry button, where an empty list's text would be.
 */
export function ListError({ error, onRetry, retrying, style }: Props) {
  const { t, tx } = useT();
  if (!error) return null;
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      message={tx(error.message)}
      style={{ marginBottom: 12, ...style }}
      action={
        <Button size="small" icon={<ReloadOutlined />} loading={retrying} onClick={() => void onRetry()}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}

/**
 * A list's empty text: nothing while it loads or when its request failed (the error above says what happened; 'No
 * products found' would say something false), else `text` (an English text of ours in the user's language).
 */
export const emptyTextOf = (state: { loading?: boolean; failed?: boolean }, text: ReactNode): ReactNode =>
  state.loading || state.failed ? ' ' : typeof text === 'string' ? <Tx text={text} /> : text;
