import { keptMemo, MB, type KeptView } from '../../lib/kept/declare';

/** A page of the question bank; "not yet in this section" depends on content. */
export const questionPageView = {
  name: 'questionPage',
  clearedBy: ['content', 'bank'],
  maxBytes: 16 * MB,
  scoped: false,
} as const satisfies KeptView;

export const questionMemos = {
  /** The bank's count of a filter, by filter. */
  bankCount: keptMemo<number>({ clearedBy: ['content', 'bank'], maxBytes: 2 * MB, scoped: false }),
};
