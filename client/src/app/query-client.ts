import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // Screens poll or refetch where the product needs it; focus changes on a phone are constant.
      queries: { refetchOnWindowFocus: false, retry: 1 },
    },
  });
}
