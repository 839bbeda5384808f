import { prerenderToNodeStream } from 'react-dom/static';
import { createMemoryRouter } from 'react-router';
import type { AcademySettings } from '@common/schemas/desk';
import type { PublicOfferingCard } from '@common/schemas/offerings';
import { ACADEMY_DRAWN_META, DrawnAcademy } from './api/academy';
import { AppRoot, newQueryClient } from './AppRoot';
import { CATALOGUE_META, publicCatalogueKey } from './api/offerings';
import { routes } from './router';

/**
 * The markup of a page as a visitor who is not yet known sees it first (the auth check still running), made by
 * the build (vite.config.ts) for the first-visit pages, and by the server for the landing page each time the
 * catalogue changes (server/plugins/landing.ts): the browser paints it before any script has run, and main.tsx
 * hydrates it. Lazy pages are waited for, so the page itself is in it, not its loading state; a part that fails
 * to draw fails the build (or keeps the page drawn before).
 */
export async function prerenderPage(
  address: string,
  catalogue: PublicOfferingCard[] = [],
  academy: AcademySettings | null = null,
): Promise<string> {
  const router = createMemoryRouter(routes, { initialEntries: [address] });
  const queryClient = newQueryClient();
  queryClient.setQueryData(publicCatalogueKey, catalogue);
  // React draws a part that failed as its loading state, for the browser to try again: a build must not ship that.
  const failures: unknown[] = [];
  const page = (
    <DrawnAcademy.Provider value={academy}>
      <AppRoot router={router} queryClient={queryClient} />
    </DrawnAcademy.Provider>
  );
  const { prelude } = await prerenderToNodeStream(page, {
    onError: (error) => void failures.push(error),
    // Whole: React would otherwise send a large part as its loading state and the part after it, with an inline
    // script to swap them, which the CSP (rightly) blocks.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  if (failures.length > 0) throw new Error(`prerendering ${address} failed`, { cause: failures[0] });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  const markup = Buffer.concat(chunks).toString('utf8');
  if (/<script|<template/.test(markup)) throw new Error(`prerendering ${address} left a part for a script to finish`);
  return markup;
}

const attribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The landing page drawn with the published catalogue and the academy's details: the markup of #root, and the tags
 * for the head that carry the catalogue to the browser (a meta tag, not a script: the page runs no inline script)
 * and say the details were drawn (the server adds them to every page's head), so the browser's first render draws
 * the same cards and footer and takes the page over without drawing it again.
 */
export async function prerenderLanding(
  catalogue: PublicOfferingCard[],
  academy: AcademySettings | null = null,
): Promise<{ root: string; head: string }> {
  const root = await prerenderPage('/', catalogue, academy);
  const head = `<meta name="${CATALOGUE_META}" content="${attribute(JSON.stringify(catalogue))}">`;
  return { root, head: academy ? `${head}<meta name="${ACADEMY_DRAWN_META}" content="yes">` : head };
}
