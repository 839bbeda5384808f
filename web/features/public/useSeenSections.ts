import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';

const neverChanges = () => () => {};
const canObserve = () => typeof IntersectionObserver !== 'undefined';

/**
 * Which of the given sections (by element id) have become visible at least once, as the landing page tracks
 * its hero, mission and quote sections. Sections fade in once seen. None at first, in the browser as in the
 * prerendered page (which shows every section, unanimated); without IntersectionObserver (old browsers, tests)
 * every section counts as seen.
 */
export function useSeenSections(ids: readonly string[]): ReadonlySet<string> {
  const observing = useSyncExternalStore(neverChanges, canObserve, () => true);
  const [seen, setSeen] = useState<ReadonlySet<string>>(() => new Set());
  const key = ids.join(',');
  const all = useMemo(() => new Set(key.split(',')), [key]);
  useEffect(() => {
    if (!observing) return;
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
  }, [key, observing]);
  return observing ? seen : all;
}
