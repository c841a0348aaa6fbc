import { enrollmentPath } from '../../config/paths';

// No catalogue import here: every "Enroll" button on the site uses this module, the home page's too.

/** What the visitor chose to enroll in; travels as router state and survives reloads via the URL. */
export type EnrollmentTarget =
  | { kind: 'plan'; planId: string; coupon?: string; /** The Custom plan's chosen courses. */ courseIds?: number[] }
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
