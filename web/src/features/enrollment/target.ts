import { findCourse } from '@domain/courses';
import { findPlan } from '@domain/plans';

/** What the visitor chose to enroll in; travels as router state and survives reloads via the URL. */
export type EnrollmentTarget =
  | { kind: 'plan'; planId: string; coupon?: string }
  | { kind: 'course'; courseId: number };

/** Route param for a course: `course-<id>`; for a plan: its key. */
export const courseParam = (id: number) => `course-${id}`;

export function targetFromParam(param: string | undefined): EnrollmentTarget | undefined {
  if (!param) return undefined;
  const course = /^course-(\d{1,3})$/.exec(param);
  if (course) return findCourse(Number(course[1])) ? { kind: 'course', courseId: Number(course[1]) } : undefined;
  return findPlan(param) ? { kind: 'plan', planId: param } : undefined;
}

export function isEnrollmentTarget(value: unknown): value is EnrollmentTarget {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  if (v.kind === 'plan') return typeof v.planId === 'string' && findPlan(v.planId) !== undefined;
  if (v.kind === 'course') return typeof v.courseId === 'number' && findCourse(v.courseId) !== undefined;
  return false;
}
