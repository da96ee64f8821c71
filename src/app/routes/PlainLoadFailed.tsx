import { useT } from '../i18n/use-t';
import type { LoadFailedProps } from './LoadErrorBoundary';

const box = { maxWidth: 480, margin: '96px auto', padding: 24, textAlign: 'center', fontFamily: 'system-ui, sans-serif', color: '#1f1f1f' } as const;

/** The same message without antd, for the first load and the public pages (which must not bring antd to /login). */
export function PlainLoadFailed({ retry, retrying, chunk }: LoadFailedProps) {
  const { t } = useT();
  return (
    <div role="alert" style={box}>
      <h1 style={{ fontSize: 20 }}>{chunk ? t('crud.loadFailed.pageNotLoaded') : t('crud.loadFailed.pageBroke')}</h1>
      <p>{chunk ? t('crud.loadFailed.pageServerAway') : t('crud.loadFailed.tryAgain')}</p>
      <button type="button" onClick={retry} disabled={retrying} style={{ padding: '6px 16px', fontSize: 14, cursor: 'pointer' }}>
        {retrying ? t('crud.loadFailed.retrying') : t('common.retry')}
      </button>
    </div>
  );
}
