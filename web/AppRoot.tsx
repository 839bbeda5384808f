import { StrictMode } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { AuthProvider } from './auth/AuthProvider';
import { readRetryDelay, retryRead } from './api/client';

type Router = ReturnType<typeof createBrowserRouter>;

export const newQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: retryRead, retryDelay: readRetryDelay, refetchOnWindowFocus: false, staleTime: 30_000 },
    },
  });

/**
 * The whole app around a router: the browser's (main.tsx) or, when the build prerenders a first-visit page, one
 * held at that address (prerender.tsx). Both draw the same tree, so the browser can take over the prerendered page.
 */
export function AppRoot({ router, queryClient }: { router: Router; queryClient: QueryClient }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
