import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ToastProvider } from '@/components/ui/toast/toast-provider';
import { createQueryClient } from './query-client';

export function AppProvider({
  children,
  queryClient: given,
}: {
  children: ReactNode;
  /** The app's client, when start-up has already filled it (main.tsx); else a new one. */
  queryClient?: QueryClient;
}) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>{children}</ToastProvider>
    </QueryClientProvider>
  );
}
