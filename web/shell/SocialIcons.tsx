import { SOCIAL_NETWORK_NAMES, SOCIAL_NETWORKS, type SocialNetwork } from '@common/rules';
import styles from './Footer.module.css';

/** Our own drawings of the social networks' marks (the icon set we use has no brand icons). */
const marks: Record<SocialNetwork, string> = {
  facebook: 'M14 8h3V4h-3c-2.8 0-4 1.8-4 4.3V10H7v4h3v8h4v-8h3l.5-4H14V8.6c0-.4.3-.6.6-.6Z',
  instagram:
    'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4Zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8Zm0 2a2 2 0 1 1 0 4 2 2 0 0 1 0-4Zm5.2-4.2a1 1 0 1 0 0 2 1 1 0 0 0 0-2Z',
  youtube:
    'M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4a2.5 2.5 0 0 0-1.8 1.8C2 8.8 2 12 2 12s0 3.2.4 4.8a2.5 2.5 0 0 0 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8c.4-1.6.4-4.8.4-4.8s0-3.2-.4-4.8ZM10 15V9l5.2 3L10 15Z',
  linkedin:
    'M4 3a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM2.5 9h3v12h-3V9Zm6 0h2.9v1.7c.6-1 1.8-2 3.8-2 3.2 0 4.3 2 4.3 5.3V21h-3v-6.2c0-1.6-.3-3-2-3s-2.4 1.3-2.4 3V21h-3.1V9h-.5Z',
};

/** The academy's networks, in a fixed order; a network without a link is not shown. */
export function SocialIcons({ links }: { links: Record<SocialNetwork, string | null> }) {
  const shown = SOCIAL_NETWORKS.filter((network) => links[network]);
  if (shown.length === 0) return null;
  return (
    <ul className={styles.social} aria-label="Follow us">
      {shown.map((network) => (
        <li key={network}>
          <a
            href={links[network]!}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={SOCIAL_NETWORK_NAMES[network]}
          >
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path d={marks[network]} fill="currentColor" fillRule="evenodd" />
            </svg>
          </a>
        </li>
      ))}
    </ul>
  );
}
