import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Toaster } from '@/components/ui/toast';
import { followNoSessionMark } from '@/lib/auth/get-user';
import { queryClient as defaultClient } from '@/lib/query-client';
import type { QueryClient } from '@tanstack/react-query';

/** Everything the pages share: the query cache and the notification area. */
export function AppProvider({
  children,
  client = defaultClient,
}: {
  children: ReactNode;
  client?: QueryClient;
}) {
  useEffect(() => followNoSessionMark(client), [client]);
  return (
    <QueryClientProvider client={client}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
