import { useEffect, useState } from 'react';

/**
 * Which of the given sections (by element id) have become visible at least once, as the landing page tracks
 * its hero, mission and quote sections. Sections fade in once seen.
 */
export function useSeenSections(ids: readonly string[]): ReadonlySet<string> {
  // Without IntersectionObserver (old browsers, tests) every section counts as seen.
  const [seen, setSeen] = useState<ReadonlySet<string>>(() => new Set(typeof IntersectionObserver === 'undefined' ? ids : []));
  const key = ids.join(',');
  useEffect(() => {
    if (typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const newly = entries.filter((e) => e.isIntersecting).map((e) => e.target.id);
        if (newly.length === 0) return;
        for (const entry of entries) if (entry.isIntersecting) observer.unobserve(entry.target);
        setSeen((old) => new Set([...old, ...newly]));
      },
      { threshold: 0.15 },
    );
    for (const id of key.split(',')) {
      const el = document.getElementById(id);
      if (el) observer.observe(el);
    }
    return () => observer.disconnect();
  }, [key]);
  return seen;
}
