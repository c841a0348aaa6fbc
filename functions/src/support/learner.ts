import { Timestamp } from 'firebase-admin/firestore';
import type { DecodedIdToken } from 'firebase-admin/auth';
import {
  MAX_SUPPORT_THREAD,
  PRIORITY_SUPPORT_PLAN,
  SUPPORT_PROMISE,
  SUPPORT_TOPIC_LABELS,
  supportDueAt,
  supportReference,
  type SupportTier,
  supportMessageSchema,
  supportRequestSchema,
} from '@upskill/domain/support';
import type { SupportAnswer, SupportRequestView } from '@upskill/domain/support';
import { formatIndiaMoment } from '@upskill/domain/assignments';
import { HttpError } from '../http/errors';
import { withDeadline } from '../http/handler';
import { sha256 } from '../http/request';
import { validateBody } from '../http/validate';
import { queueMail } from '../mail/outbox';
import { enrollmentsOwnedBy } from '../enrollment/access';
import type { EnrollmentDoc } from '../enrollment/store';
import { entitledAt } from '../subscriptions/entitled';
import { requestView, supportNumbers, supportRequests, type SupportRequestDoc } from './store';
import { writeSupportWeekEntry } from './figures';
import { runTransaction } from '../http/transaction';

const notFound = () => new HttpError('not-found', 'No such support request.');

const enrolledOn = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short', year: 'numeric' });

/** How the learner's enrollments read in the form: what was bought (never a form's default), and when. */
const enrollmentLabel = (doc: EnrollmentDoc) => `${doc.planName}, enrolled ${enrolledOn.format(doc.createdAt.toDate())}`;

/** Priority with an Elite Learning Membership that gives access now (its card says "Priority support"). */
const tierOf = (owned: readonly EnrollmentDoc[], nowMs: number): SupportTier =>
  owned.some((doc) => doc.planId === PRIORITY_SUPPORT_PLAN && entitledAt(doc, nowMs)) ? 'priority' : 'standard';

/** The name the learner's messages carry: their account's, or their latest enrollment's. */
function learnerName(account: DecodedIdToken, owned: readonly EnrollmentDoc[]): string {
  const named = typeof account.name === 'string' && account.name.trim() ? account.name.trim() : undefined;
  const latest = [...owned].sort((a, b) => b.createdAt.toMillis() - a.createdAt.toMillis())[0];
  return named ?? latest?.name ?? account.email ?? 'Learner';
}

/** GET /api/support: the learner's requests, newest first, what they may name in a new one, and the promise it gets. */
export async function supportOverview(account: DecodedIdToken, nowMs: number): Promise<SupportAnswer> {
  const [owned, mine] = await Promise.all([
    enrollmentsOwnedBy(account),
    withDeadline(supportRequests().where('uid', '==', account.uid).orderBy('createdAt', 'desc').limit(50).get()),
  ]);
  const enrollments = owned.map((snap) => snap.data());
  const tier = tierOf(enrollments, nowMs);
  return {
    requests: mine.docs.map((d) => requestView(d.id, d.data())),
    enrollments: owned
      .sort((a, b) => b.data().createdAt.toMillis() - a.data().createdAt.toMillis())
      .map((snap) => ({ id: snap.id, label: enrollmentLabel(snap.data()) })),
    tier,
    promise: SUPPORT_PROMISE[tier].label,
    now: new Date(nowMs).toISOString(),
  };
}

/**
 * POST /api/support {topic, message, enrollmentId?} with an Idempotency-Key: a new request with its
 * reference and promised answer time, and its receipt mailed, in one transaction. The key makes a resent
 * form the same request (200 with it), never a second one.
 */
export async function openRequest(
  account: DecodedIdToken,
  key: string | undefined,
  body: unknown,
  nowMs: number,
): Promise<{ created: boolean; request: SupportRequestView }> {
  const input = await validateBody(supportRequestSchema, body, 'Check your request.');
  if (!account.email) throw new HttpError('failed-precondition', 'Your account needs an e-mail address for our answer.');
  const owned = await enrollmentsOwnedBy(account);
  const enrollment = input.enrollmentId ? owned.find((snap) => snap.id === input.enrollmentId) : undefined;
  if (input.enrollmentId && !enrollment)
    throw new HttpError('invalid-argument', 'Check your request.', { enrollmentId: 'Choose one of your enrollments.' });
  const docs = owned.map((snap) => snap.data());
  const tier = tierOf(docs, nowMs);
  const name = learnerName(account, docs);
  const ref = supportRequests().doc(sha256(`${account.uid}:${key ?? `${nowMs}:${Math.random()}`}`).slice(0, 24));
  const counter = supportNumbers().doc('next');
  const at = Timestamp.fromMillis(nowMs);
  const dueAt = supportDueAt(tier, nowMs);
  const message = input.message.trim();
  return withDeadline(
    runTransaction(async (tx) => {
      const existing = (await tx.get(ref)).data();
      if (existing) {
        if (existing.uid !== account.uid) throw notFound();
        return { created: false, request: requestView(ref.id, existing) };
      }
      const last = (await tx.get(counter)).data()?.last ?? 0;
      const reference = supportReference(last + 1);
      const doc: SupportRequestDoc = {
        reference,
        uid: account.uid,
        email: account.email!.toLowerCase(),
        name,
        topic: input.topic,
        enrollmentId: enrollment?.id ?? null,
        enrollmentLabel: enrollment ? enrollmentLabel(enrollment.data()) : null,
        tier,
        state: 'open',
        dueAt: Timestamp.fromMillis(dueAt),
        firstReplyAt: null,
        firstReplyOnTime: null,
        assignee: null,
        thread: [{ from: 'learner', name, body: message, at }],
        createdAt: at,
        updatedAt: at,
        closedAt: null,
      };
      tx.set(counter, { last: last + 1, updatedAt: at });
      tx.create(ref, doc);
      writeSupportWeekEntry(tx, ref.id, doc, nowMs);
      queueMail(tx, doc.email, {
        template: 'support-received',
        data: {
          requestId: ref.id,
          reference,
          name,
          topic: SUPPORT_TOPIC_LABELS[input.topic],
          promise: SUPPORT_PROMISE[tier].label,
          dueAt: formatIndiaMoment(dueAt),
          message: message.length > 600 ? `${message.slice(0, 600)}…` : message,
        },
      });
      return { created: true, request: requestView(ref.id, doc) };
    }),
  );
}

/**
 * POST /api/support/{id}/messages {message}: the learner writes again. The request waits for the team once
 * more (a closed one reopens), with a new promise counted from now. Another learner's request is a 404.
 */
export async function writeMessage(account: DecodedIdToken, id: string, body: unknown, nowMs: number): Promise<SupportRequestView> {
  const input = await validateBody(supportMessageSchema, body, 'Check your message.');
  const ref = supportRequests().doc(id);
  const at = Timestamp.fromMillis(nowMs);
  return withDeadline(
    runTransaction(async (tx) => {
      const doc = (await tx.get(ref)).data();
      if (!doc || doc.uid !== account.uid) throw notFound();
      if (doc.thread.length >= MAX_SUPPORT_THREAD)
        throw new HttpError('failed-precondition', 'This conversation is long enough: please open a new request.');
      const next: SupportRequestDoc = {
        ...doc,
        state: 'open',
        // A learner writing after an answer is waiting again; the first promise stays for the figures.
        dueAt: doc.state === 'open' ? doc.dueAt : Timestamp.fromMillis(supportDueAt(doc.tier, nowMs)),
        thread: [...doc.thread, { from: 'learner', name: doc.name, body: input.message.trim(), at }],
        updatedAt: at,
        closedAt: null,
      };
      tx.set(ref, next);
      return requestView(ref.id, next);
    }),
  );
}
