import { GraduationCap, HeartHandshake, Trophy } from 'lucide-react';
import { Banner } from '../../ui/Banner';
import styles from './public.module.css';

export default function AboutPage() {
  return (
    <>
      <Banner title="About Us">
        An online math academy for curious students from kindergarten to grade 12, and the families who support them.
      </Banner>
      <div className={styles.content}>
        <div className={styles.cards}>
          <article className={styles.card}>
            <span className={styles.iconBadge}>
              <GraduationCap aria-hidden="true" />
            </span>
            <h2>Teachers who love math</h2>
            <p>Our teachers hold math or education degrees and coach students for the SSAT, MAP, AMC and more.</p>
          </article>
          <article className={styles.card}>
            <span className={styles.iconBadge}>
              <Trophy aria-hidden="true" />
            </span>
            <h2>Results that last</h2>
            <p>We teach understanding first, then speed and strategy, with mock tests that mirror the real exams.</p>
          </article>
          <article className={styles.card}>
            <span className={styles.iconBadge}>
              <HeartHandshake aria-hidden="true" />
            </span>
            <h2>Partners with families</h2>
            <p>Parents see what their child practiced and how they progress, every week.</p>
          </article>
        </div>
      </div>
    </>
  );
}
