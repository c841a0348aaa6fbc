import { Link } from 'react-router-dom';
import type { Course } from '@upskill/domain/catalogue';
import { formatIndianNumber } from '@upskill/domain/common';
import { Icon } from '../../components/Icon';
import { coursePath } from '../../config/paths';
import { Stars } from '../../components/Stars';
import { StaticPart } from '../../components/StaticHtml';
import { enrollLink } from '../enrollment';
import { CourseMeta } from './CourseMeta';
import { SeatsBar } from '../batches';

interface Props {
  course: Course;
  onPreview?: (course: Course) => void;
}

/**
 * A course in a list. Its icon row, facts and rating are static parts a prerendered page keeps as HTML; the title,
 * the links, the seats bar and the buttons are hydrated. Lists key cards by course, as StaticPart requires.
 */
export function CourseCard({ course, onPreview }: Props) {
  const titleId = `course-${course.id}-title`;
  return (
    <article className="course-card card" aria-labelledby={titleId} data-testid="course-card">
      <StaticPart className="course-card__top">
        <span className="course-card__icon">
          <Icon name={course.icon} size={26} />
        </span>
        {course.badge && <span className={`badge badge--${course.badge}`}>{course.badge}</span>}
      </StaticPart>
      <h3 id={titleId} className="course-card__title">
        {onPreview ? (
          <button type="button" className="course-card__open" onClick={() => onPreview(course)}>
            {course.name}
          </button>
        ) : (
          <Link className="course-card__open" to={coursePath(course.slug)}>
            {course.name}
          </Link>
        )}
      </h3>
      <p className="course-card__desc">{course.desc}</p>
      {onPreview && (
        <Link className="course-card__more" to={coursePath(course.slug)} aria-label={`Course details: ${course.name}`}>
          Course details
        </Link>
      )}
      <CourseMeta course={course}>
        <li>
          <Icon name="users" size={16} /> {formatIndianNumber(course.students)} students
        </li>
      </CourseMeta>
      <Stars rating={course.rating} />
      <SeatsBar offering={course.slug} />
      <div className="course-card__actions">
        {onPreview && (
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            onClick={() => onPreview(course)}
            aria-label={`Preview ${course.name}`}
          >
            Preview
          </button>
        )}
        <Link
          className="btn btn--primary btn--sm"
          {...enrollLink({ kind: 'course', courseId: course.id })}
          aria-label={`Enroll Now in ${course.name}`}
        >
          Enroll Now
        </Link>
      </div>
    </article>
  );
}
