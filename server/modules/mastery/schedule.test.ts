import { describe, expect, it } from 'vitest';
import { NEW_REVIEW_CARD, reviewSkill, type ReviewCard } from './schedule';

const start = new Date('2026-01-05T16:00:00Z');
const DAY = 24 * 60 * 60 * 1000;
const daysAfter = (from: Date, to: Date | null) => (to!.getTime() - from.getTime()) / DAY;

/** Reviews each answer on its card's due date (or at once for the first), as a student who comes back when asked. */
function onTime(answers: boolean[]): Array<{ at: Date; card: ReviewCard }> {
  let card = NEW_REVIEW_CARD;
  let at = start;
  return answers.map((right) => {
    card = reviewSkill(card, right, at);
    const reviewed = { at, card };
    at = card.reviewDueAt!;
    return reviewed;
  });
}

describe('the review schedule', () => {
  it('asks again later after each right answer', () => {
    const reviews = onTime([true, true, true, true]);
    const intervals = reviews.map((r) => daysAfter(r.at, r.card.reviewDueAt));
    expect(intervals[0]).toBeGreaterThanOrEqual(1);
    for (let i = 1; i < intervals.length; i++) expect(intervals[i]).toBeGreaterThan(intervals[i - 1]);
    expect(reviews.at(-1)!.card.reviews).toBe(4);
    expect(reviews.at(-1)!.card.lapses).toBe(0);
  });

  it('brings a skill back soon after a wrong answer, and counts the lapse', () => {
    const reviews = onTime([true, true, true, false]);
    const beforeLapse = daysAfter(reviews[2].at, reviews[2].card.reviewDueAt);
    const afterLapse = daysAfter(reviews[3].at, reviews[3].card.reviewDueAt);
    expect(afterLapse).toBeLessThan(beforeLapse);
    expect(reviews[3].card.lapses).toBe(1);
  });

  it('a wrong first answer is due again sooner than a right one', () => {
    const wrong = reviewSkill(NEW_REVIEW_CARD, false, start);
    const right = reviewSkill(NEW_REVIEW_CARD, true, start);
    expect(wrong.reviewDueAt!.getTime()).toBeLessThan(right.reviewDueAt!.getTime());
    expect(wrong.lastReviewAt).toEqual(start);
  });

  it('gives the same dates for the same answers at the same times', () => {
    const answers = [true, false, true, true, false, true];
    expect(onTime(answers)).toEqual(onTime(answers));
  });
});
