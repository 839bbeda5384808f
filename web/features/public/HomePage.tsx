import { useCallback, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Award, HeartHandshake, Target } from 'lucide-react';
import { GRADES } from '@common/rules';
import { usePublicCatalogue } from '../../api/offerings';
import { testimonials } from '../../content/testimonials';
import { paths } from '../../paths';
import { BookingForm } from './BookingForm';
import { HeroArt } from './HeroArt';
import { OfferingGrid } from './OfferingCard';
import { TestimonialSlider } from './TestimonialSlider';
import { useSeenSections } from './useSeenSections';
import { scrollBehavior } from '../../ui/motion';
import styles from './public.module.css';

const TRACKED = ['hero', 'mission', 'quote'] as const;

function gradeLevel(grade: string): string {
  if (grade === 'K' || Number(grade) <= 5) return 'Elementary';
  return Number(grade) <= 8 ? 'Middle School' : 'High School';
}

/** The landing page: hero, course cards, learn by grade, mission, testimonials and booking. */
export default function HomePage() {
  const seen = useSeenSections(TRACKED);
  const catalogue = usePublicCatalogue();
  const [featured, setFeatured] = useState<number | null>(null);
  const onMostVisible = useCallback((id: number) => setFeatured(id), []);
  const seenAttr = (id: string) => (seen.has(id) ? 'true' : 'false');
  const { hash } = useLocation();
  // The course cards come with the catalogue: a section below them is only where it stays once they are drawn.
  const cardsSettled = !catalogue.isPending;
  useEffect(() => {
    if (hash && cardsSettled)
      document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ behavior: scrollBehavior() });
  }, [hash, cardsSettled]);

  return (
    <div className={styles.landing} data-featured-testimonial={featured ?? undefined}>
      <section id="hero" className={styles.hero} data-seen={seenAttr('hero')}>
        <div className={styles.heroInner}>
          <div className={styles.heroText}>
            <p className={styles.heroEyebrow}>Online math academy · Kindergarten to grade 12</p>
            <h1>Math that clicks, from kindergarten to grade 12</h1>
            <p>Test preparation, competition training and curriculum courses, taught live by teachers who love math.</p>
            <div className={styles.heroActions}>
              <Link className={styles.cta} to={paths.signup}>
                Get Started
              </Link>
              <Link className={styles.ctaGhost} to={paths.coursesLanding}>
                Explore courses
              </Link>
            </div>
            <ul className={styles.heroFacts}>
              <li>
                <strong>2,000+</strong> students
              </li>
              <li>
                <strong>4.9/5</strong> parent rating
              </li>
              <li>
                <strong>K-12</strong> every grade
              </li>
            </ul>
          </div>
          <HeroArt className={styles.heroArt} />
        </div>
      </section>

      <section className={styles.section} aria-labelledby="courses-title">
        <div className={styles.sectionHead}>
          <p className={styles.eyebrow}>Our courses</p>
          <h2 id="courses-title">Preparation for every test and contest</h2>
          <p>Small live classes, weekly practice and mock tests that feel like the real thing.</p>
        </div>
        <OfferingGrid
          offerings={catalogue.data}
          failed={catalogue.isError}
          empty="New courses are on their way: book a free assessment below and we will find the right one."
        />
      </section>

      <section id="grades" className={`${styles.section} ${styles.tinted}`} aria-labelledby="grades-title">
        <div className={styles.sectionHead}>
          <p className={styles.eyebrow}>Learn and study by grade</p>
          <h2 id="grades-title">From kindergarten to grade 12</h2>
          <p>Pick a grade to see the courses that fit.</p>
        </div>
        <ul className={styles.grades}>
          {GRADES.map((g) => (
            <li key={g}>
              <Link to={paths.coursesAtLevel(gradeLevel(g))}>
                <span className={styles.gradeNumber}>{g}</span>
                <span>{g === 'K' ? 'Kindergarten' : `Grade ${g}`}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section
        id="mission"
        className={`${styles.section} ${styles.reveal}`}
        data-seen={seenAttr('mission')}
        aria-labelledby="mission-title"
      >
        <div className={styles.mission}>
          <div>
            <p className={styles.eyebrow}>Our mission</p>
            <h2 id="mission-title">Confident problem solvers, not just good test takers</h2>
            <p>
              We believe every child can love math. Our teachers build understanding first, then speed and exam
              strategy, so results last well beyond test day.
            </p>
          </div>
          <ul className={styles.values}>
            <li>
              <Target aria-hidden="true" />
              <div>
                <strong>Understanding first</strong>
                <span>Visual models before procedures.</span>
              </div>
            </li>
            <li>
              <Award aria-hidden="true" />
              <div>
                <strong>Proven results</strong>
                <span>Mock tests and clear progress reports.</span>
              </div>
            </li>
            <li>
              <HeartHandshake aria-hidden="true" />
              <div>
                <strong>Partners with parents</strong>
                <span>You always know what your child practiced.</span>
              </div>
            </li>
          </ul>
        </div>
      </section>

      <section id="testimonials" className={`${styles.section} ${styles.tinted}`} aria-labelledby="testimonials-title">
        <div className={styles.sectionHead}>
          <p className={styles.eyebrow}>Testimonials</p>
          <h2 id="testimonials-title">What families say</h2>
        </div>
        <TestimonialSlider items={testimonials} onMostVisible={onMostVisible} />
      </section>

      <section
        id="quote"
        className={`${styles.section} ${styles.reveal}`}
        data-seen={seenAttr('quote')}
        aria-labelledby="booking-title"
      >
        <div id="booking" className={styles.booking}>
          <div>
            <p className={styles.eyebrow}>Free consultation</p>
            <h2 id="booking-title">Book a free assessment and get a quote</h2>
            <p>
              Tell us how to reach you. A teacher will call within one business day to find the right course for your
              child.
            </p>
          </div>
          <BookingForm />
        </div>
      </section>
    </div>
  );
}
