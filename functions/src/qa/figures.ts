import { FieldValue, Timestamp, type Transaction, type WriteBatch } from 'firebase-admin/firestore';
import { figureWeeks, indiaWeekStart } from '@upskill/domain/batches';
import { qaSubject, qaWeekEntry, qaWeekId, type QaFigureFacts, type QaWeekDoc, type QaWeekEntry } from '@upskill/domain/qa';
import { withDeadline } from '../http/handler';
import { db } from '../platform/database';
import { qaQuestions, qaWeeks } from './store';

/**
 * The console's Q&A figures kept as they happen (domain qa/figures.ts): a question's entry in its week's document is
 * written in the same commit as the question, its first answer and staff hiding or showing it, so the console reads
 * one small document per week and subject instead of every question (issue 59).
 */

type Writer = Transaction | WriteBatch;

/** Writes (or, with null, removes) a question's entry in its week's document, creating the document if need be. */
export function writeWeekEntry(writer: Writer, id: string, q: QaFigureFacts, entry: QaWeekEntry | null, atMs: number): void {
  const subject = qaSubject(q);
  // A merge: the other questions' entries stay (a Transaction and a WriteBatch set alike).
  (writer as WriteBatch).set(
    qaWeeks().doc(qaWeekId(q)),
    {
      weekStart: Timestamp.fromMillis(indiaWeekStart(q.createdAt.toMillis())),
      subject: subject.key,
      name: subject.name,
      questions: { [id]: entry ?? FieldValue.delete() },
      updatedAt: Timestamp.fromMillis(atMs),
    } as unknown as QaWeekDoc<Timestamp>,
    { merge: true },
  );
}

/** The week documents the console shows: the last FIGURE_WEEKS weeks'. */
export async function shownWeeks(nowMs: number) {
  const since = Timestamp.fromMillis(figureWeeks(nowMs)[0]);
  return (await withDeadline(qaWeeks().where('weekStart', '>=', since).get())).docs.map((d) => d.data());
}

/** Questions read per page while rebuilding. */
const REBUILD_PAGE = 500;

/**
 * `npm run jobs -- qa-figures`: the shown weeks' documents rebuilt from the questions themselves (questions written
 * around the API, such as an import, or a figure that drifted). Each week document is replaced whole; one that no
 * question is counted in any more is deleted. A question asked while it runs may need the job run again.
 */
export async function rebuildQaWeeks(asOfMs: number): Promise<{ weeks: number; documents: number; questions: number }> {
  const since = Timestamp.fromMillis(figureWeeks(asOfMs)[0]);
  const built = new Map<string, QaWeekDoc<Timestamp>>();
  let questions = 0;
  let last: FirebaseFirestore.QueryDocumentSnapshot | undefined;
  for (;;) {
    let page = qaQuestions().where('createdAt', '>=', since).orderBy('createdAt', 'asc').limit(REBUILD_PAGE);
    if (last) page = page.startAfter(last);
    const snap = await withDeadline(page.get());
    for (const doc of snap.docs) {
      const q = doc.data();
      if (q.hidden) continue;
      questions += 1;
      const id = qaWeekId(q);
      const subject = qaSubject(q);
      const week = built.get(id) ?? {
        weekStart: Timestamp.fromMillis(indiaWeekStart(q.createdAt.toMillis())),
        subject: subject.key,
        name: subject.name,
        questions: {},
        updatedAt: Timestamp.fromMillis(asOfMs),
      };
      week.questions[doc.id] = qaWeekEntry(q);
      built.set(id, week);
    }
    if (snap.size < REBUILD_PAGE) break;
    last = snap.docs[snap.docs.length - 1];
  }
  const stale = (await withDeadline(qaWeeks().where('weekStart', '>=', since).get())).docs.filter((d) => !built.has(d.id));
  const writes = [...[...built.entries()].map(([id, doc]) => ({ id, doc })), ...stale.map((d) => ({ id: d.id, doc: null }))];
  for (let i = 0; i < writes.length; i += 400) {
    const wb = db().batch();
    for (const { id, doc } of writes.slice(i, i + 400)) {
      if (doc) wb.set(qaWeeks().doc(id), doc);
      else wb.delete(qaWeeks().doc(id));
    }
    await withDeadline(wb.commit());
  }
  return { weeks: figureWeeks(asOfMs).length, documents: built.size, questions };
}
