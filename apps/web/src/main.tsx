import './lib/zod-config';
import './lib/intl-warmup';
import '@fontsource-variable/inter';
import './styles/fonts.css';
import './styles/globals.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { prefetchRoutes } from './app/prefetch';
import { AppProvider } from './app/provider';
import { router, routes } from './app/router';
import { registerServiceWorker } from './app/service-worker';

const root = document.getElementById('root');
if (!root) throw new Error('The #root element is missing from index.html');

prefetchRoutes(router, routes);

createRoot(root).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);

registerServiceWorker();
