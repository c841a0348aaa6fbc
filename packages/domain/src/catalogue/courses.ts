import type { Course } from './catalogue';
import { CATALOGUE } from './catalogue';

export { COURSE_ICONS, type Course, type CourseIcon } from './catalogue';
const rows = CATALOGUE;

/**
 * A course's URL segment from its name: lower case, '&' read as 'and', '++' as 'pp', every other run of
 * punctuation or spaces one hyphen ('UI/UX Design Bootcamp' -> 'ui-ux-design-bootcamp'). Search engines
 * index these addresses, so the catalogue test pins every slug: renaming a course must be a decision.
 */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/\+\+/g, 'pp')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The static catalogue: 34 courses with ids 1..34. */
export const COURSES: readonly Course[] = rows.map((row, index) => ({ id: index + 1, slug: slugify(row.name), ...row }));

/** The home page's popular courses: the best rated, the most enrolled first among equals. */
export function featuredCourses(count = 6): Course[] {
  return [...COURSES].sort((a, b) => b.rating - a.rating || b.students - a.students).slice(0, count);
}

export function findCourse(id: number): Course | undefined {
  return COURSES.find((course) => course.id === id);
}

export function findCourseBySlug(slug: string): Course | undefined {
  return COURSES.find((course) => course.slug === slug);
}

/** Features an enrollment for a single course includes (server-derived, never from the client). */
export function courseFeatures(course: Course): string[] {
  return [
    `Full access to ${course.name}`,
    `${course.duration} of live, mentor-led sessions`,
    `${course.level} level projects and reviews`,
    'Certificate of completion',
  ];
}
