import { timingSafeEqual } from 'node:crypto';
import type { DecodedIdToken } from 'firebase-admin/auth';
import type { QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { enrollments, type EnrollmentDoc } from './store';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { bearerToken, sha256, type HttpRequest } from '../http/request';
import { trustedEmail, verifyIdToken } from '../http/identity';

/** Who is asking about one enrollment: the browser that holds its edit token, or a signed-in account. */
export interface EnrollmentCaller {
  editToken: string | undefined;
  account: DecodedIdToken | undefined;
}

/** Reads the caller's credentials (401 when there are none, or the ID token is not valid). */
export async function enrollmentCaller(req: HttpRequest, action: string): Promise<EnrollmentCaller> {
  const editToken = req.get('x-edit-token');
  const bearer = bearerToken(req);
  if (!editToken && !bearer) {
    throw new HttpError('unauthenticated', `${action} an enrollment needs its edit token or the owner's sign-in.`);
  }
  return { editToken, account: bearer ? await verifyIdToken(bearer) : undefined };
}

export function tokenMatches(token: string, hashes: unknown): boolean {
  if (!Array.isArray(hashes)) return false;
  const given = Buffer.from(sha256(token), 'hex');
  let match = false;
  for (const hash of hashes) {
    if (typeof hash !== 'string') continue;
    const stored = Buffer.from(hash, 'hex');
    if (stored.length === given.length && timingSafeEqual(stored, given)) match = true;
  }
  return match;
}

/**
 * The enrollment's edit token, its creator's account, or an account whose verified e-mail is the
 * enrollment's (the same rule that lists it on that account's My Courses).
 */
export function mayAccess(caller: EnrollmentCaller, doc: EnrollmentDoc): boolean {
  if (caller.editToken !== undefined && tokenMatches(caller.editToken, doc.editTokenHashes)) return true;
  return caller.account !== undefined && ownedBy(caller.account, doc);
}

/** What the ownership rule reads of an account: its uid and its e-mail, if verified. */
export type AccountIdentity = Pick<DecodedIdToken, 'uid' | 'email' | 'email_verified'>;

/** The account half of that rule: made while signed in to this account, or with its verified e-mail address. */
export function ownedBy(account: AccountIdentity, doc: EnrollmentDoc): boolean {
  if (doc.uid !== null && doc.uid === account.uid) return true;
  const email = trustedEmail(account);
  return email !== undefined && email === doc.email;
}

/** An account's own enrollments, as enrollmentsOwnedBy reads them (a caller that has read them hands them on). */
export type OwnedEnrollments = QueryDocumentSnapshot<EnrollmentDoc>[];

/**
 * The account's enrollments by the same rule (both queries, each enrollment once); `newest` keeps the
 * newest that many of each, for a list.
 */
export async function enrollmentsOwnedBy(account: AccountIdentity, newest?: number): Promise<OwnedEnrollments> {
  const email = trustedEmail(account);
  const query = (field: 'uid' | 'email', value: string) => {
    const where = enrollments().where(field, '==', value);
    return (newest === undefined ? where : where.orderBy('createdAt', 'desc').limit(newest)).get();
  };
  const found = await withDeadline(Promise.all([query('uid', account.uid), ...(email ? [query('email', email)] : [])]));
  const byId = new Map<string, QueryDocumentSnapshot<EnrollmentDoc>>();
  for (const snap of found) for (const doc of snap.docs) byId.set(doc.id, doc);
  return [...byId.values()];
}

export function assertAccess(caller: EnrollmentCaller, doc: EnrollmentDoc, action: string): void {
  if (!mayAccess(caller, doc)) throw new HttpError('permission-denied', `You cannot ${action} this enrollment.`);
}
