import { getAuth, type UserRecord } from 'firebase-admin/auth';
import { ADMIN_CLAIM, STAFF_CLAIM, teamChangeSchema, type StaffActionAnswer, type TeamMember } from '@upskill/domain/staff';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { validateBody } from '../http/validate';
import { adminApp } from '../platform/app';
import { db } from '../platform/database';
import type { StaffActor } from './access';
import { writeAudit } from './audit';

function requireAdmin(actor: StaffActor): void {
  if (!actor.admin) throw new HttpError('permission-denied', 'Only an administrator can see or change who is staff.');
}

const claimsOf = (user: UserRecord): Record<string, unknown> => user.customClaims ?? {};

/** GET /api/staff/team: everyone with console access (a scan of the accounts: fine for a company's user base of this size). */
export async function listTeam(actor: StaffActor): Promise<TeamMember[]> {
  requireAdmin(actor);
  const members: TeamMember[] = [];
  let pageToken: string | undefined;
  do {
    const page = await withDeadline(getAuth(adminApp()).listUsers(1000, pageToken));
    for (const user of page.users) {
      const claims = claimsOf(user);
      if (claims[STAFF_CLAIM] === true) members.push({ uid: user.uid, email: user.email ?? user.uid, admin: claims[ADMIN_CLAIM] === true });
    }
    pageToken = page.pageToken;
  } while (pageToken);
  return members.sort((a, b) => a.email.localeCompare(b.email));
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
    throw new HttpError('not-found', `No account uses ${email}. They must register on the site first.`, { email: 'No account uses this address.' });
  });
  if (user.uid === actor.uid) throw new HttpError('failed-precondition', 'You cannot change your own access.');
  const claims = { ...claimsOf(user) };
  if (claims[ADMIN_CLAIM] === true) throw new HttpError('failed-precondition', 'Administrators are managed with the staff CLI (npm run staff).');
  if (input.access === 'staff') {
    await withDeadline(auth.setCustomUserClaims(user.uid, { ...claims, [STAFF_CLAIM]: true }));
  } else {
    delete claims[STAFF_CLAIM];
    await withDeadline(auth.setCustomUserClaims(user.uid, claims));
    await withDeadline(auth.revokeRefreshTokens(user.uid));
  }
  const auditId = await withDeadline(db().runTransaction(async (tx) =>
    writeAudit(tx, actor, input.access === 'staff' ? 'staff-granted' : 'staff-revoked', { kind: 'user', id: user.uid }, email)));
  return { ok: true, auditId };
}
