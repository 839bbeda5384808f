import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes } from 'react-router';
import '@fontsource-variable/inter';
import './styles/global.css';
import { AppRoot, newQueryClient } from './AppRoot';
import { drawnCatalogue, publicCatalogueKey } from './api/offerings';
import { preloadPages } from './lazyPage';
import { routes } from './router';

const router = createBrowserRouter(routes);
// The first page's code is fetched now, beside the auth check, instead of after the render that asks for it.
for (const match of matchRoutes(routes, window.location) ?? []) preloadPages(match.route.element);

const container = document.getElementById('root')!;
const queryClient = newQueryClient();
// The landing page comes drawn with the catalogue it carries: the first render must draw the same cards.
const catalogue = drawnCatalogue(document);
if (catalogue) queryClient.setQueryData(publicCatalogueKey, catalogue);
const app = <AppRoot router={router} queryClient={queryClient} />;
if (container.firstElementChild) {
  // A page the build prerendered (vite.config.ts): React takes over the markup already shown, and keeps showing
  // it while the page's own script loads.
  hydrateRoot(container, app);
} else {
  // A transition lets React render the first page in slices, between which the browser stays responsive.
  startTransition(() => createRoot(container).render(app));
}
