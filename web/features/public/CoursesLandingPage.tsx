import { ClipboardCheck } from 'lucide-react';
import { mockAssessments, offerings } from '../../content/offerings';
import { OfferingCard } from './OfferingCard';
import { Banner } from '../../ui/Banner';
import styles from './public.module.css';

/** /courses-landing: the academy's offerings and the mock assessments. */
export default function CoursesLandingPage() {
  return (
    <>
      <Banner title="Our Courses">
        SSAT prep, MAP test prep, AMC 8 prep, MATHCOUNTS, math competitions and elementary math, with mock assessments
        for the exams that matter.
      </Banner>
      <section className={styles.section} aria-labelledby="offerings-title">
        <h2 id="offerings-title" className="visually-hidden">
          Offerings
        </h2>
        <div className={styles.offerings}>
          {offerings.map((o) => (
            <OfferingCard key={o.id} offering={o} />
          ))}
        </div>
      </section>
      <section className={`${styles.section} ${styles.tinted}`} aria-labelledby="mock-title">
        <div className={styles.sectionHead}>
          <p className={styles.eyebrow}>Mock assessments</p>
          <h2 id="mock-title">Practice under real exam conditions</h2>
          <p>
            Mock assessments in math and science for standardized tests, competitions and curriculum benchmark exams.
          </p>
        </div>
        <div className={styles.cards}>
          {mockAssessments.map((group) => (
            <article key={group.title} className={styles.card}>
              <span className={styles.iconBadge}>
                <ClipboardCheck aria-hidden="true" />
              </span>
              <h3>{group.title}</h3>
              <ul className={styles.chips}>
                {group.exams.map((exam) => (
                  <li key={exam}>{exam}</li>
                ))}
              </ul>
            </article>
          ))}
        </div>
      </section>
    </>
  );
}
