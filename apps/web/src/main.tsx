import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { loadTagManager } from './features/analytics/lib/tag-manager';
import { captureTracking } from './lib/tracking';
import '@payrail/ui/styles/tokens.css';
import '@payrail/ui/styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

// Before the router can rewrite the URL: the entry URL's tracking parameters and referrer.
captureTracking();
loadTagManager();

const router = createAppRouter();

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
