import { useEffect, useState } from 'react';

/** The scroll threshold: past it the top bar takes its compact, scrolled style. */
export const SCROLLED_THRESHOLD_PX = 50;

/**
 * Whether the page is scrolled past the threshold. It also publishes the bar's current height as
 * --topbar-current on the root, so sticky sidebars and full-height panels sit right below the bar.
 */
export function useScrolled(): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > SCROLLED_THRESHOLD_PX);
    // Read at the next frame, which lays the page out anyway: read now, right after the first render, it would
    // force a layout of its own.
    const frame = requestAnimationFrame(update);
    window.addEventListener('scroll', update, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', update);
    };
  }, []);
  useEffect(() => {
    const root = document.documentElement.style;
    // Unset at the top, where every use falls back to --topbar-height: the first render restyles no page.
    if (scrolled) root.setProperty('--topbar-current', 'var(--topbar-height-scrolled)');
    else root.removeProperty('--topbar-current');
  }, [scrolled]);
  return scrolled;
}
