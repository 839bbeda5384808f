import { useSyncExternalStore } from 'react';
import { DEFAULT_ACADEMY } from '@common/rules';
import type { AcademySettings } from '@common/schemas/desk';
import { api } from './client';

/**
 * The academy's name, contact details and social links as every page shows them. The server writes them into each
 * page it sends (`<meta name="academy">`), so they are known at once, without a request; without it (the
 * development server) they are fetched once. The prerendered landing page is drawn with the defaults and takes the
 * current values as it hydrates, like any state only the browser knows.
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

const defaults = (): AcademySettings => DEFAULT_ACADEMY;

export function useAcademy(): AcademySettings {
  return useSyncExternalStore(subscribe, getSnapshot, defaults) ?? DEFAULT_ACADEMY;
}
