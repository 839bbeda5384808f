import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Pause, Play, Star } from 'lucide-react';
import type { Testimonial } from '../../content/testimonials';
import { useReducedMotion } from '../../ui/motion';
import styles from './TestimonialSlider.module.css';

/** The slider's pace: 1 px every 20 ms, the first 2 cards cloned at the end so the loop is seamless. */
export const SCROLL_STEP_PX = 1;
export const SCROLL_INTERVAL_MS = 20;
export const CLONED_CARDS = 2;
const PX_PER_MS = SCROLL_STEP_PX / SCROLL_INTERVAL_MS;
/** A frame after a long gap (a background tab) moves as one frame would, not by the whole gap. */
const MAX_FRAME_MS = 100;

interface SliderProps {
  items: Testimonial[];
  /** Told which testimonial is the most visible, as the landing page tracks it. */
  onMostVisible?: (id: number) => void;
}

/**
 * Testimonials that move by themselves (a fixed speed, drawn with a transform on each animation frame, so no
 * frame reads the layout) and stop while the pointer is over the cards or the keyboard is on them, or for good
 * with the visible Pause button (WCAG 2.2.2). Whenever they stop they settle on a card's edge, so the card being
 * read is never cut off. Under prefers-reduced-motion they stay still. The arrow keys move a card at a time.
 */
export function TestimonialSlider({ items, onMostVisible }: SliderProps) {
  const viewport = useRef<HTMLDivElement>(null);
  const track = useRef<HTMLDivElement>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const still = useReducedMotion();
  const [active, setActive] = useState<number | null>(null);
  const paused = stopped || hovered || focused || still;
  const cards = [...items, ...items.slice(0, CLONED_CARDS)];
  /** How far the track has moved left, and where each card starts on it (the first clone's start is the loop). */
  const offset = useRef(0);
  const starts = useRef<number[]>([]);

  const place = useCallback(
    (settle: boolean) => {
      const el = track.current;
      if (!el) return;
      el.dataset.settling = String(settle && !still);
      el.style.transform = `translate3d(${-offset.current}px, 0, 0)`;
    },
    [still],
  );

  // Card positions are read once per size change, never per frame.
  useEffect(() => {
    const el = track.current;
    if (!el) return;
    const measure = () => {
      const first = (el.firstElementChild as HTMLElement | null)?.offsetLeft ?? 0;
      starts.current = [...el.children].map((card) => (card as HTMLElement).offsetLeft - first);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [items]);

  const loopWidth = () => starts.current[items.length] ?? 0;
  /** The original card whose edge is nearest to where the track stands. */
  const nearestCard = () => {
    let best = 0;
    for (let i = 0; i <= items.length; i++)
      if (Math.abs((starts.current[i] ?? 0) - offset.current) < Math.abs((starts.current[best] ?? 0) - offset.current))
        best = i;
    return best % Math.max(1, items.length);
  };

  useEffect(() => {
    if (paused) {
      // Settle on the nearest card's edge (the first clone's edge is the first card's: same picture).
      offset.current = starts.current[nearestCard()] ?? 0;
      place(true);
      return;
    }
    place(false);
    let last: number | null = null;
    let frame = requestAnimationFrame(function step(now) {
      if (last !== null) {
        offset.current += Math.min(now - last, MAX_FRAME_MS) * PX_PER_MS;
        const loop = loopWidth();
        if (loop > 0 && offset.current >= loop) offset.current -= loop;
        place(false);
      }
      last = now;
      frame = requestAnimationFrame(step);
    });
    return () => cancelAnimationFrame(frame);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- nearestCard and loopWidth read refs only
  }, [paused, place]);

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
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    event.preventDefault();
    const count = items.length;
    const next = (nearestCard() + (event.key === 'ArrowRight' ? 1 : count - 1)) % count;
    offset.current = starts.current[next] ?? 0;
    place(true);
  };

  return (
    <div className={styles.slider}>
      {still ? null : (
        <button type="button" className={styles.pause} onClick={() => setStopped((s) => !s)}>
          {stopped ? <Play size={16} aria-hidden="true" /> : <Pause size={16} aria-hidden="true" />}
          {stopped ? 'Play testimonials' : 'Pause testimonials'}
        </button>
      )}
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
        <div ref={track} className={styles.track}>
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
      </div>
    </div>
  );
}
