import { Link, useSearchParams } from 'react-router';
import { ClipboardCheck } from 'lucide-react';
import { OFFERING_LEVELS, type OfferingLevel } from '@common/rules';
import { usePublicCatalogue } from '../../api/offerings';
import { mockAssessments } from '../../content/academy';
import { paths } from '../../paths';
import { OfferingGrid } from './OfferingCard';
import { Banner } from '../../ui/Banner';
import styles from './public.module.css';

const isLevel = (value: string | null): value is OfferingLevel =>
  (OFFERING_LEVELS as readonly string[]).includes(value ?? '');

/** /courses-landing: the published catalogue (one level's, from a grade of the landing page) and the mock assessments. */
export default function CoursesLandingPage() {
  const catalogue = usePublicCatalogue();
  const [params] = useSearchParams();
  const wanted = params.get('level');
  const level = isLevel(wanted) ? wanted : null;
  const shown = level ? catalogue.data?.filter((o) => o.level === level || o.level === 'All levels') : catalogue.data;
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
        {level ? (
          <p className={styles.levelFilter}>
            <span>{level} courses</span>
            <Link to={paths.coursesLanding}>Show all courses</Link>
          </p>
        ) : null}
        <OfferingGrid
          offerings={shown}
          failed={catalogue.isError}
          empty={level ? `No ${level} courses yet.` : 'New courses are on their way.'}
        />
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
