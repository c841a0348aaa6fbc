import { findCourse, findPlan } from '@upskill/domain/catalogue';

import type { EnrollmentTarget } from './enrollLink';

export type { EnrollmentTarget };

// Checking a target against the catalogue loads the catalogue: only the enrollment form does it.

export function targetFromParam(param: string | undefined): EnrollmentTarget | undefined {
  if (!param) return undefined;
  const course = /^course-(\d{1,3})$/.exec(param);
  if (course) return findCourse(Number(course[1])) ? { kind: 'course', courseId: Number(course[1]) } : undefined;
  return findPlan(param) ? { kind: 'plan', planId: param } : undefined;
}

export function isEnrollmentTarget(value: unknown): value is EnrollmentTarget {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  if (v.kind === 'plan') {
    const ids = v.courseIds;
    const idsOk =
      ids === undefined ||
      (Array.isArray(ids) && ids.length <= 34 && ids.every((id) => typeof id === 'number' && findCourse(id) !== undefined));
    return typeof v.planId === 'string' && findPlan(v.planId) !== undefined && idsOk;
  }
  if (v.kind === 'course') return typeof v.courseId === 'number' && findCourse(v.courseId) !== undefined;
  return false;
}
