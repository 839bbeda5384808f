import { Link } from 'react-router';
import { BookOpen } from 'lucide-react';
import type { Offering } from '../../content/offerings';
import { paths } from '../../paths';
import { CourseArt } from '../../ui/CourseArt';
import styles from './public.module.css';
import { plural } from '@common/rules';

/** A course card of the public site, with its sample price. */
export function OfferingCard({ offering }: { offering: Offering }) {
  return (
    <article className={styles.offering}>
      <CourseArt motif={offering.motif} className={styles.offeringArt} />
      <div className={styles.offeringBody}>
        <p className={styles.eyebrow}>{offering.grades}</p>
        <h3>{offering.title}</h3>
        <p>{offering.description}</p>
        <div className={styles.offeringMeta}>
          <span>
            <BookOpen size={16} aria-hidden="true" /> {plural(offering.lessons, 'lesson')}
          </span>
          <strong className={styles.price}>${offering.price}</strong>
        </div>
        <Link to={paths.courseDetail} className={styles.cardLink} aria-label={`Learn more about ${offering.title}`}>
          Learn more
        </Link>
      </div>
    </article>
  );
}
