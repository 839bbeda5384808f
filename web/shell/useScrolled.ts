import { useEffect, useState } from 'react';

/** The spec's scroll threshold: past it the top bar takes its compact, scrolled style. */
export const SCROLLED_THRESHOLD_PX = 50;

/**
 * Whether the page is scrolled past the threshold. It also publishes the bar's current height as
 * --topbar-current on the root, so sticky sidebars and full-height panels sit right below the bar.
 */
export function useScrolled(): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > SCROLLED_THRESHOLD_PX);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, []);
  useEffect(() => {
    document.documentElement.style.setProperty('--topbar-current', scrolled ? 'var(--topbar-height-scrolled)' : 'var(--topbar-height)');
  }, [scrolled]);
  return scrolled;
}
