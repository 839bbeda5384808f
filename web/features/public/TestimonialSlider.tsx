import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Star } from 'lucide-react';
import type { Testimonial } from '../../content/testimonials';
import styles from './TestimonialSlider.module.css';

/** The spec's slider: 1 px every 20 ms, the first 2 cards cloned at the end so the loop is seamless. */
export const SCROLL_STEP_PX = 1;
export const SCROLL_INTERVAL_MS = 20;
export const CLONED_CARDS = 2;

const reducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

interface SliderProps {
  items: Testimonial[];
  /** Told which testimonial is the most visible, as the landing page tracks it. */
  onMostVisible?: (id: number) => void;
}

/**
 * Testimonials that scroll by themselves and pause while the pointer hovers (or the keyboard is inside).
 * Under prefers-reduced-motion they stay still. The region is focusable; the arrow keys move a card at a time.
 */
export function TestimonialSlider({ items, onMostVisible }: SliderProps) {
  const viewport = useRef<HTMLDivElement>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [active, setActive] = useState<number | null>(null);
  const paused = hovered || focused;
  const cards = [...items, ...items.slice(0, CLONED_CARDS)];

  useEffect(() => {
    const el = viewport.current;
    if (!el || paused || reducedMotion()) return;
    const timer = setInterval(() => {
      // The loop point is where the first clone starts: jumping back by that width shows the same picture.
      const firstClone = el.querySelector<HTMLElement>('[data-clone]');
      const loopWidth = firstClone ? firstClone.offsetLeft - (el.firstElementChild as HTMLElement).offsetLeft : 0;
      let next = el.scrollLeft + SCROLL_STEP_PX;
      if (loopWidth > 0 && next >= loopWidth) next -= loopWidth;
      el.scrollLeft = next;
    }, SCROLL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [paused]);

  // The most visible original card (clones count as their original).
  useEffect(() => {
    const el = viewport.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const ratios = new Map<Element, number>();
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) ratios.set(entry.target, entry.intersectionRatio);
        let best: Element | null = null;
        for (const [target, ratio] of ratios) if (!best || ratio > (ratios.get(best) ?? 0)) best = target;
        const id = best ? Number((best as HTMLElement).dataset.id) : NaN;
        if (!Number.isNaN(id)) setActive(id);
      },
      { root: el, threshold: [0, 0.25, 0.5, 0.75, 1] },
    );
    for (const card of el.querySelectorAll('[data-id]')) observer.observe(card);
    return () => observer.disconnect();
  }, [items]);

  useEffect(() => {
    if (active !== null) onMostVisible?.(active);
  }, [active, onMostVisible]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const el = viewport.current;
    if (!el || (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft')) return;
    event.preventDefault();
    const card = el.querySelector<HTMLElement>('[data-id]');
    const step = (card?.offsetWidth ?? 320) + 24;
    el.scrollLeft += event.key === 'ArrowRight' ? step : -step;
  };

  return (
    <div
      ref={viewport}
      className={styles.viewport}
      role="region"
      aria-roledescription="carousel"
      aria-label="Testimonials from families (use the arrow keys to move)"
      tabIndex={0}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
      onKeyDown={onKeyDown}
      data-paused={paused}
    >
      {cards.map((t, index) => {
        const clone = index >= items.length;
        return (
          <figure
            key={`${t.id}-${index}`}
            className={`${styles.card} ${active === t.id ? styles.active : ''}`}
            data-id={t.id}
            data-clone={clone ? '' : undefined}
            aria-hidden={clone ? true : undefined}
          >
            <div className={styles.stars} aria-label="5 out of 5 stars" role="img">
              {[0, 1, 2, 3, 4].map((i) => (
                <Star key={i} size={16} fill="currentColor" aria-hidden="true" />
              ))}
            </div>
            <blockquote>&ldquo;{t.text}&rdquo;</blockquote>
            <dl className={styles.grades}>
              <div>
                <dt>Concern</dt>
                <dd>{t.program}</dd>
              </div>
              <div>
                <dt>Before</dt>
                <dd className={styles.before}>{t.beforeGrade}</dd>
              </div>
              <div>
                <dt>After</dt>
                <dd className={styles.after}>{t.afterGrade}</dd>
              </div>
            </dl>
            <figcaption>
              <img src={t.image} alt="" width={48} height={48} />
              <span>
                <strong>{t.name}</strong>
                <span>{t.role}</span>
              </span>
            </figcaption>
          </figure>
        );
      })}
    </div>
  );
}
