import { findCourse } from '../catalogue';
import { grantOfEnrollment } from './entitlements';

/** One line of what was bought: "Plan: Pro", "Courses: …", "Interested in: Cloud Computing". */
export interface PurchaseLine {
  label: string;
  value: string;
}

/** The facts of an enrollment that say what was bought. */
export interface PurchaseFacts {
  planId: string | null;
  planName: string;
  courseId: number | null;
  /** A Custom plan's courses (absent on enrollments stored before Custom plans). */
  courseIds?: number[] | null;
  interestedCourse: string;
}

const grantOfPurchase = (e: PurchaseFacts) => grantOfEnrollment({ planId: e.planId, courseId: e.courseId, courseIds: e.courseIds ?? null });

const courseName = (id: number) => findCourse(id)?.name ?? `Course ${id}`;

/**
 * What a buyer bought, as the payment step, the receipt, the mails and the invoice name it: the course,
 * or the plan and what it includes. The form's "Interested course" defaults to its first option, so it
 * is never presented as the thing bought: it is shown as an interest ("Interested in") where the plan
 * leaves the choice of course open (credits, the membership), as the programme a Pre Registration holds
 * a seat in, and not at all for a course or a Custom plan, which name their courses themselves.
 */
export function purchaseLines(e: PurchaseFacts): PurchaseLine[] {
  const grant = grantOfPurchase(e);
  if (e.planId === null) return [{ label: 'Course', value: e.courseId === null ? e.planName : courseName(e.courseId) }];
  const plan = { label: 'Plan', value: e.planName };
  switch (grant.kind) {
    case 'courses':
      return [plan, { label: grant.courseIds.length === 1 ? 'Course' : 'Courses', value: grant.courseIds.map(courseName).join(', ') }];
    case 'credits': {
      const credits = `${grant.credits} course ${grant.credits === 1 ? 'credit, spent' : 'credits, each spent'} on a course of your choice`;
      return [plan, { label: 'Includes', value: credits }, { label: 'Interested in', value: e.interestedCourse }];
    }
    case 'membership':
      return [
        plan,
        { label: 'Includes', value: 'Every course, live and recorded, while the membership is active' },
        { label: 'Interested in', value: e.interestedCourse },
      ];
    case 'pre-registration':
      return [plan, { label: 'Programme', value: e.interestedCourse }];
  }
}

/** The same in one line, for an invoice's description and the gateway's notes: "Pro plan (3 course credits)". */
export function purchaseTitle(e: PurchaseFacts): string {
  const grant = grantOfPurchase(e);
  if (e.planId === null) return e.courseId === null ? e.planName : courseName(e.courseId);
  switch (grant.kind) {
    case 'courses':
      return `${e.planName} plan: ${grant.courseIds.map(courseName).join(', ')}`;
    case 'credits':
      return `${e.planName} plan (${grant.credits} course ${grant.credits === 1 ? 'credit' : 'credits'})`;
    case 'membership':
      return e.planName;
    case 'pre-registration':
      return `${e.planName}: ${e.interestedCourse}`;
  }
}
