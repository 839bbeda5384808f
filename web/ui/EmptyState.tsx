import type { ReactNode } from 'react';
import { PageState } from './PageState';

/** Nothing to show yet, never a blank page: an icon, a sentence, and the next action where there is one. */
export function EmptyState({ title, text, action }: { title: string; text?: ReactNode; action?: ReactNode }) {
  return <PageState kind="empty" title={title} text={text} action={action} />;
}
