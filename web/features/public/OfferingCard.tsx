import { Link } from 'react-router';
import { BookOpen } from 'lucide-react';
import { formatPrice, plural } from '@common/rules';
import type { PublicOfferingCard } from '@common/schemas/offerings';
import { paths } from '../../paths';
import { OfferingArt } from './offeringParts';
import styles from './public.module.css';

/** A course card of the public catalogue: its picture, program and grades, summary, units and price. */
export function OfferingCard({ offering }: { offering: PublicOfferingCard }) {
  return (
    <article className={styles.offering}>
      <OfferingArt offering={offering} className={styles.offeringArt} />
      <div className={styles.offeringBody}>
        <p className={styles.eyebrow}>
          {offering.programName} · {offering.gradeBand}
        </p>
        <h3>{offering.title}</h3>
        <p>{offering.summary}</p>
        <div className={styles.offeringMeta}>
          <span>
            <BookOpen size={16} aria-hidden="true" /> {plural(offering.units, 'unit')}
          </span>
          <strong className={styles.price}>{formatPrice(offering.priceMinor, offering.currency)}</strong>
        </div>
        {/* The course is named in the link's text, not only in a label: a link read out of context (a search
            engine's, a screen reader's list of links) says where it goes. */}
        <Link to={paths.offering.href(offering.slug)} className={styles.cardLink}>
          Learn more<span className="visually-hidden"> about {offering.title}</span>
        </Link>
      </div>
    </article>
  );
}

/** The catalogue's cards, or what to say when there are none (yet). */
export function OfferingGrid({
  offerings,
  failed,
  empty,
}: {
  offerings: PublicOfferingCard[] | undefined;
  failed: boolean;
  empty: string;
}) {
  if (failed) return <p className={styles.catalogueNote}>We could not load our courses. Please refresh the page.</p>;
  if (!offerings) return <p className={styles.catalogueNote}>Loading courses...</p>;
  if (!offerings.length) return <p className={styles.catalogueNote}>{empty}</p>;
  return (
    <div className={styles.offerings}>
      {offerings.map((o) => (
        <OfferingCard key={o.id} offering={o} />
      ))}
    </div>
  );
}
