import { FieldValue, Timestamp, type QueryDocumentSnapshot } from 'firebase-admin/firestore';
import { figureWeeks, indiaWeekStart } from '@upskill/domain/batches';
import { WEEK_MS } from '@upskill/domain/common';
import { qaSubject, qaWeekEntry, qaWeekId, type QaFigureFacts, type QaWeekEntry } from '@upskill/domain/qa';
import { withDeadline } from '../http/handler';
import { runTransaction } from '../http/transaction';
import { mergeDoc, type Writer } from '../platform/writer';
import { qaQuestions, qaWeeks, type QaQuestionDoc } from './store';

/**
 * The console's Q&A figures kept as they happen (domain qa/figures.ts): a question's entry in its week's document is
 * written in the same commit as the question, its first answer and staff hiding or showing it, so the console reads
 * one small document per week and subject instead of every question (issue 59).
 */

/** Writes (or, with null, removes) a question's entry in its week's document, creating the document if need be. */
export function writeWeekEntry(writer: Writer, id: string, q: QaFigureFacts, entry: QaWeekEntry | null, atMs: number): void {
  const subject = qaSubject(q);
  // A merge: the other questions' entries stay.
  mergeDoc(writer, qaWeeks().doc(qaWeekId(q)), {
    weekStart: Timestamp.fromMillis(indiaWeekStart(q.createdAt.toMillis())),
    subject: subject.key,
    name: subject.name,
    questions: { [id]: entry ?? FieldValue.delete() },
    updatedAt: Timestamp.fromMillis(atMs),
  });
}

/** The week documents the console shows: the last FIGURE_WEEKS weeks'. */
export async function shownWeeks(nowMs: number) {
  const since = Timestamp.fromMillis(figureWeeks(nowMs)[0]);
  return (await withDeadline(qaWeeks().where('weekStart', '>=', since).get())).docs.map((d) => d.data());
}

/** Questions read per page while finding the weeks to rebuild. */
const REBUILD_PAGE = 500;

/** The questions of one subject asked in one week: its course's (or programme's) questions by their moment. */
function questionsOf(subject: Pick<QaFigureFacts, 'courseId' | 'programme'>, weekStartMs: number) {
  const about =
    subject.courseId !== null
      ? qaQuestions().where('courseId', '==', subject.courseId)
      : qaQuestions().where('programme', '==', subject.programme);
  return about
    .where('createdAt', '>=', Timestamp.fromMillis(weekStartMs))
    .where('createdAt', '<', Timestamp.fromMillis(weekStartMs + WEEK_MS));
}

/**
 * `npm run jobs -- qa-figures`: the shown weeks' documents rebuilt from the questions themselves (questions written
 * around the API, such as an import, or a figure that drifted). Each week document is rebuilt in a transaction that
 * reads it and its questions, so a question asked, answered or hidden meanwhile (whose commit writes the same
 * document) lands either before the rebuild reads or after it writes: none is lost. One that no question is counted
 * in any more is deleted.
 */
export async function rebuildQaWeeks(asOfMs: number): Promise<{ weeks: number; documents: number; questions: number }> {
  const since = Timestamp.fromMillis(figureWeeks(asOfMs)[0]);
  // Which week documents there are to rebuild: those the questions name, and those that exist.
  const keys = new Map<string, { weekStartMs: number; subject: Pick<QaFigureFacts, 'courseId' | 'programme'> }>();
  let last: QueryDocumentSnapshot<QaQuestionDoc> | undefined;
  for (;;) {
    let page = qaQuestions().where('createdAt', '>=', since).orderBy('createdAt', 'asc').limit(REBUILD_PAGE);
    if (last) page = page.startAfter(last);
    const snap = await withDeadline(page.get());
    for (const doc of snap.docs) {
      const q = doc.data();
      keys.set(qaWeekId(q), { weekStartMs: indiaWeekStart(q.createdAt.toMillis()), subject: q });
    }
    if (snap.size < REBUILD_PAGE) break;
    last = snap.docs[snap.docs.length - 1];
  }
  for (const doc of (await withDeadline(qaWeeks().where('weekStart', '>=', since).get())).docs) {
    const { weekStart, subject } = doc.data();
    const [kind, ...rest] = subject.split('-');
    const named = kind === 'course' ? { courseId: Number(rest.join('-')), programme: null } : { courseId: null, programme: rest.join('-') };
    if (!keys.has(doc.id)) keys.set(doc.id, { weekStartMs: weekStart.toMillis(), subject: named });
  }
  let documents = 0;
  let questions = 0;
  for (const [id, { weekStartMs, subject }] of keys) {
    const counted = await withDeadline(
      runTransaction(async (tx) => {
        const ref = qaWeeks().doc(id);
        await tx.get(ref);
        const asked = (await tx.get(questionsOf(subject, weekStartMs))).docs.filter((d) => !d.data().hidden);
        if (asked.length === 0) {
          tx.delete(ref);
          return 0;
        }
        const named = qaSubject(subject);
        tx.set(ref, {
          weekStart: Timestamp.fromMillis(weekStartMs),
          subject: named.key,
          name: named.name,
          questions: Object.fromEntries(asked.map((d) => [d.id, qaWeekEntry(d.data())])),
          updatedAt: Timestamp.fromMillis(asOfMs),
        });
        return asked.length;
      }),
    );
    if (counted > 0) documents += 1;
    questions += counted;
  }
  return { weeks: figureWeeks(asOfMs).length, documents, questions };
}
