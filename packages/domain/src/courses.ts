import { CATALOGUE } from './catalogue';
import type { Instructor } from './instructors';
import type { Badge, Category, Level } from './enums';

export interface Course {
  id: number;
  /** The course page's address segment, /courses/{slug}: derived from the name (see slugify). */
  slug: string;
  name: string;
  desc: string;
  category: Category;
  /** Key of an icon in the site's inline SVG set. */
  icon: CourseIcon;
  badge?: Badge;
  rating: number;
  students: number;
  duration: string;
  level: Level;
  /** Shown as '% Seats Filled' on cards and '% complete' in the preview. */
  progress: number;
  /** Rupees. */
  price: number;
  topics: string[];
  learningOutcomes: string[];
  instructor: Instructor;
  details: string;
}

export const COURSE_ICONS = [
  'code',
  'brain',
  'cloud',
  'shield',
  'globe',
  'chip',
  'bolt',
  'gear',
  'chart',
  'palette',
  'flask',
  'phone',
] as const;
export type CourseIcon = (typeof COURSE_ICONS)[number];

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
