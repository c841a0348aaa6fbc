import { findCourse } from '@domain/courses';
import { findPlan } from '@domain/plans';
import { enrollmentPath } from '../../config/paths';

/** What the visitor chose to enroll in; travels as router state and survives reloads via the URL. */
export type EnrollmentTarget =
  | { kind: 'plan'; planId: string; coupon?: string }
  | { kind: 'course'; courseId: number };

/** Router state the enrollment form accepts: the target, and the id of an enrollment being edited. */
export type EnrollmentLinkState = EnrollmentTarget & { editId?: string };

/** The `:target` route parameter: a plan's key (`pro`) or `course-<id>` (`course-5`). */
export function targetParam(target: EnrollmentTarget): string {
  return target.kind === 'course' ? `course-${target.courseId}` : target.planId;
}

/**
 * "Enroll in this": the link and router state for the enrollment form, for a Link (`{...enrollLink(t)}`)
 * or navigate(to, { state }). The state carries a coupon and an edit id that the URL does not.
 */
export function enrollLink(target: EnrollmentTarget, editId?: string): { to: string; state: EnrollmentLinkState } {
  return { to: enrollmentPath(targetParam(target)), state: editId ? { ...target, editId } : target };
}

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
