import { FieldValue, Timestamp, type DocumentReference } from 'firebase-admin/firestore';
import type { DecodedIdToken } from 'firebase-admin/auth';
import { getAuth } from 'firebase-admin/auth';
import { ANSWERING_ROLES, QA_ROLE_LABELS, acceptSchema, answerSchema, followSchema, qaWeekEntry, voteSchema } from '@upskill/domain/qa';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { validateBody } from '../http/validate';
import { queueMail } from '../mail/outbox';
import { adminApp } from '../platform/app';
import { answersForTheTeam, qaMember } from './access';
import { unfollowToken, unfollowTokenValid } from './followLinks';
import { renderPost } from './markdown';
import { questionNotFound, readable } from './questions';
import { NEW_POST_STATE, qaAnswers, qaQuestions, qaVotes } from './store';
import { runTransaction } from '../http/transaction';
import { writeWeekEntry } from './figures';

/** The plain text of an answer's first lines, for the mail (the Markdown as written, cut short). */
const excerpt = (body: string) => (body.length > 600 ? `${body.slice(0, 600)}…` : body);

/**
 * POST /api/qa/questions/{id}/answers {body}: an answer, with its author's role. The first answer from a mentor,
 * an instructor or staff records whether the promise was kept. Every follower but the author is mailed, in the
 * same transaction, with a one-click link that stops those mails.
 */
export async function answerQuestion(account: DecodedIdToken, id: string, body: unknown, nowMs: number): Promise<{ id: string }> {
  const input = await validateBody(answerSchema, body, 'Check your answer.');
  const member = await qaMember(account, nowMs);
  const { space } = await readable(member, id);
  const html = renderPost(input.body);
  const questionRef = qaQuestions().doc(id);
  const answerRef = qaAnswers().doc();
  const at = Timestamp.fromMillis(nowMs);
  const auth = getAuth(adminApp());
  await withDeadline(
    runTransaction(async (tx) => {
      const question = (await tx.get(questionRef)).data();
      if (!question) throw questionNotFound();
      const first = ANSWERING_ROLES.includes(space.role) && question.firstAnswerAt === null;
      // Followers' addresses are read from their accounts (never stored on the question), 100 at a time (the Auth
      // API's limit), so the answer and its mails are written together: both, or neither.
      const followers = question.followers.filter((uid) => uid !== member.uid);
      const users = [];
      for (let i = 0; i < followers.length; i += 100)
        users.push(...(await auth.getUsers(followers.slice(i, i + 100).map((uid) => ({ uid })))).users);
      tx.create(answerRef, {
        questionId: id,
        spaceId: question.spaceId,
        body: input.body,
        html,
        authorUid: member.uid,
        authorName: member.name,
        authorRole: space.role,
        votes: 0,
        ...NEW_POST_STATE,
        createdAt: at,
        updatedAt: at,
      });
      const firstAnswer = first ? { firstAnswerAt: at, firstAnswerOnTime: nowMs <= question.dueAt.toMillis() } : null;
      tx.update(questionRef, { answerCount: FieldValue.increment(1), updatedAt: at, ...firstAnswer });
      // The team's first answer counts in the console's week figures, in the same commit.
      if (firstAnswer && !question.hidden) writeWeekEntry(tx, id, question, qaWeekEntry({ ...question, ...firstAnswer }), nowMs);
      for (const user of users) {
        if (!user.email || user.disabled) continue;
        queueMail(tx, user.email, {
          template: 'qa-answer',
          data: {
            questionId: id,
            title: question.title,
            name: user.displayName?.trim() || user.email.split('@')[0],
            answerer: member.name,
            role: QA_ROLE_LABELS[space.role],
            excerpt: excerpt(input.body),
            uid: user.uid,
            unfollowToken: unfollowToken(id, user.uid),
          },
        });
      }
    }),
  );
  return { id: answerRef.id };
}

/** POST /api/qa/questions/{id}/accept {answerId}: the asker, or a mentor, instructor or staff, marks the answer that settled it. */
export async function acceptAnswer(
  account: DecodedIdToken,
  id: string,
  body: unknown,
  nowMs: number,
): Promise<{ acceptedAnswerId: string }> {
  const input = await validateBody(acceptSchema, body, 'Check the answer.');
  const member = await qaMember(account, nowMs);
  const { question, space } = await readable(member, id);
  if (question.authorUid !== member.uid && !answersForTheTeam(space.role))
    throw new HttpError('permission-denied', 'Only the asker, a mentor or an instructor can accept an answer.');
  const answer = (await withDeadline(qaAnswers().doc(input.answerId).get())).data();
  if (!answer || answer.questionId !== id)
    throw new HttpError('invalid-argument', 'Check the answer.', { answerId: 'Choose an answer to this question.' });
  await withDeadline(
    qaQuestions()
      .doc(id)
      .update({ acceptedAnswerId: input.answerId, updatedAt: Timestamp.fromMillis(nowMs) }),
  );
  return { acceptedAnswerId: input.answerId };
}

/** POST /api/qa/votes/{targetId} {up}: an upvote of a question or an answer, once per account; up: false takes it back. */
export async function vote(
  account: DecodedIdToken,
  targetId: string,
  body: unknown,
  nowMs: number,
): Promise<{ votes: number; voted: boolean }> {
  const input = await validateBody(voteSchema, body, 'Check the vote.');
  const member = await qaMember(account, nowMs);
  const [asQuestion, asAnswer] = await Promise.all([
    withDeadline(qaQuestions().doc(targetId).get()),
    withDeadline(qaAnswers().doc(targetId).get()),
  ]);
  const questionId = asQuestion.exists ? targetId : asAnswer.data()?.questionId;
  if (!questionId) throw new HttpError('not-found', 'No such post.');
  await readable(member, questionId, asQuestion.data()).catch(() => {
    throw new HttpError('not-found', 'No such post.');
  });
  // Votes count on the post itself; the question and the answer collections share the field.
  const target = (asQuestion.exists ? qaQuestions().doc(targetId) : qaAnswers().doc(targetId)) as DocumentReference;
  const voteRef = qaVotes().doc(`${targetId}_${member.uid}`);
  return withDeadline(
    runTransaction(async (tx) => {
      const [existing, post] = await Promise.all([tx.get(voteRef), tx.get(target)]);
      const votes = (post.get('votes') as number) ?? 0;
      if (existing.exists === input.up) return { votes, voted: input.up };
      if (input.up) tx.create(voteRef, { uid: member.uid, targetId, at: Timestamp.fromMillis(nowMs) });
      else tx.delete(voteRef);
      tx.update(target, { votes: FieldValue.increment(input.up ? 1 : -1) });
      return { votes: votes + (input.up ? 1 : -1), voted: input.up };
    }),
  );
}

/** POST /api/qa/questions/{id}/follow {follow}: anyone who can read a question may follow it (and be mailed its answers), or stop. */
export async function follow(account: DecodedIdToken, id: string, body: unknown, nowMs: number): Promise<{ following: boolean }> {
  const input = await validateBody(followSchema, body, 'Check the request.');
  const member = await qaMember(account, nowMs);
  await readable(member, id);
  await withDeadline(
    qaQuestions()
      .doc(id)
      .update({ followers: input.follow ? FieldValue.arrayUnion(member.uid) : FieldValue.arrayRemove(member.uid) }),
  );
  return { following: input.follow };
}

/** GET|POST /api/qa/unfollow?q&u&t: the mail's one-click link; a wrong or altered link changes nothing. */
export async function unfollowByLink(query: Record<string, unknown>): Promise<boolean> {
  const [q, u, t] = ['q', 'u', 't'].map((k) => (typeof query[k] === 'string' ? (query[k] as string) : ''));
  if (!/^[A-Za-z0-9]{1,64}$/.test(q) || !/^[A-Za-z0-9]{1,128}$/.test(u) || !unfollowTokenValid(q, u, t)) return false;
  const ref = qaQuestions().doc(q);
  if (!(await withDeadline(ref.get())).exists) return false;
  await withDeadline(ref.update({ followers: FieldValue.arrayRemove(u) }));
  return true;
}
