import type { LoadFailedProps } from './LoadErrorBoundary';

const box = { maxWidth: 480, margin: '96px auto', padding: 24, textAlign: 'center', fontFamily: 'system-ui, sans-serif', color: '#1f1f1f' } as const;

/** The same message without antd, for the first load and the public pages (which must not bring antd to /login). */
export function PlainLoadFailed({ retry, retrying, chunk }: LoadFailedProps) {
  return (
    <div role="alert" style={box}>
      <h1 style={{ fontSize: 20 }}>{chunk ? 'This page could not be loaded' : 'Something went wrong on this page'}</h1>
      <p>
        {chunk
          ? 'The server cannot be reached right now. The page appears by itself as soon as it answers.'
          : 'Try again; if it keeps happening, reload the page.'}
      </p>
      <button type="button" onClick={retry} disabled={retrying} style={{ padding: '6px 16px', fontSize: 14, cursor: 'pointer' }}>
        {retrying ? 'Retrying...' : 'Retry'}
      </button>
    </div>
  );
}
