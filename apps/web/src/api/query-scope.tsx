import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';

const newQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        // The client already toasts a failure; retrying would toast it again.
        retry: false,
        staleTime: 30_000,
      },
    },
  });

/**
 * The TanStack Query cache of the screens inside, made with them: the signed-in screens get one per
 * sign-in (no data of a previous account), and the screens before login (a forgotten password, the
 * login's own calls) one of their own, loaded with them rather than with the login route.
 */
export const QueryScope = ({ children }: { children: ReactNode }) => {
  const [client] = useState(newQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
};
