import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { Mail } from 'lucide-react';
import { useAcademy } from '../api/academy';
import { paths } from '../paths';
import { Brand } from './Brand';
import { SocialIcons } from './SocialIcons';
import { SubscribeView } from './SubscribeView';
import { TrustedBy } from './TrustedBy';
import styles from './Footer.module.css';

/** The subscribe form brings the form library; it loads after the page, so no page's first script carries it. */
const SubscribeForm = lazy(() => import('./SubscribeForm'));

const columns: Array<{ title: string; links: Array<{ label: string; to: string }> }> = [
  {
    title: 'About Us',
    links: [
      { label: 'Our Story', to: paths.about },
      { label: 'Our Teachers', to: paths.about },
      { label: 'Get in Touch', to: paths.contact },
    ],
  },
  {
    title: 'Our Courses',
    links: [
      { label: 'Test Preparation', to: paths.coursesLanding },
      { label: 'Math Competitions', to: paths.coursesLanding },
      { label: 'Elementary Math', to: paths.coursesAtLevel('Elementary') },
    ],
  },
  {
    title: 'For Students',
    links: [
      { label: 'Browse Courses', to: paths.courses },
      { label: 'Student Sign-in', to: paths.signin },
      { label: 'Join the Academy', to: paths.signup },
    ],
  },
  {
    title: 'For Parents',
    links: [
      { label: 'Book a Consultation', to: `${paths.home}#booking` },
      { label: 'Learn by Grade', to: `${paths.home}#grades` },
      { label: 'Testimonials', to: `${paths.home}#testimonials` },
    ],
  },
  {
    title: 'Resources',
    links: [
      { label: 'Mock Assessments', to: paths.coursesLanding },
      { label: 'Privacy Policy', to: paths.privacy },
      { label: 'Terms of Use', to: paths.terms },
    ],
  },
];

/**
 * The site footer. Beside the dashboard's sidebar it takes the `beside-sidebar` variant: compact, and offset by
 * the sidebar's width (collapsed or expanded) so it never slides under it.
 */
export function Footer({ variant = 'page' }: { variant?: 'page' | 'beside-sidebar' }) {
  const year = new Date().getFullYear();
  const academy = useAcademy();
  return (
    <footer className={`${styles.footer} ${variant === 'beside-sidebar' ? styles.beside : ''}`}>
      <div className={styles.inner}>
        {variant === 'page' ? (
          <div className={styles.top}>
            <div className={styles.about}>
              <Brand tone="light" />
              <p>
                Math for curious minds from kindergarten to grade 12: test preparation, competitions and curriculum
                courses.
              </p>
              <a className={styles.mail} href={`mailto:${academy.email}`}>
                <Mail size={18} aria-hidden="true" /> {academy.email}
              </a>
              <SocialIcons links={academy.social} />
            </div>
            <nav className={styles.columns} aria-label="Footer">
              {columns.map((column) => (
                <div key={column.title}>
                  <h2 className={styles.columnTitle}>{column.title}</h2>
                  <ul>
                    {column.links.map((link) => (
                      <li key={link.label}>
                        <Link to={link.to}>{link.label}</Link>
                      </li>
                    ))}
                  </ul>
                </div>
              ))}
            </nav>
            <div className={styles.side}>
              <Suspense fallback={<SubscribeView />}>
                <SubscribeForm />
              </Suspense>
              <div className={styles.trusted}>
                <h2 className={styles.columnTitle}>Trusted By</h2>
                <TrustedBy />
              </div>
            </div>
          </div>
        ) : null}
        <div className={styles.bottom}>
          <p>
            © {year} {academy.name}
            {/* A name that ends a sentence itself ("Math & Co.") takes no second period. */}
            {/[.!?]$/.test(academy.name) ? '' : '.'} All rights reserved.
          </p>
          {variant === 'beside-sidebar' ? (
            <a className={styles.mail} href={`mailto:${academy.email}`}>
              <Mail size={16} aria-hidden="true" /> {academy.email}
            </a>
          ) : null}
          <div className={styles.legal}>
            <Link to={paths.privacy}>Privacy</Link>
            <Link to={paths.terms}>Terms</Link>
          </div>
        </div>
      </div>
    </footer>
  );
}
