// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { testimonials } from '../../content/testimonials';
import { CLONED_CARDS, SCROLL_INTERVAL_MS, TestimonialSlider } from './TestimonialSlider';

const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const region = () => screen.getByRole('region', { name: /Testimonials/ });

function setReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: reduce && query.includes('reduce'), media: query, addEventListener() {}, removeEventListener() {} }));
}

beforeEach(() => {
  vi.useFakeTimers();
  setReducedMotion(false);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the testimonial slider', () => {
  it('shows the 4 testimonials with every field, then clones the first 2 (hidden from assistive technology)', () => {
    render(<TestimonialSlider items={testimonials} />);
    const cards = region().querySelectorAll('figure');
    expect(testimonials).toHaveLength(4);
    expect(cards).toHaveLength(4 + CLONED_CARDS);
    const clones = [...cards].filter((c) => c.getAttribute('aria-hidden') === 'true');
    expect(clones.map((c) => c.dataset.id)).toEqual(['1', '2']);
    const first = cards[0];
    const t = testimonials[0];
    for (const text of [t.name, t.role, t.program, t.beforeGrade, t.afterGrade]) expect(first.textContent).toContain(text);
    expect(first.textContent).toContain(t.text);
    expect(first.querySelector('img')?.getAttribute('src')).toBe(t.image);
  });

  it('scrolls 1 px every 20 ms', () => {
    render(<TestimonialSlider items={testimonials} />);
    expect(region().scrollLeft).toBe(0);
    tick(SCROLL_INTERVAL_MS);
    expect(region().scrollLeft).toBe(1);
    tick(SCROLL_INTERVAL_MS * 49);
    expect(region().scrollLeft).toBe(50);
  });

  it('pauses while the pointer hovers and goes on when it leaves', () => {
    render(<TestimonialSlider items={testimonials} />);
    tick(200);
    fireEvent.mouseEnter(region());
    tick(1000);
    expect(region().scrollLeft).toBe(10);
    fireEvent.mouseLeave(region());
    tick(200);
    expect(region().scrollLeft).toBe(20);
  });

  it('pauses while the keyboard is inside, and the arrow keys move by a card', () => {
    render(<TestimonialSlider items={testimonials} />);
    act(() => region().focus());
    tick(1000);
    expect(region().scrollLeft).toBe(0);
    expect(region().tabIndex).toBe(0);
    fireEvent.keyDown(region(), { key: 'ArrowRight' });
    expect(region().scrollLeft).toBeGreaterThan(0);
  });

  it('loops back seamlessly when it reaches the first clone', () => {
    render(<TestimonialSlider items={testimonials} />);
    // jsdom does no layout: place the first clone 100 px after the first card.
    const clone = region().querySelector<HTMLElement>('[data-clone]')!;
    Object.defineProperty(clone, 'offsetLeft', { value: 100 });
    region().scrollLeft = 98;
    tick(SCROLL_INTERVAL_MS);
    expect(region().scrollLeft).toBe(99);
    tick(SCROLL_INTERVAL_MS);
    expect(region().scrollLeft).toBe(0);
  });

  it('stays still under prefers-reduced-motion', () => {
    setReducedMotion(true);
    render(<TestimonialSlider items={testimonials} />);
    tick(2000);
    expect(region().scrollLeft).toBe(0);
  });
});
