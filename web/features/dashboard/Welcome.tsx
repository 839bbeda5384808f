import type { ReactNode } from 'react';
import { Banner } from '../../ui/Banner';

/** The greeting banner at the top of every dashboard, with a small drawing of our own. */
export function Welcome({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Banner
      tone="bold"
      title={title}
      art={
        <svg width="120" height="96" viewBox="0 0 120 96" aria-hidden="true">
          <rect x="8" y="20" width="64" height="64" rx="10" fill="rgb(255 255 255 / 0.14)" />
          <circle cx="86" cy="36" r="26" fill="#ffb547" />
          <path d="M30 70 L52 30 L74 70 Z" fill="none" stroke="#fff" strokeWidth="5" strokeLinejoin="round" />
          <text x="86" y="44" textAnchor="middle" fontSize="24" fontWeight="800" fill="#1b1f3b">
            +
          </text>
        </svg>
      }
    >
      {children}
    </Banner>
  );
}

export function firstNameOf(user: { firstName?: string } | null): string {
  return user?.firstName?.trim() || 'there';
}
