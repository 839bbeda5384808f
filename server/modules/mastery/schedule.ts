/**
 * The review schedule of a student's skill: an FSRS card (ts-fsrs) kept in the skill's student_skills row. Each
 * answer the mastery rule counts is a review of the card: right is Good, wrong is Again. Reviews are on the scale
 * of days (no same-day learning steps) and without fuzz, so the same answers at the same times give the same dates.
 */
import { createEmptyCard, fsrs, Rating, State, type Card } from 'ts-fsrs';

/** The card as student_skills keeps it. */
export interface ReviewCard {
  reviewDueAt: Date | null;
  stability: number;
  difficulty: number;
  reviews: number;
  lapses: number;
  cardState: number;
  lastReviewAt: Date | null;
}

export const NEW_REVIEW_CARD: ReviewCard = {
  reviewDueAt: null,
  stability: 0,
  difficulty: 0,
  reviews: 0,
  lapses: 0,
  cardState: State.New,
  lastReviewAt: null,
};

const scheduler = fsrs({ enable_fuzz: false, enable_short_term: false });

const DAY_MS = 24 * 60 * 60 * 1000;

function toCard(kept: ReviewCard, at: Date): Card {
  if (kept.reviews === 0 || !kept.lastReviewAt || !kept.reviewDueAt) return createEmptyCard(at);
  return {
    due: kept.reviewDueAt,
    stability: kept.stability,
    difficulty: kept.difficulty,
    elapsed_days: Math.max(0, Math.floor((at.getTime() - kept.lastReviewAt.getTime()) / DAY_MS)),
    scheduled_days: Math.max(0, Math.round((kept.reviewDueAt.getTime() - kept.lastReviewAt.getTime()) / DAY_MS)),
    learning_steps: 0,
    reps: kept.reviews,
    lapses: kept.lapses,
    state: kept.cardState as State,
    last_review: kept.lastReviewAt,
  };
}

/** The card after one review at `at`: right is Good, wrong is Again. */
export function reviewSkill(kept: ReviewCard, right: boolean, at: Date): ReviewCard {
  const { card } = scheduler.next(toCard(kept, at), at, right ? Rating.Good : Rating.Again);
  return {
    reviewDueAt: card.due,
    stability: card.stability,
    difficulty: card.difficulty,
    reviews: card.reps,
    lapses: card.lapses,
    cardState: card.state,
    lastReviewAt: at,
  };
}
