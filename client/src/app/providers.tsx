import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { Session } from '../lib/session/session';
import { SessionProvider } from '../lib/session/session-context';
import { AppToaster } from '../ui/toast/toaster';

export function AppProviders({ queryClient, session, children }: { queryClient: QueryClient; session: Session; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider session={session}>
        {children}
        <AppToaster />
      </SessionProvider>
    </QueryClientProvider>
  );
}
