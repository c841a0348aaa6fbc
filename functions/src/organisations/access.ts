import type { DecodedIdToken } from 'firebase-admin/auth';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { trustedEmail } from '../http/identity';
import { organisationNotFound, organisations, type OrganisationDoc } from './store';

/**
 * Who may act for an organisation: a signed-in account whose verified address is one of its admins'. An account
 * that administers no organisation gets 403 on every team route; an admin of another organisation gets the same
 * 404 as for an organisation that does not exist, so ids cannot be probed.
 */
export interface TeamAdmin {
  uid: string;
  email: string;
  name: string;
}

const notAnAdmin = () =>
  new HttpError('permission-denied', 'Only an organisation’s admins can see this. Sign in with the address your organisation added.');

export function adminOf(account: DecodedIdToken): TeamAdmin {
  const email = trustedEmail(account);
  if (!email)
    throw new HttpError('permission-denied', 'Verify your e-mail address first: admins are recognised by their verified address.');
  const name = typeof account.name === 'string' && account.name.trim() ? account.name.trim() : email;
  return { uid: account.uid, email, name };
}

/** The confirmed organisations this account administers. */
export async function administered(account: DecodedIdToken) {
  const email = trustedEmail(account);
  if (!email) return [];
  const found = await withDeadline(organisations().where('adminEmails', 'array-contains', email).limit(20).get());
  return found.docs.filter((d) => d.data().status === 'confirmed');
}

/** The organisation `id`, if this account administers it: else 403 (an admin of none) or 404 (of others). */
export async function loadAsAdmin(account: DecodedIdToken, id: string): Promise<{ admin: TeamAdmin; organisation: OrganisationDoc }> {
  const admin = adminOf(account);
  const organisation = (await withDeadline(organisations().doc(id).get())).data();
  if (organisation?.status === 'confirmed' && organisation.adminEmails.includes(admin.email)) return { admin, organisation };
  if ((await administered(account)).length === 0) throw notAnAdmin();
  throw organisationNotFound();
}

export { notAnAdmin };
