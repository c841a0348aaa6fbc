import { FieldValue, type Transaction } from 'firebase-admin/firestore';
import { withDeadline } from '../http/handler';
import { runTransaction } from '../http/transaction';
import { collection } from '../platform/collections';
import { mergeDoc, type Writer } from '../platform/writer';
import { batches } from './store';

/**
 * instructorOfferings/{instructorKey}: the offerings an instructor has batches of (decision 0039). The Q&A answer
 * queue reads this one document to find the course and programme spaces an instructor answers in; reading every
 * batch they teach grew with their batches (700 of them at 10x of the scale test).
 */
export const instructorOfferings = () => collection('instructorOfferings');

/**
 * The batch's offering on its instructor's list, in the batch's own commit. A merge with arrayUnion reads nothing,
 * so staff opening a whole intake at once (a commit per offering, several naming one instructor) never conflict.
 */
export function noteOffering(writer: Writer, instructor: string, offering: string): void {
  const ref = instructorOfferings().doc(instructor);
  const entry = { instructor, offerings: FieldValue.arrayUnion(offering), updatedAt: FieldValue.serverTimestamp() };
  mergeDoc(writer, ref, entry);
}

/**
 * A batch moves from `instructor` to someone else: whether no other batch of its offering is theirs, so the offering
 * leaves their list (dropOffering) and their queue stops listing a course space they may no longer answer in
 * (qaMember gives an instructor the spaces of their batches' courses). A transaction's read: at most two batches.
 */
export async function lastOfOffering(tx: Transaction, instructor: string, offering: string, movedBatchId: string): Promise<boolean> {
  const theirs = await tx.get(batches().where('instructor', '==', instructor).where('offering', '==', offering).limit(2));
  return !theirs.docs.some((d) => d.id !== movedBatchId);
}

export function dropOffering(tx: Transaction, instructor: string, offering: string): void {
  tx.set(
    instructorOfferings().doc(instructor),
    { instructor, offerings: FieldValue.arrayRemove(offering), updatedAt: FieldValue.serverTimestamp() },
    { merge: true },
  );
}

/**
 * The instructor's offerings. A list never written (batches made before the list existed) is made once from their
 * batches, in a transaction that a batch created meanwhile (whose commit writes the same document) cannot slip past.
 */
export async function offeringsOf(instructor: string): Promise<string[]> {
  const ref = instructorOfferings().doc(instructor);
  const known = (await withDeadline(ref.get())).data();
  if (known) return known.offerings;
  return withDeadline(
    runTransaction(async (tx) => {
      const again = (await tx.get(ref)).data();
      if (again) return again.offerings;
      const taught = await tx.get(batches().where('instructor', '==', instructor));
      const offerings = [...new Set(taught.docs.map((d) => d.data().offering))].sort();
      tx.create(ref, { instructor, offerings, updatedAt: FieldValue.serverTimestamp() as unknown as FirebaseFirestore.Timestamp });
      return offerings;
    }),
  );
}
