import { render } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../app/providers';
import { appRoutes } from '../app/routes';
import { createSession } from '../lib/session/session';

/** The whole app (routes, guards, providers) in memory at `path`; the jwt comes from localStorage as in the browser. */
export function renderApp(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });
  const session = createSession(queryClient);
  const router = createMemoryRouter(appRoutes({ session, queryClient }), { initialEntries: [path] });
  const view = render(
    <AppProviders queryClient={queryClient} session={session}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, session, queryClient };
}
