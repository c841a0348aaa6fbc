import { Suspense, lazy, useCallback, useMemo, useState } from 'react';
import type { BatchListing } from '@upskill/domain/enrollment';
import { Link, useParams } from 'react-router-dom';
import { COURSES, findCourseBySlug, slugify, type Course } from '@upskill/domain/catalogue';
import { formatIndianNumber, formatRupees } from '@upskill/domain/common';
import { Icon } from '../../components/Icon';
import { StaticHtml } from '../../components/StaticHtml';
import { Stars } from '../../components/Stars';
import { coursePath, coursesPath, paths } from '../../config/paths';
import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { breadcrumbs } from '../../lib/structuredData';
import { CourseMeta, CourseSyllabus } from '../catalogue';
import { SeatsBar, UpcomingBatches } from '../batches';
import { enrollLink } from '../enrollment';
import { courseData } from './structuredData';

/** The share image of a course: one generated per category (web/scripts/make-share-images.mjs). */
export const shareImage = (course: Course) => `/images/share/${slugify(course.category)}.jpg`;

/** What the batch list shows while it loads: the prerendered page has this, so nothing moves when the list arrives. */
function BatchesLoading() {
  return (
    <section className="card course-batches" aria-labelledby="course-batches" aria-busy="true">
      <h2 id="course-batches">Upcoming batches</h2>
      <p className="muted">Loading the batch dates…</p>
    </section>
  );
}

// Only a mistyped course address shows it: its code loads then, not with every course page.
const NotFoundPage = lazy(() => import('../not-found').then((m) => ({ default: m.NotFoundPage })));

/** /courses/{slug}: everything about one course, prerendered for search engines and shared links. */
export default function CoursePage() {
  const course = findCourseBySlug(useParams().slug ?? '');
  if (!course)
    return (
      <Suspense fallback={null}>
        <NotFoundPage />
      </Suspense>
    );
  // Keyed by course: going from one course page to another (its related courses) mounts the page afresh, so its
  // adopted HTML (StaticHtml, StaticPart) is the new course's, rendered in the browser, not the first one's.
  return <CourseDetails key={course.id} course={course} />;
}

function CourseDetails({ course }: { course: Course }) {
  // The batches join the structured data once loaded (search engines render the page).
  const [batches, setBatches] = useState<BatchListing[]>([]);
  const onBatches = useCallback((loaded: BatchListing[]) => setBatches(loaded), []);
  const structuredData = useMemo(
    () => [
      courseData(course, shareImage(course), batches),
      breadcrumbs([
        { name: 'Home', path: paths.home },
        { name: 'Courses', path: paths.courses },
        { name: course.name, path: coursePath(course.slug) },
      ]),
    ],
    [course, batches],
  );
  useDocumentMeta(
    course.name,
    `${course.desc} ${course.duration}, ${course.level.toLowerCase()} level, live online with ${course.instructor.name}.`,
    {
      image: shareImage(course),
      structuredData,
    },
  );
  const related = COURSES.filter((other) => other.category === course.category && other.id !== course.id);
  const enroll = enrollLink({ kind: 'course', courseId: course.id });

  return (
    <>
      <section className="page-hero course-hero">
        <div className="container">
          <StaticHtml as="nav" aria-label="Breadcrumb" className="breadcrumbs">
            <ol>
              <li>
                <Link to={paths.home}>Home</Link>
              </li>
              <li>
                <Link to={paths.courses}>Courses</Link>
              </li>
              <li>
                <Link to={coursesPath({ category: course.category })}>{course.category}</Link>
              </li>
              <li aria-current="page">{course.name}</li>
            </ol>
          </StaticHtml>
          <div className="course-hero__grid">
            <StaticHtml>
              <p className="course-hero__tags">
                <span className="course-card__icon" aria-hidden="true">
                  <Icon name={course.icon} size={26} />
                </span>
                {course.badge && <span className={`badge badge--${course.badge}`}>{course.badge}</span>}
                <span className="badge badge--primary">{course.level}</span>
              </p>
              <h1>{course.name}</h1>
              <p>{course.desc}</p>
              <p className="course-hero__rating">
                <Stars rating={course.rating} /> <span className="muted">{formatIndianNumber(course.students)} students</span>
              </p>
            </StaticHtml>
            <aside className="card course-buy" aria-label="Price and enrollment">
              <p className="plan__price">{formatRupees(course.price)}</p>
              <CourseMeta course={course}>
                <li>
                  <Icon name="globe" size={16} /> Live online
                </li>
              </CourseMeta>
              <SeatsBar offering={course.slug} />
              <Link className="btn btn--primary btn--block" {...enroll} aria-label={`Enroll Now in ${course.name}`}>
                Enroll Now
              </Link>
            </aside>
          </div>
        </div>
      </section>
      <section className="section" aria-labelledby="course-about">
        <div className="container course-body">
          <div>
            <StaticHtml>
              <h2 id="course-about">About this course</h2>
              <p>{course.details}</p>
              <CourseSyllabus course={course} idPrefix="course" />
            </StaticHtml>
            <Suspense fallback={<BatchesLoading />}>
              <UpcomingBatches
                offering={course.slug}
                enrollTo={enroll.to}
                enrollState={enroll.state}
                courseName={course.name}
                onLoaded={onBatches}
              />
            </Suspense>
          </div>
          <StaticHtml as="section" className="card course-instructor" aria-labelledby="course-instructor">
            <h2 id="course-instructor">Your instructor</h2>
            <div className="preview__instructor">
              <img src={course.instructor.photo} alt="" width={56} height={56} />
              <div>
                <strong>{course.instructor.name}</strong>
                {course.instructor.role && (
                  <>
                    <br />
                    <span className="muted">{course.instructor.role}</span>
                  </>
                )}
              </div>
            </div>
          </StaticHtml>
        </div>
      </section>
      {related.length > 0 && (
        <StaticHtml as="section" className="section section--alt" aria-labelledby="course-related">
          <div className="container">
            <h2 id="course-related">More in {course.category}</h2>
            <ul className="course-related">
              {related.map((other) => (
                <li key={other.id}>
                  <Link to={coursePath(other.slug)}>{other.name}</Link>
                  <span className="muted">
                    {' '}
                    · {other.level} · {other.duration} · {formatRupees(other.price)}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        </StaticHtml>
      )}
    </>
  );
}
