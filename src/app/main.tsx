import '@refinedev/antd/dist/reset.css';
import { StrictMode, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { isPublicPath } from './public-paths';

// A page restored from the back-forward cache would show the state of before a logout: load it afresh.
window.addEventListener('pageshow', (event) => {
  if (event.persisted) window.location.reload();
});

// The first page decides which app loads: the public pages and /login never download the back-office.
const app: Promise<ComponentType> = isPublicPath(window.location.pathname)
  ? import('./PublicApp').then((m) => m.PublicApp)
  : import('./App').then((m) => m.App);

void app.then((Root) =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Root />
    </StrictMode>,
  ),
);
