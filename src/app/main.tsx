import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

// Placeholder until the app shell lands: the API is served under /api.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <main style={{ fontFamily: 'system-ui', padding: 32 }}>
      <h1>Grocery Back-office</h1>
      <p>The API is running. See <a href="/api/docs">/api/docs</a>.</p>
    </main>
  </StrictMode>,
);
