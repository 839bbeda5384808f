import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, matchRoutes } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import '@fontsource-variable/inter';
import './styles/global.css';
import { AuthProvider } from './auth/AuthProvider';
import { preloadPages } from './lazyPage';
import { router } from './router';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } } });

// The first page's code is fetched now, beside the auth check, instead of after the render that asks for it.
for (const match of matchRoutes(router.routes, window.location) ?? []) preloadPages(match.route.element);

const root = createRoot(document.getElementById('root')!);
// A transition lets React render the first page in slices, between which the browser stays responsive.
startTransition(() => {
  root.render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
});
