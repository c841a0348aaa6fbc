import { Suspense, lazy, useRef } from 'react';
import { Link } from 'react-router-dom';
import { Reveal } from '../../components/Reveal';
import { organizationData } from '../../lib/structuredData';
import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { useAfterFirstInput } from '../../lib/afterIdle';
import { useNearViewport } from '../../lib/useNearViewport';
import { paths } from '../../config/paths';
import { PlansSection } from '../plans';
import { Hero } from './Hero';
import { CompanyLogos, Instructors, Stats, WhyChooseUs } from './Sections';

const FeaturedCourses = lazy(() => import('./FeaturedCourses'));
const Testimonials = lazy(() => import('./Testimonials'));
const HOME_META = { structuredData: [organizationData()] };

export default function HomePage() {
  useDocumentMeta(
    'Upskill',
    'Upskill. Empower. Succeed. Live, mentor-led courses in programming, AI, cloud, security, design and business for students and career-switchers in India and the USA.',
    HOME_META,
  );
  // The lazy sections mount once the visitor nears them (never during hydration): prerendered HTML
  // keeps their sized placeholders, so the first client render matches it and nothing shifts. They also wait for
  // the visitor's first input (or a quiet moment 10 s on, lib/afterIdle.ts): the featured courses start just below
  // the first screen, and on a slow phone their chunk, render and layout made a long task while the page loaded.
  const featuredRef = useRef<HTMLElement>(null);
  const testimonialsRef = useRef<HTMLElement>(null);
  const idle = useAfterFirstInput();
  const featuredNear = useNearViewport(featuredRef) && idle;
  const testimonialsNear = useNearViewport(testimonialsRef) && idle;
  const featuredPlaceholder = <div className="featured-placeholder" aria-busy="true" />;
  const testimonialsPlaceholder = <div className="testimonials-placeholder" aria-busy="true" />;
  return (
    <>
      <Hero />
      <Stats />
      <section ref={featuredRef} className="section section--alt" aria-labelledby="featured-title">
        <div className="container">
          <Reveal className="section__head">
            <span className="eyebrow">Featured</span>
            <h2 id="featured-title">Popular courses this season</h2>
            <p>Hand-picked, highly rated courses with live cohorts starting soon.</p>
          </Reveal>
          {featuredNear ? (
            <Suspense fallback={featuredPlaceholder}>
              <FeaturedCourses />
            </Suspense>
          ) : (
            featuredPlaceholder
          )}
          <p className="center section__more">
            <Link className="btn btn--secondary" to={paths.courses}>
              View all 34 courses
            </Link>
          </p>
        </div>
      </section>
      <Instructors />
      <section ref={testimonialsRef} className="section section--alt" aria-labelledby="testimonials-title">
        <div className="container">
          <Reveal className="section__head">
            <span className="eyebrow">Success stories</span>
            <h2 id="testimonials-title">What our learners say</h2>
          </Reveal>
          {testimonialsNear ? (
            <Suspense fallback={testimonialsPlaceholder}>
              <Testimonials />
            </Suspense>
          ) : (
            testimonialsPlaceholder
          )}
        </div>
      </section>
      <PlansSection />
      <WhyChooseUs />
      <CompanyLogos />
    </>
  );
}
