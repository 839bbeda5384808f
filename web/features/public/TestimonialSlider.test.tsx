// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { testimonials } from '../../content/testimonials';
import { CLONED_CARDS, TestimonialSlider } from './TestimonialSlider';

const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const region = () => screen.getByRole('region', { name: /Testimonials/ });
const track = () => region().firstElementChild as HTMLElement;
/** How far the track stands moved left, from its transform. */
const offset = () => 0 - Number(/translate3d\((-?[\d.]+)px/.exec(track().style.transform)?.[1] ?? 0) || 0;
/** jsdom does no layout: place the cards 100 px apart, as a browser would lay them out. */
const CARD_STEP = 100;

function setReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
}

function renderSlider() {
  const spy = vi.spyOn(HTMLElement.prototype, 'offsetLeft', 'get').mockImplementation(function (this: HTMLElement) {
    const parent = this.parentElement;
    return parent ? [...parent.children].indexOf(this) * CARD_STEP : 0;
  });
  const result = render(<TestimonialSlider items={testimonials} />);
  spy.mockRestore();
  return result;
}

beforeEach(() => {
  vi.useFakeTimers({
    toFake: [
      'setTimeout',
      'clearTimeout',
      'setInterval',
      'clearInterval',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'performance',
      'Date',
    ],
  });
  setReducedMotion(false);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the testimonial slider', () => {
  it('shows the 4 testimonials with every field, then clones the first 2 (hidden from assistive technology)', () => {
    renderSlider();
    const cards = region().querySelectorAll('figure');
    expect(testimonials).toHaveLength(4);
    expect(cards).toHaveLength(4 + CLONED_CARDS);
    const clones = [...cards].filter((c) => c.getAttribute('aria-hidden') === 'true');
    expect(clones.map((c) => c.dataset.id)).toEqual(['1', '2']);
    const first = cards[0];
    const t = testimonials[0];
    for (const text of [t.name, t.role, t.program, t.beforeGrade, t.afterGrade])
      expect(first.textContent).toContain(text);
    expect(first.textContent).toContain(t.text);
    expect(first.querySelector('img')?.getAttribute('src')).toBe(t.image);
  });

  it('moves 1 px every 20 ms, by a transform drawn on animation frames', () => {
    renderSlider();
    expect(offset()).toBe(0);
    tick(1000);
    // 50 px a second; the first frame only starts the clock.
    expect(offset()).toBeGreaterThan(47);
    expect(offset()).toBeLessThanOrEqual(50);
  });

  it('stops under the pointer on the nearest card edge, never cutting a card, and goes on when it leaves', () => {
    renderSlider();
    tick(1000);
    fireEvent.mouseEnter(region());
    expect(offset()).toBe(0);
    expect(track().dataset.settling).toBe('true');
    tick(1000);
    expect(offset()).toBe(0);
    fireEvent.mouseLeave(region());
    tick(1400);
    expect(offset()).toBeGreaterThan(60);
    fireEvent.mouseEnter(region());
    expect(offset()).toBe(CARD_STEP);
  });

  it('has a visible pause control that stops it until Play, whatever the pointer does', () => {
    renderSlider();
    tick(500);
    fireEvent.click(screen.getByRole('button', { name: 'Pause testimonials' }));
    expect(offset()).toBe(0);
    fireEvent.mouseEnter(region());
    fireEvent.mouseLeave(region());
    tick(2000);
    expect(offset()).toBe(0);
    expect(region().dataset.paused).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Play testimonials' }));
    tick(1000);
    expect(offset()).toBeGreaterThan(40);
    expect(screen.getByRole('button', { name: 'Pause testimonials' })).toBeTruthy();
  });

  it('stops while the keyboard is on it, and the arrow keys move by a card, round the loop', () => {
    renderSlider();
    act(() => region().focus());
    tick(1000);
    expect(offset()).toBe(0);
    expect(region().tabIndex).toBe(0);
    fireEvent.keyDown(region(), { key: 'ArrowRight' });
    expect(offset()).toBe(CARD_STEP);
    fireEvent.keyDown(region(), { key: 'ArrowLeft' });
    fireEvent.keyDown(region(), { key: 'ArrowLeft' });
    expect(offset()).toBe(3 * CARD_STEP);
  });

  it('loops back seamlessly when it reaches the first clone', () => {
    renderSlider();
    // The loop is 4 cards (400 px) long: 8 s at 50 px a second, and the first clone looks like the first card.
    tick(9000);
    expect(offset()).toBeGreaterThan(0);
    expect(offset()).toBeLessThan(100);
  });

  it('stays still under prefers-reduced-motion, with nothing to pause', () => {
    setReducedMotion(true);
    renderSlider();
    tick(2000);
    expect(offset()).toBe(0);
    expect(screen.queryByRole('button', { name: /testimonials/ })).toBeNull();
  });
});
