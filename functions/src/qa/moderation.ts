import { FieldValue, Timestamp, type DocumentReference } from 'firebase-admin/firestore';
import type { DecodedIdToken } from 'firebase-admin/auth';
import { qaFigures, qaSearchTokens, qaWeekEntry, editSchema, hideSchema, reportSchema } from '@upskill/domain/qa';
import type { QaReportedPost, StaffQaAnswer } from '@upskill/domain/qa';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import type { StaffActor } from '../http/staffAccess';
import { validateBody } from '../http/validate';
import { writeAudit } from '../audit/staffAudit';
import { db } from '../platform/database';
import { qaMember } from './access';
import { shownWeeks, writeWeekEntry } from './figures';
import { renderPost } from './markdown';
import { readable } from './questions';
import { iso, qaAnswers, qaQuestions, qaReports, type QaAnswerDoc, type QaQuestionDoc } from './store';
import { runTransaction } from '../http/transaction';

const noPost = () => new HttpError('not-found', 'No such post.');

/** A post by id, a question's or an answer's, with its question. */
async function findPost(postId: string) {
  const [asQuestion, asAnswer] = await Promise.all([
    withDeadline(qaQuestions().doc(postId).get()),
    withDeadline(qaAnswers().doc(postId).get()),
  ]);
  if (asQuestion.exists)
    return {
      kind: 'question' as const,
      questionId: postId,
      ref: asQuestion.ref as DocumentReference,
      doc: asQuestion.data()! as QaQuestionDoc | QaAnswerDoc,
    };
  const answer = asAnswer.data();
  if (answer)
    return {
      kind: 'answer' as const,
      questionId: answer.questionId,
      ref: asAnswer.ref as DocumentReference,
      doc: answer as QaQuestionDoc | QaAnswerDoc,
    };
  throw noPost();
}

/** A post the caller can read in the forum (a hidden one is gone, the same 404 as none). */
async function readablePost(account: DecodedIdToken, postId: string, nowMs: number) {
  const post = await findPost(postId);
  if (post.doc.hidden) throw noPost();
  const member = await qaMember(account, nowMs);
  await readable(member, post.questionId).catch(() => {
    throw noPost();
  });
  return { ...post, member };
}

/** POST /api/qa/reports/{postId} {reason}: anyone who can read a post may report it, once; staff see it in the console. */
export async function reportPost(account: DecodedIdToken, postId: string, body: unknown, nowMs: number): Promise<{ reported: true }> {
  const input = await validateBody(reportSchema, body, 'Say what is wrong with it.');
  const post = await readablePost(account, postId, nowMs);
  const ref = qaReports().doc(`${postId}_${post.member.uid}`);
  await withDeadline(
    runTransaction(async (tx) => {
      if ((await tx.get(ref)).exists) return;
      tx.create(ref, { uid: post.member.uid, postId, reason: input.reason.trim(), at: Timestamp.fromMillis(nowMs) });
      tx.update(post.ref, { reports: FieldValue.increment(1) });
    }),
  );
  return { reported: true };
}

/** PUT /api/qa/posts/{postId} {title?, body}: its author edits it; the version before is kept in its history. */
export async function editPost(account: DecodedIdToken, postId: string, body: unknown, nowMs: number): Promise<{ edited: true }> {
  const input = await validateBody(editSchema, body, 'Check your post.');
  const post = await readablePost(account, postId, nowMs);
  if (post.doc.authorUid !== account.uid || post.doc.deleted) throw new HttpError('permission-denied', 'Only its author can edit a post.');
  const at = Timestamp.fromMillis(nowMs);
  const title = post.kind === 'question' && input.title !== undefined ? input.title.trim() : undefined;
  await withDeadline(
    runTransaction(async (tx) => {
      const current = (await tx.get(post.ref)).data() as QaQuestionDoc | QaAnswerDoc | undefined;
      if (!current) throw noPost();
      const before = {
        body: current.body,
        ...('title' in current ? { title: current.title } : {}),
        at: current.editedAt ?? current.createdAt,
      };
      tx.update(post.ref, {
        body: input.body,
        html: renderPost(input.body),
        history: [...current.history, before],
        editedAt: at,
        updatedAt: at,
        ...(title !== undefined && 'title' in current ? { title, tokens: qaSearchTokens(title, input.body) } : {}),
      });
    }),
  );
  return { edited: true };
}

/** DELETE /api/qa/posts/{postId}: its author deletes it; it stays in the thread as "Deleted by author", its text gone. */
export async function deletePost(account: DecodedIdToken, postId: string, nowMs: number): Promise<{ deleted: true }> {
  const post = await readablePost(account, postId, nowMs);
  if (post.doc.authorUid !== account.uid) throw new HttpError('permission-denied', 'Only its author can delete a post.');
  const at = Timestamp.fromMillis(nowMs);
  // The text goes, history included: deleting is the author taking their words back.
  await withDeadline(post.ref.update({ deleted: true, body: '', html: '', history: [], editedAt: at, updatedAt: at }));
  return { deleted: true };
}

/** POST /api/staff/qa/{postId}/hide {hidden, reason}: staff hide a post (gone for everyone in the forum) or show it again; audited. */
export async function hidePost(actor: StaffActor, postId: string, body: unknown, nowMs: number): Promise<{ hidden: boolean }> {
  const input = await validateBody(hideSchema, body, 'Check the request.');
  const post = await findPost(postId);
  const reason = input.reason.trim();
  await withDeadline(
    runTransaction(async (tx) => {
      tx.update(post.ref, { hidden: input.hidden ? { reason, by: actor.uid, at: Timestamp.fromMillis(nowMs) } : null });
      // A hidden question leaves the console's figures and comes back with them when shown again, in the same commit.
      if (post.kind === 'question') {
        const question = post.doc as QaQuestionDoc;
        writeWeekEntry(tx, postId, question, input.hidden ? null : qaWeekEntry(question), nowMs);
      }
      writeAudit(
        tx,
        actor,
        input.hidden ? 'qa-hidden' : 'qa-restored',
        { kind: 'qaPost', id: postId },
        `${post.kind} in ${post.questionId}: ${reason}`,
      );
    }),
  );
  return { hidden: input.hidden };
}

/** GET /api/staff/qa: reported posts, most reported first, and how the first-answer promise held by week and by course. */
export async function staffQa(nowMs: number): Promise<StaffQaAnswer> {
  const [reportedQuestions, reportedAnswers, shown] = await Promise.all([
    withDeadline(qaQuestions().where('reports', '>', 0).orderBy('reports', 'desc').limit(100).get()),
    withDeadline(qaAnswers().where('reports', '>', 0).orderBy('reports', 'desc').limit(100).get()),
    shownWeeks(nowMs),
  ]);
  const reportedDocs = [
    ...reportedQuestions.docs.map((d) => ({
      kind: 'question' as const,
      id: d.id,
      questionId: d.id,
      doc: d.data() as QaQuestionDoc | QaAnswerDoc,
    })),
    ...reportedAnswers.docs.map((d) => ({
      kind: 'answer' as const,
      id: d.id,
      questionId: d.data().questionId,
      doc: d.data() as QaQuestionDoc | QaAnswerDoc,
    })),
  ].sort((a, b) => b.doc.reports - a.doc.reports);
  const titles = new Map<string, string>();
  for (const d of reportedQuestions.docs) titles.set(d.id, d.data().title);
  const missing = [...new Set(reportedDocs.map((r) => r.questionId).filter((id) => !titles.has(id)))];
  if (missing.length) {
    const snaps = await withDeadline(db().getAll(...missing.map((id) => qaQuestions().doc(id))));
    for (const snap of snaps) if (snap.exists) titles.set(snap.id, snap.get('title') as string);
  }
  const reasons = await Promise.all(
    reportedDocs.map(async (r) =>
      (await withDeadline(qaReports().where('postId', '==', r.id).limit(20).get())).docs.map((d) => d.data().reason),
    ),
  );
  const reported: QaReportedPost[] = reportedDocs.map((r, i) => ({
    postId: r.id,
    kind: r.kind,
    questionId: r.questionId,
    title: titles.get(r.questionId) ?? '',
    excerpt: r.doc.deleted ? 'Deleted by author' : r.doc.body.length > 280 ? `${r.doc.body.slice(0, 280)}…` : r.doc.body,
    authorName: r.doc.authorName,
    reports: r.doc.reports,
    reasons: reasons[i],
    hidden: r.doc.hidden ? { reason: r.doc.hidden.reason, at: iso(r.doc.hidden.at) } : null,
  }));
  // The weeks' figures from their week documents (figures.ts), one per week and course: not every question.
  const { weeks, courses } = qaFigures(shown, nowMs);
  const answered = weeks.reduce((n, w) => n + w.answered, 0);
  return {
    reported,
    weeks,
    courses,
    onTimeShare: answered ? weeks.reduce((n, w) => n + w.onTime, 0) / answered : null,
    now: new Date(nowMs).toISOString(),
  };
}
