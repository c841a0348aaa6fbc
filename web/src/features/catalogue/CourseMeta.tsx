import type { ReactNode } from 'react';
import type { Course } from '@upskill/domain/catalogue';
import { Icon } from '../../components/Icon';
import { StaticPart } from '../../components/StaticHtml';

/**
 * A course's length and level, and whatever the place showing it adds (students on a card, the format on its
 * page). Static: a prerendered page keeps it as HTML (StaticPart).
 */
export function CourseMeta({ course, children }: { course: Course; children?: ReactNode }) {
  return (
    <StaticPart as="ul" className="course-card__meta">
      <li>
        <Icon name="clock" size={16} /> {course.duration}
      </li>
      <li>
        <Icon name="level" size={16} /> {course.level}
      </li>
      {children}
    </StaticPart>
  );
}
