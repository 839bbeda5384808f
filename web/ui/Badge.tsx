import type { ReactNode } from 'react';
import styles from './Badge.module.css';

export type BadgeTone = 'info' | 'success' | 'muted' | 'danger' | 'warning' | 'special';

/** A short status word in a pill ('New', 'Contacted', 'Unsubscribed'); the tone carries its meaning at a glance. */
export function Badge({ tone = 'info', children }: { tone?: BadgeTone; children: ReactNode }) {
  return <span className={`${styles.badge} ${toneClass(tone)}`}>{children}</span>;
}

/** A tone's colors alone, for a chip of another shape that says the same at a glance (a calendar's day preview). */
export const toneClass = (tone: BadgeTone): string => styles[tone];
