import './lib/zod-config';
import './lib/intl-warmup';
import '@fontsource-variable/inter';
import './styles/fonts.css';
import './styles/globals.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { prefetchRoutes } from './app/prefetch';
import { AppProvider } from './app/provider';
import { router, routes } from './app/router';
import { registerServiceWorker } from './app/service-worker';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

prefetchRoutes(router, routes);

// The first render is a transition: React renders it in slices of a few milliseconds and lets the
// browser paint and answer input between them, instead of one long task on a slow phone.
const app = createRoot(root);
startTransition(() => {
  app.render(
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
});

registerServiceWorker();
