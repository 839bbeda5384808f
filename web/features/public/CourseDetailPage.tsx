import { useNavigate } from 'react-router';
import { CheckCircle2 } from 'lucide-react';
import { useAuth } from '../../auth/AuthProvider';
import { paths } from '../../paths';
import { Button } from '../../ui/Button';
import { CourseArt } from '../../ui/CourseArt';
import { Banner } from '../../ui/Banner';
import styles from './public.module.css';

const ssatContent = [
  'Number sense and operations',
  'Fractions, decimals and percents',
  'Geometry and measurement',
  'Patterns and algebraic thinking',
  'Data, graphs and probability',
  'Word problems and test strategy',
];
const mapContent = [
  'Operations and algebraic thinking',
  'Real and complex number systems',
  'Geometry',
  'Statistics and probability',
  'Adaptive-test pacing',
];
const MOCK_TESTS_PER_GRADE = 8;
const PRICE = 399;

function MockTests({ grade }: { grade: number }) {
  return (
    <section className={styles.card} aria-labelledby={`mock-${grade}`}>
      <h3 id={`mock-${grade}`}>SSAT Mock Test Grade {grade}</h3>
      <ul className={styles.mockGrid}>
        {Array.from({ length: MOCK_TESTS_PER_GRADE }, (_, i) => (
          <li key={i}>Mock Test {i + 1}</li>
        ))}
      </ul>
    </section>
  );
}

/**
 * Elementary Standardized Test Prep. PURCHASE THIS COURSE sends visitors to sign up first and signed-in users
 * to the cart, where purchasing will live.
 */
export default function CourseDetailPage() {
  const { isLoggedIn } = useAuth();
  const navigate = useNavigate();
  return (
    <>
      <Banner title="Elementary Standardized Test Prep">
        SSAT and MAP preparation for grades 3 and 4, with a package of full-length mock tests.
      </Banner>
      <div className={styles.content}>
        <div className={styles.split}>
          <div className={styles.cards}>
            <section className={styles.card} aria-labelledby="ssat-title">
              <h2 id="ssat-title">SSAT</h2>
              <ul>
                {ssatContent.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </section>
            <section className={styles.card} aria-labelledby="map-title">
              <h2 id="map-title">MAP</h2>
              <ul>
                {mapContent.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            </section>
            <section className={styles.card} aria-labelledby="package-title" style={{ gridColumn: '1 / -1' }}>
              <h2 id="package-title">Mock Test Additional Package</h2>
              <p>Eight full-length mock tests per grade, each with a score report and worked solutions.</p>
              <div className={styles.cards} style={{ marginTop: 'var(--space-4)' }}>
                <MockTests grade={3} />
                <MockTests grade={4} />
              </div>
            </section>
          </div>
          <aside className={`${styles.card} ${styles.purchase}`} aria-label="Purchase">
            <CourseArt motif="triangle" className={styles.offeringArt} />
            <strong className={styles.price}>${PRICE}</strong>
            <ul className={styles.contactList}>
              <li>
                <CheckCircle2 size={18} aria-hidden="true" /> SSAT and MAP lessons
              </li>
              <li>
                <CheckCircle2 size={18} aria-hidden="true" /> 16 mock tests with solutions
              </li>
              <li>
                <CheckCircle2 size={18} aria-hidden="true" /> Weekly progress reports
              </li>
            </ul>
            <Button
              variant="accent"
              size="lg"
              block
              style={{ marginTop: 'var(--space-5)' }}
              onClick={() => navigate(isLoggedIn ? paths.cart : paths.signup)}
            >
              PURCHASE THIS COURSE
            </Button>
          </aside>
        </div>
      </div>
    </>
  );
}
