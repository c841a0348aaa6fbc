import type { DecodedIdToken } from 'firebase-admin/auth';
import { STARTER_PROGRAMMES, starterProgrammesOf } from '@upskill/domain/starter';
import { MENTOR_CLAIM } from '@upskill/domain/mentoring';
import { INSTRUCTOR_CLAIM } from '@upskill/domain/teaching';
import { isStaffClaims } from '@upskill/domain/staff';
import { enrollmentsOwnedBy, type AccountIdentity, type OwnedEnrollments } from '../enrollment/access';
import { entitledAt } from '../subscriptions/entitled';

/**
 * The programmes a learner's own enrollments open in full: those of each enrollment that gives access now (a Pre
 * Registration in its free week included), by the domain's rule. What My Courses lists.
 */
export async function learnerStarterProgrammes(
  account: AccountIdentity,
  nowMs: number,
  owned: Promise<OwnedEnrollments> = enrollmentsOwnedBy(account),
): Promise<Set<string>> {
  const open = new Set<string>();
  for (const snap of await owned) {
    const doc = snap.data();
    if (entitledAt(doc, nowMs)) for (const slug of starterProgrammesOf(doc)) open.add(slug);
  }
  return open;
}

/** What the account reads in full: every programme for the team (staff, instructors, mentors), else its own. The rest is a preview. */
export async function starterProgrammesFor(account: DecodedIdToken, nowMs: number): Promise<Set<string>> {
  const team = isStaffClaims(account) || account[MENTOR_CLAIM] === true || typeof account[INSTRUCTOR_CLAIM] === 'string';
  return team ? new Set(STARTER_PROGRAMMES.map((p) => p.slug)) : learnerStarterProgrammes(account, nowMs);
}
