import '@refinedev/antd/dist/reset.css';
// Devanagari for Hindi, shipped with the SPA (fonts.css declares its faces).
import './fonts.css';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { i18next, loadLanguage } from './i18n/i18n';
import { isPublicPath } from './public-paths';
import { LoadErrorBoundary } from './routes/LoadErrorBoundary';
import { PlainLoadFailed } from './routes/PlainLoadFailed';
import { retryableLazy } from './routes/retryable-lazy';

// A page restored from the back-forward cache would show the state of before a logout: load it afresh.
window.addEventListener('pageshow', (event) => {
  if (event.persisted) window.location.reload();
});

// The first page decides which app loads: the public pages and /login never download the back-office.
const Root = isPublicPath(window.location.pathname)
  ? retryableLazy(() => import('./PublicApp').then((m) => ({ default: m.PublicApp })))
  : retryableLazy(() => import('./App').then((m) => ({ default: m.App })));

// Should the app's own code not arrive (server restarting), a message with Retry instead of a blank page.
const render = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <LoadErrorBoundary fallback={PlainLoadFailed}>
        <Suspense fallback={null}>
          <Root />
        </Suspense>
      </LoadErrorBoundary>
    </StrictMode>,
  );
// A reader of Hindi gets its texts before the first paint (downloaded beside the app's code); English needs none. Should
// they not arrive, the screens show in English (i18next's fallback) rather than not at all.
void loadLanguage(i18next.language).then(render, render);
