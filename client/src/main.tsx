import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { appRoutes } from './app/routes';
import { applyLaunchParams } from './lib/launch/apply-launch-params';
import { readLaunchParams } from './lib/launch/launch-params';
import { captureInstallPrompt } from './lib/pwa/install-prompt';
import { registerServiceWorker } from './lib/pwa/register-service-worker';
import { createSession } from './lib/session/session';
import './ui/tokens.css';
import './ui/base.css';

// Arrival parameters first: a ?jwt= must be stored (and wiped from the address bar) before the
// router's guards ask who is signed in.
const { params, cleanedUrl } = readLaunchParams(window.location.href);
if (cleanedUrl) window.history.replaceState(window.history.state, '', cleanedUrl);

// The browser offers installing once, early; keep the offer for the install banner.
captureInstallPrompt();

const queryClient = createQueryClient();
const session = createSession(queryClient);
applyLaunchParams(params, session);

const router = createBrowserRouter(appRoutes({ session, queryClient }));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders queryClient={queryClient} session={session}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);

registerServiceWorker();
