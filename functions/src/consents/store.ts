import { Timestamp, type DocumentReference } from 'firebase-admin/firestore';
import { CONSENT_PURPOSES, CONSENT_TITLES, type ConsentKind, type ConsentView } from '@upskill/domain/account';
import { collection, type Stored } from '../platform/collections';
import { setDoc, updateDoc, type Writer } from '../platform/writer';

/** consents/{kind-subject} (domain/consents.ts consentId). */
export const consents = () => collection('consents');
export type ConsentDoc = Stored<'consents'>;

export interface GivenConsent {
  kind: ConsentKind;
  uid: string | null;
  subjectHash: string;
  /** The address hash of the request that gave it (addressHash.ts). */
  from: string;
  at: number;
  givenBy?: string | null;
  enrollmentId?: string | null;
  about?: string | null;
}

/**
 * Writes a consent as given now, in the caller's transaction or batch. Giving again after a withdrawal
 * starts a new record in the same place: the consent that counts is the latest one.
 */
export function giveConsent(writer: Writer, ref: DocumentReference<ConsentDoc>, given: GivenConsent): void {
  const doc: ConsentDoc = {
    kind: given.kind,
    purpose: CONSENT_PURPOSES[given.kind],
    uid: given.uid,
    subjectHash: given.subjectHash,
    state: 'given',
    givenAt: Timestamp.fromMillis(given.at),
    givenFrom: given.from,
    withdrawnAt: null,
    withdrawnFrom: null,
    givenBy: given.givenBy ?? null,
    enrollmentId: given.enrollmentId ?? null,
    about: given.about ?? null,
  };
  setDoc(writer, ref, doc);
}

/** Marks a given consent withdrawn (once: a second withdrawal changes nothing). */
export function withdrawConsent(
  writer: Writer,
  ref: DocumentReference<ConsentDoc>,
  current: ConsentDoc | undefined,
  from: string,
  at: number,
): void {
  if (!current || current.state === 'withdrawn') return;
  updateDoc(writer, ref, { state: 'withdrawn', withdrawnAt: Timestamp.fromMillis(at), withdrawnFrom: from });
}

/** A consent as the learner and staff see it: its purpose and dates, never the address hashes. */
export function consentView(id: string, doc: ConsentDoc): ConsentView {
  return {
    id,
    kind: doc.kind,
    title: CONSENT_TITLES[doc.kind],
    purpose: doc.purpose,
    state: doc.state,
    givenAt: doc.givenAt.toDate().toISOString(),
    withdrawnAt: doc.withdrawnAt ? doc.withdrawnAt.toDate().toISOString() : null,
    givenBy: doc.givenBy,
    about: doc.about,
    // The account terms end with the account: /account sends the learner to "Delete my account" instead.
    withdrawable: doc.state === 'given' && doc.kind !== 'account-terms',
  };
}

/** Every consent about one person: by their account and by their address (newsletter, guardians). */
export async function consentsAbout(uid: string | null, emailHash: string | null): Promise<Map<string, ConsentDoc>> {
  const found = new Map<string, ConsentDoc>();
  const queries = [
    ...(uid ? [consents().where('uid', '==', uid).get()] : []),
    ...(emailHash ? [consents().where('subjectHash', '==', emailHash).get()] : []),
  ];
  for (const snap of await Promise.all(queries)) for (const d of snap.docs) found.set(d.id, d.data());
  return found;
}
