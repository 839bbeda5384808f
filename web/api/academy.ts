import { createContext, useContext, useSyncExternalStore } from 'react';
import { DEFAULT_ACADEMY } from '@common/rules';
import type { AcademySettings } from '@common/schemas/desk';
import { api } from './client';

/**
 * The academy's name, contact details and social links as every page shows them. The server writes them into each
 * page it sends (`<meta name="academy">`), so they are known at once, without a request; without it (the
 * development server) they are fetched once. The server draws the landing page with the current values too
 * (`DrawnAcademy`), and marks it so (`ACADEMY_DRAWN_META`): the browser takes it over with the values it was drawn
 * with, and nothing on it changes. A page the build drew (with the defaults) takes the current values as it hydrates.
 */
let current: AcademySettings | null = null;
let fetching = false;
const listeners = new Set<() => void>();

function fromPage(): AcademySettings | null {
  const content = document.querySelector('meta[name="academy"]')?.getAttribute('content');
  if (!content) return null;
  try {
    const parsed = JSON.parse(content) as AcademySettings;
    return typeof parsed?.email === 'string' && typeof parsed.social === 'object' ? parsed : null;
  } catch {
    return null;
  }
}

/** After an admin saves the settings: every page of this tab shows them at once. */
export function setAcademy(academy: AcademySettings) {
  current = academy;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!getSnapshot() && !fetching) {
    fetching = true;
    // The defaults stay when the server cannot be reached.
    api
      .get<AcademySettings>('/academy', 'Failed to load the academy details')
      .then(setAcademy, () => undefined)
      .finally(() => (fetching = false));
  }
  return () => void listeners.delete(listener);
}

function getSnapshot(): AcademySettings | null {
  current ??= fromPage();
  return current;
}

/** The values the server drew the page with (web/prerender.tsx); none: the defaults. */
export const DrawnAcademy = createContext<AcademySettings | null>(null);

/** In the head of a page the server drew with the values of its `<meta name="academy">`. */
export const ACADEMY_DRAWN_META = 'academy-drawn';

/** What the page in the browser was drawn with: hydration must draw the same. */
function drawnOnPage(): AcademySettings {
  if (typeof document === 'undefined' || !document.querySelector(`meta[name="${ACADEMY_DRAWN_META}"]`))
    return DEFAULT_ACADEMY;
  return getSnapshot() ?? DEFAULT_ACADEMY;
}

export function useAcademy(): AcademySettings {
  const drawn = useContext(DrawnAcademy);
  return useSyncExternalStore(subscribe, getSnapshot, () => drawn ?? drawnOnPage()) ?? DEFAULT_ACADEMY;
}
