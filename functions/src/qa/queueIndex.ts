import { FieldValue } from 'firebase-admin/firestore';
import { INSTRUCTORS } from '@upskill/domain/catalogue';
import { runTransaction } from '../http/transaction';
import { chunks } from '../platform/chunks';
import { batches, type BatchDoc } from '../batches/store';
import { instructorOfferings } from '../batches/instructorOfferings';
import { qaQuestions } from './store';

/**
 * `npm run jobs -- qa-queue`: what the answer queue reads, rebuilt from the records (a repair, as qa-figures is;
 * both are kept by the commits that change them). Each instructor's offerings from their batches, in a transaction
 * per instructor that reads their batches and their document, so a batch opened meanwhile (whose commit writes the
 * same document) lands before the read or after the write. Then each question still waiting for the team in a batch
 * space gets its batch's instructor, where it lacks it (written around the API) or the batch has moved since.
 */
export async function rebuildAnswerQueue(): Promise<{
  instructors: number;
  offerings: number;
  questionsChecked: number;
  questionsMended: number;
}> {
  let offerings = 0;
  for (const instructor of Object.keys(INSTRUCTORS)) {
    offerings += await runTransaction(async (tx) => {
      const ref = instructorOfferings().doc(instructor);
      const [taught] = await Promise.all([tx.get(batches().where('instructor', '==', instructor)), tx.get(ref)]);
      const list = [...new Set(taught.docs.map((d) => d.data().offering))].sort();
      tx.set(ref, { instructor, offerings: list, updatedAt: FieldValue.serverTimestamp() });
      return list.length;
    });
  }
  const waiting = (await qaQuestions().where('firstAnswerAt', '==', null).get()).docs.filter((d) => d.data().batchId);
  let mended = 0;
  // A hundred questions and their batches to a transaction: a staff move of one of those batches meanwhile (which
  // writes its waiting questions' instructor) lands before these reads or after these writes.
  for (const group of chunks(waiting, 100)) {
    mended += await runTransaction(async (tx) => {
      const questions = await tx.getAll(...group.map((d) => d.ref));
      const batchIds = [...new Set(group.map((d) => d.data().batchId!))];
      const found = await tx.getAll(...batchIds.map((id) => batches().doc(id)));
      // getAll loses the collection's converter type; the documents are read through it all the same.
      const owner = new Map(found.map((snap) => [snap.id, (snap.data() as BatchDoc | undefined)?.instructor ?? null]));
      let count = 0;
      for (const snap of questions) {
        const question = snap.data();
        const instructor = question?.batchId ? (owner.get(question.batchId) ?? null) : null;
        if (!question || instructor === null || question.instructor === instructor) continue;
        tx.update(snap.ref, { instructor });
        count++;
      }
      return count;
    });
  }
  return { instructors: Object.keys(INSTRUCTORS).length, offerings, questionsChecked: waiting.length, questionsMended: mended };
}
