import { SeatsBar } from '../batches';
import { Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Course } from '@upskill/domain/catalogue';
import { formatIndianNumber, formatRupees } from '@upskill/domain/common';
import { Modal } from '../../components/Modal';
import { Stars } from '../../components/Stars';
import { coursePath } from '../../config/paths';
import { enrollLink } from '../enrollment';
import { CourseSyllabus } from './CourseSyllabus';
import { useSessionHint } from '../../lib/sessionHint';
import { StarterCourseProgress } from '../starter/index.lazy';

const OFFER_SECONDS = 300;

export function formatCountdown(seconds: number): string {
  const mm = String(Math.floor(seconds / 60)).padStart(2, '0');
  const ss = String(seconds % 60).padStart(2, '0');
  return `${mm}:${ss}`;
}

/** The 'Limited Offer' countdown: 05:00 down to 00:00, one tick a second, display only. */
function useCountdown(from: number): number {
  const [left, setLeft] = useState(from);
  useEffect(() => {
    const timer = window.setInterval(() => {
      setLeft((value) => {
        if (value <= 1) window.clearInterval(timer);
        return Math.max(0, value - 1);
      });
    }, 1000);
    return () => window.clearInterval(timer);
  }, []);
  return left;
}

export function PreviewModal({ course, onClose }: { course: Course; onClose: () => void }) {
  const left = useCountdown(OFFER_SECONDS);
  // Signed in: the learner's own "% complete" where they have progress (loaded only then); else the seat fill.
  const signedIn = useSessionHint();
  const seats = <SeatsBar offering={course.slug} />;
  const titleId = `preview-${course.id}-title`;
  return (
    <Modal titleId={titleId} onClose={onClose}>
      <div className="preview__head">
        {course.badge && <span className={`badge badge--${course.badge}`}>{course.badge}</span>}
        <span className="muted">
          {course.category} · {course.level} · {course.duration}
        </span>
      </div>
      <h2 id={titleId}>{course.name}</h2>
      <Stars rating={course.rating} /> <span className="muted">({formatIndianNumber(course.students)} students)</span>
      <p>{course.details}</p>
      <div className="offer" role="timer" aria-live="off" aria-label="Limited Offer time left">
        <span>Limited Offer</span>
        <time data-testid="countdown">{formatCountdown(left)}</time>
      </div>
      <CourseSyllabus course={course} idPrefix={titleId} />
      <div className="preview__grid" style={{ marginTop: 24, alignItems: 'center' }}>
        <div className="preview__instructor">
          <img src={course.instructor.photo} alt="" width={56} height={56} />
          <div>
            <span className="muted">Instructor</span>
            <br />
            <strong>{course.instructor.name}</strong>
          </div>
        </div>
        {signedIn ? (
          <Suspense fallback={seats}>
            <StarterCourseProgress courseId={course.id} fallback={seats} />
          </Suspense>
        ) : (
          seats
        )}
      </div>
      <p className="plan__price" style={{ marginTop: 24 }}>
        {formatRupees(course.price)}
      </p>
      <div className="preview__actions">
        <Link className="btn btn--secondary" to={coursePath(course.slug)}>
          View full course
        </Link>
        <Link className="btn btn--primary" {...enrollLink({ kind: 'course', courseId: course.id })}>
          Enroll Now
        </Link>
      </div>
    </Modal>
  );
}
