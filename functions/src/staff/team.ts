import { getAuth, type UserRecord } from 'firebase-admin/auth';
import {
  ADMIN_CLAIM,
  STAFF_CLAIM,
  teamChangeSchema,
  type StaffActionAnswer,
  type TeamAnswer,
  type TeamInstructor,
  type TeamMember,
  type TeamMentor,
  mentorChangeSchema,
} from '@upskill/domain/staff';
import { MENTOR_CLAIM } from '@upskill/domain/mentoring';
import { mentors as mentorProfiles } from '../mentoring/store';
import { INSTRUCTOR_CLAIM, instructorChangeSchema, instructorKeyOf } from '@upskill/domain/teaching';
import { INSTRUCTORS } from '@upskill/domain/catalogue';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { validateBody } from '../http/validate';
import { adminApp } from '../platform/app';
import type { StaffActor } from '../http/staffAccess';
import { writeAudit } from '../audit/staffAudit';
import { runTransaction } from '../http/transaction';

function requireAdmin(actor: StaffActor): void {
  if (!actor.admin) throw new HttpError('permission-denied', 'Only an administrator can see or change who is staff.');
}

const claimsOf = (user: UserRecord): Record<string, unknown> => user.customClaims ?? {};

/** GET /api/staff/team: everyone with console access (a scan of the accounts: fine for a company's user base of this size). */
export async function listTeam(actor: StaffActor): Promise<TeamAnswer> {
  requireAdmin(actor);
  const members: TeamMember[] = [];
  const instructors: TeamInstructor[] = [];
  const mentors: TeamMentor[] = [];
  let pageToken: string | undefined;
  do {
    const page = await withDeadline(getAuth(adminApp()).listUsers(1000, pageToken));
    for (const user of page.users) {
      const claims = claimsOf(user);
      if (claims[STAFF_CLAIM] === true) members.push({ uid: user.uid, email: user.email ?? user.uid, admin: claims[ADMIN_CLAIM] === true });
      const key = instructorKeyOf(claims);
      if (key) instructors.push({ uid: user.uid, email: user.email ?? user.uid, instructor: key, name: INSTRUCTORS[key].name });
      if (claims[MENTOR_CLAIM] === true) mentors.push({ uid: user.uid, email: user.email ?? user.uid });
    }
    pageToken = page.pageToken;
  } while (pageToken);
  const byEmail = (a: { email: string }, b: { email: string }) => a.email.localeCompare(b.email);
  return { members: members.sort(byEmail), instructors: instructors.sort(byEmail), mentors: mentors.sort(byEmail) };
}

async function accountByEmail(address: string) {
  const email = address.trim().toLowerCase();
  const user = await withDeadline(getAuth(adminApp()).getUserByEmail(email)).catch((err: unknown) => {
    if (err instanceof HttpError) throw err;
    throw new HttpError('not-found', `No account uses ${email}. They must register on the site first.`, {
      email: 'No account uses this address.',
    });
  });
  return { email, user };
}

/**
 * POST /api/staff/team/instructor {email, instructor}: an admin makes a registered account the instructor
 * of a profile (they then see and run that profile's batches on My teaching), or takes it away ("none":
 * the claim removed and their sessions revoked, so it takes effect at once). Audited as staff changes are.
 */
export async function changeInstructor(actor: StaffActor, body: Record<string, unknown>): Promise<StaffActionAnswer> {
  requireAdmin(actor);
  const input = await validateBody(instructorChangeSchema, body, 'Please check the instructor.');
  const { email, user } = await accountByEmail(input.email);
  const auth = getAuth(adminApp());
  const claims = { ...claimsOf(user) };
  const granted = input.instructor !== 'none';
  if (granted) {
    await withDeadline(auth.setCustomUserClaims(user.uid, { ...claims, [INSTRUCTOR_CLAIM]: input.instructor }));
  } else {
    delete claims[INSTRUCTOR_CLAIM];
    await withDeadline(auth.setCustomUserClaims(user.uid, claims));
    await withDeadline(auth.revokeRefreshTokens(user.uid));
  }
  const detail = granted ? `${email} as ${INSTRUCTORS[input.instructor as keyof typeof INSTRUCTORS].name}` : email;
  const auditId = await withDeadline(
    runTransaction(async (tx) =>
      writeAudit(tx, actor, granted ? 'instructor-granted' : 'instructor-revoked', { kind: 'user', id: user.uid }, detail),
    ),
  );
  return { ok: true, auditId };
}

/**
 * POST /api/staff/team {email, access}: an admin makes a registered account staff, or takes it away
 * (claims removed and sessions revoked, as the CLI does). Not themselves, and not another admin: those
 * stay with whoever holds the project's credentials. The audit entry follows the claim change (Auth
 * and Firestore share no transaction); a failed audit write fails the request, so it is retried.
 */
export async function changeTeam(actor: StaffActor, body: Record<string, unknown>): Promise<StaffActionAnswer> {
  requireAdmin(actor);
  const input = await validateBody(teamChangeSchema, body, 'Please check the e-mail address.');
  const auth = getAuth(adminApp());
  const email = input.email.trim().toLowerCase();
  const user = await withDeadline(auth.getUserByEmail(email)).catch((err: unknown) => {
    if (err instanceof HttpError) throw err;
    throw new HttpError('not-found', `No account uses ${email}. They must register on the site first.`, {
      email: 'No account uses this address.',
    });
  });
  if (user.uid === actor.uid) throw new HttpError('failed-precondition', 'You cannot change your own access.');
  const claims = { ...claimsOf(user) };
  if (claims[ADMIN_CLAIM] === true)
    throw new HttpError('failed-precondition', 'Administrators are managed with the staff CLI (npm run staff).');
  if (input.access === 'staff') {
    await withDeadline(auth.setCustomUserClaims(user.uid, { ...claims, [STAFF_CLAIM]: true }));
  } else {
    delete claims[STAFF_CLAIM];
    await withDeadline(auth.setCustomUserClaims(user.uid, claims));
    await withDeadline(auth.revokeRefreshTokens(user.uid));
  }
  const auditId = await withDeadline(
    runTransaction(async (tx) =>
      writeAudit(tx, actor, input.access === 'staff' ? 'staff-granted' : 'staff-revoked', { kind: 'user', id: user.uid }, email),
    ),
  );
  return { ok: true, auditId };
}

/**
 * POST /api/staff/team/mentor {email, mentor}: an admin makes a registered account a mentor (they fill in their
 * profile and hours on My mentoring), or takes it away: the claim removed, their sessions revoked, and their
 * profile hidden from learners in the transaction that audits it. Their booked sessions stand.
 */
export async function changeMentor(actor: StaffActor, body: Record<string, unknown>): Promise<StaffActionAnswer> {
  requireAdmin(actor);
  const input = await validateBody(mentorChangeSchema, body, 'Please check the mentor.');
  const { email, user } = await accountByEmail(input.email);
  const auth = getAuth(adminApp());
  const claims = { ...claimsOf(user) };
  if (input.mentor) {
    await withDeadline(auth.setCustomUserClaims(user.uid, { ...claims, [MENTOR_CLAIM]: true }));
  } else {
    delete claims[MENTOR_CLAIM];
    await withDeadline(auth.setCustomUserClaims(user.uid, claims));
    await withDeadline(auth.revokeRefreshTokens(user.uid));
  }
  const profile = mentorProfiles().doc(user.uid);
  const auditId = await withDeadline(
    runTransaction(async (tx) => {
      const existing = (await tx.get(profile)).data();
      if (!input.mentor && existing?.active) tx.update(profile, { active: false });
      return writeAudit(tx, actor, input.mentor ? 'mentor-granted' : 'mentor-revoked', { kind: 'user', id: user.uid }, email);
    }),
  );
  return { ok: true, auditId };
}
