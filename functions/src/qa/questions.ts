import { FieldPath, Timestamp, type Query } from 'firebase-admin/firestore';
import type { DecodedIdToken } from 'firebase-admin/auth';
import { QA_PAGE_SIZE, QA_QUEUE_PAGE, qaDueAt, qaPromise, qaQueryWords, qaSearchTokens, questionSchema } from '@upskill/domain/qa';
import type { QaQuestionAnswer, QaQueueAnswer, QaSpaceAnswer, QaSpacesAnswer } from '@upskill/domain/qa';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { validateBody } from '../http/validate';
import { chunks } from '../platform/chunks';
import { db } from '../platform/database';
import { aboutOptions, resolveAbout } from './about';
import { answersForTheTeam, qaAnswerer, qaMember, qaSpaceNames, spaceFor, type QaMember } from './access';
import { writeWeekEntry } from './figures';
import { renderPost } from './markdown';
import { iso, NEW_POST_STATE, qaAnswers, qaQuestions, qaVotes, type QaAnswerDoc, type QaQuestionDoc } from './store';

export const questionNotFound = () => new HttpError('not-found', 'No such question.');

/** GET /api/qa: the caller's spaces, courses first. */
export async function qaSpaces(account: DecodedIdToken, nowMs: number): Promise<QaSpacesAnswer> {
  const member = await qaMember(account, nowMs);
  const spaces = [...member.spaces.values()]
    .sort((a, b) => (a.kind === b.kind ? a.name.localeCompare(b.name) : a.kind === 'course' ? -1 : 1))
    .map(({ id, kind, name, role }) => ({ id, kind, name, role }));
  return { spaces, priority: member.priority };
}

const summary = (id: string, d: QaQuestionDoc) => ({
  id,
  title: d.title,
  authorName: d.authorName,
  authorRole: d.authorRole,
  answerCount: d.answerCount,
  answered: d.firstAnswerAt !== null,
  accepted: d.acceptedAnswerId !== null,
  votes: d.votes,
  createdAt: iso(d.createdAt),
});

/**
 * GET /api/qa/spaces/{spaceId}?q=&after=: a page of the space's questions, newest first. With q, those holding
 * every word of it (the space is queried by the longest word, which the index serves, and the rest are checked here).
 */
export async function spaceQuestions(
  account: DecodedIdToken,
  spaceId: string,
  query: Record<string, unknown>,
  nowMs: number,
): Promise<QaSpaceAnswer> {
  const member = await qaMember(account, nowMs);
  const space = await spaceFor(member, spaceId);
  const q = typeof query.q === 'string' ? query.q.slice(0, 200) : '';
  const after = typeof query.after === 'string' && /^[A-Za-z0-9]{1,64}$/.test(query.after) ? query.after : null;
  const words = qaQueryWords(q);
  // A hidden question is gone from the forum (staff see it in the console's Q&A tab).
  let ref: Query<QaQuestionDoc> = qaQuestions().where('spaceId', '==', spaceId).where('hidden', '==', null);
  if (words.length) ref = ref.where('tokens', 'array-contains', [...words].sort((a, b) => b.length - a.length)[0]);
  ref = ref.orderBy('createdAt', 'desc');
  if (after) {
    const cursor = await withDeadline(qaQuestions().doc(after).get());
    if (cursor.exists && cursor.data()!.spaceId === spaceId) ref = ref.startAfter(cursor);
  }
  // A search reads a few pages' worth and keeps those with every word.
  // The ask form's choices come with the first page (not with a search or the next page).
  const [snap, about] = await Promise.all([
    withDeadline(ref.limit(words.length > 1 ? QA_PAGE_SIZE * 5 : QA_PAGE_SIZE + 1).get()),
    after || q ? Promise.resolve([]) : aboutOptions(member, space),
  ]);
  const matching = snap.docs.filter((d) => words.every((w) => d.data().tokens.includes(w)));
  const page = matching.slice(0, QA_PAGE_SIZE);
  return {
    space: { id: space.id, kind: space.kind, name: space.name, role: space.role },
    about: about.map(({ value, label }) => ({ value, label })),
    questions: page.map((d) => summary(d.id, d.data())),
    next: matching.length > QA_PAGE_SIZE ? page[page.length - 1].id : null,
  };
}

/** POST /api/qa/spaces/{spaceId}/questions {title, body}: a new question, its asker following it, its promise set. */
export async function askQuestion(
  account: DecodedIdToken,
  spaceId: string,
  body: unknown,
  nowMs: number,
): Promise<{ id: string; dueAt: string; promise: string }> {
  const input = await validateBody(questionSchema, body, 'Check your question.');
  const member = await qaMember(account, nowMs);
  const space = await spaceFor(member, spaceId);
  const about = await resolveAbout(member, space, input.about);
  const at = Timestamp.fromMillis(nowMs);
  const priority = space.role === 'learner' && member.priority;
  const dueAtMs = qaDueAt(priority, nowMs);
  const title = input.title.trim();
  const ref = qaQuestions().doc();
  // The question and its entry in the console's week figures, in one commit.
  const wb = db().batch();
  wb.create(ref, {
    spaceId,
    courseId: space.courseId,
    programme: space.programme,
    batchId: space.batchId,
    instructor: space.instructor,
    about,
    title,
    body: input.body,
    html: renderPost(input.body),
    authorUid: member.uid,
    authorName: member.name,
    authorRole: space.role,
    priority,
    dueAt: Timestamp.fromMillis(dueAtMs),
    firstAnswerAt: null,
    firstAnswerOnTime: null,
    answerCount: 0,
    acceptedAnswerId: null,
    votes: 0,
    followers: [member.uid],
    tokens: qaSearchTokens(title, input.body),
    ...NEW_POST_STATE,
    createdAt: at,
    updatedAt: at,
  });
  writeWeekEntry(
    wb,
    ref.id,
    { courseId: space.courseId, programme: space.programme, createdAt: at, firstAnswerAt: null, firstAnswerOnTime: null },
    { minutes: null, onTime: null },
    nowMs,
  );
  await withDeadline(wb.commit());
  return { id: ref.id, dueAt: new Date(dueAtMs).toISOString(), promise: qaPromise(priority) };
}

/** The question and the caller's standing in its space; another space's question is the same 404 as none. */
export async function readable(member: QaMember, id: string, known?: QaQuestionDoc) {
  // A caller that has just read the question passes it, and it is not read twice.
  const question = known ?? (await withDeadline(qaQuestions().doc(id).get())).data();
  if (!question || question.hidden) throw questionNotFound();
  const space = await spaceFor(member, question.spaceId).catch(() => {
    throw questionNotFound();
  });
  return { question, space };
}

/** GET /api/qa/questions/{id}: the question with its answers (the accepted one first) and what the caller may do. */
export async function readQuestion(account: DecodedIdToken, id: string, nowMs: number): Promise<QaQuestionAnswer> {
  const member = await qaMember(account, nowMs);
  const { question, space } = await readable(member, id);
  const answers = (await withDeadline(qaAnswers().where('questionId', '==', id).orderBy('createdAt', 'asc').limit(200).get())).docs.filter(
    (a) => !a.data().hidden,
  );
  const votes = await withDeadline(
    db().getAll(...[id, ...answers.map((a) => a.id)].map((target) => qaVotes().doc(`${target}_${member.uid}`))),
  );
  const voted = new Set(votes.filter((v) => v.exists).map((v) => v.get('targetId') as string));
  const post = (postId: string, d: QaQuestionDoc | QaAnswerDoc) => ({
    id: postId,
    html: d.deleted ? '' : d.html,
    authorName: d.authorName,
    authorRole: d.authorRole,
    votes: d.votes,
    voted: voted.has(postId),
    mine: d.authorUid === member.uid,
    deleted: d.deleted,
    edited: d.editedAt !== null,
    source: d.authorUid === member.uid && !d.deleted ? d.body : '',
    createdAt: iso(d.createdAt),
  });
  const views = answers.map((a) => ({ ...post(a.id, a.data()), accepted: question.acceptedAnswerId === a.id }));
  return {
    space: { id: space.id, kind: space.kind, name: space.name, role: space.role },
    question: {
      ...post(id, question),
      title: question.title,
      answered: question.firstAnswerAt !== null,
      acceptedAnswerId: question.acceptedAnswerId,
      dueAt: iso(question.dueAt),
      promise: qaPromise(question.priority),
      about: question.about ? { kind: question.about.kind, label: question.about.label } : null,
    },
    answers: [...views.filter((a) => a.accepted), ...views.filter((a) => !a.accepted)],
    following: question.followers.includes(member.uid),
    mayAccept: question.authorUid === member.uid || answersForTheTeam(space.role),
  };
}

/**
 * GET /api/qa/queue?after=: a page of the questions in the caller's spaces (every space, for staff) still waiting for a
 * first answer from the team, soonest due first, with how many wait in all. Each group of 30 spaces is asked for one page
 * after the cursor, and the page is the soonest of those: the queue reads what it shows, however many wait (issue 59).
 */
export async function answerQueue(account: DecodedIdToken, nowMs: number, query: Record<string, unknown> = {}): Promise<QaQueueAnswer> {
  const answerer = await qaAnswerer(account);
  if (!answerer.staff && !answerer.instructor && answerer.spaceIds.length === 0)
    throw new HttpError('permission-denied', 'The queue is for mentors, instructors and staff.');
  const after = typeof query.after === 'string' && /^[A-Za-z0-9]{1,64}$/.test(query.after) ? query.after : null;
  const cursor = after ? await withDeadline(qaQuestions().doc(after).get()) : undefined;
  // Staff see every space's queue. An instructor's batch spaces' questions carry their key (one query however many
  // batches they teach); their courses' and programmes' spaces, and a mentor's, are asked 30 to a query.
  // A hidden or deleted question has nothing to answer: it is neither listed nor counted.
  const open = (q: Query<QaQuestionDoc>) => q.where('firstAnswerAt', '==', null).where('hidden', '==', null).where('deleted', '==', false);
  const groups = answerer.staff
    ? [open(qaQuestions())]
    : [
        ...(answerer.instructor ? [open(qaQuestions().where('instructor', '==', answerer.instructor))] : []),
        ...chunks(answerer.spaceIds, 30).map((spaces) => open(qaQuestions().where('spaceId', 'in', spaces))),
      ];
  const [pages, counts] = await withDeadline(
    Promise.all([
      Promise.all(
        groups.map((group) => {
          const ordered = group.orderBy('dueAt', 'asc').orderBy(FieldPath.documentId(), 'asc');
          return (cursor?.exists ? ordered.startAfter(cursor) : ordered).limit(QA_QUEUE_PAGE + 1).get();
        }),
      ),
      Promise.all(groups.map((group) => group.count().get())),
    ]),
  );
  const soonest = pages
    .flatMap((snap) => snap.docs)
    .sort((a, b) => a.data().dueAt.toMillis() - b.data().dueAt.toMillis() || (a.id < b.id ? -1 : 1));
  const waiting = soonest.slice(0, QA_QUEUE_PAGE);
  // The page's spaces by name: the catalogue's, and the shown batches' documents (at most one read a question shown).
  const names = await qaSpaceNames(waiting.map((d) => d.data().spaceId));
  return {
    waiting: counts.reduce((sum, count) => sum + count.data().count, 0),
    next: soonest.length > QA_QUEUE_PAGE ? waiting[waiting.length - 1].id : null,
    questions: waiting.map((d) => {
      const q = d.data();
      return {
        id: d.id,
        spaceId: q.spaceId,
        spaceName: names.get(q.spaceId) ?? q.spaceId,
        title: q.title,
        authorName: q.authorName,
        priority: q.priority,
        dueAt: iso(q.dueAt),
        overdue: q.dueAt.toMillis() < nowMs,
        createdAt: iso(q.createdAt),
      };
    }),
    now: new Date(nowMs).toISOString(),
  };
}
