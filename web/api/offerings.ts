import { useQuery } from '@tanstack/react-query';
import type { PublicOfferingCard, PublicOfferingDetail } from '@common/schemas/offerings';
import { api } from './client';

/**
 * The public catalogue as every page reads it: the landing page's cards, /courses-landing, an offering's page and
 * the top bar's search. The landing page arrives drawn with the catalogue and carries it in a meta tag
 * (`CATALOGUE_META`), which seeds the query before the browser takes the page over, so both draw the same cards.
 */
export const OFFERINGS_KEY = ['offerings'] as const;
export const publicCatalogueKey = [...OFFERINGS_KEY, 'public'] as const;

/** The meta tag of the landing page that holds the published catalogue it was drawn with. */
export const CATALOGUE_META = 'academy-catalogue';

export const LOAD_CATALOGUE_FAILED = 'Failed to load courses';

export function usePublicCatalogue() {
  return useQuery({
    queryKey: publicCatalogueKey,
    queryFn: () => api.get<PublicOfferingCard[]>('/offerings', LOAD_CATALOGUE_FAILED),
  });
}

export function useOffering(slug: string) {
  return useQuery({
    queryKey: [...OFFERINGS_KEY, 'public', 'one', slug],
    queryFn: () => api.get<PublicOfferingDetail>(`/offerings/${encodeURIComponent(slug)}`, 'Failed to load course'),
    retry: false,
  });
}

/** The top bar's search: by name or program, as the visitor types (the query is debounced by the caller). */
export function useOfferingSearch(query: string, enabled: boolean) {
  const q = query.trim();
  return useQuery({
    queryKey: [...OFFERINGS_KEY, 'public', 'search', q],
    queryFn: () => api.get<PublicOfferingCard[]>(`/offerings?q=${encodeURIComponent(q)}`, LOAD_CATALOGUE_FAILED),
    enabled: enabled && q.length > 0,
    placeholderData: (previous) => previous,
  });
}

/** The catalogue the landing page was drawn with, from its meta tag; null on any other page. */
export function drawnCatalogue(doc: Document): PublicOfferingCard[] | null {
  const content = doc.querySelector<HTMLMetaElement>(`meta[name="${CATALOGUE_META}"]`)?.content;
  if (!content) return null;
  try {
    return JSON.parse(content) as PublicOfferingCard[];
  } catch {
    return null;
  }
}
