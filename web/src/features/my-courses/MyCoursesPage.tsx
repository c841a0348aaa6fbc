import { Suspense, lazy, useCallback, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { ResendVerification } from './ResendVerification';
import type { User } from 'firebase/auth';
import { formatRupees } from '@upskill/domain/common';
import { paths, receiptPath } from '../../config/paths';
import { ApiError } from '../../lib/api';
import { LoadFailed } from '../../components/LoadFailed';
import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { ENROLLMENT_STATUS_LABELS, holdsPlace, type EnrollmentSummary, type LearningAnswer } from '@upskill/domain/enrollment';
import { useAuthUser } from '../auth';
import { TaxDocumentButton } from '../payment/index.lazy';
import { fetchLearning, fetchMyEnrollments } from './api';
import { StarterLessons } from './StarterLessons';
import { BatchPanel } from './BatchPanel';
import { INSTRUCTOR_CLAIM } from '@upskill/domain/catalogue';
import { MENTOR_CLAIM } from '@upskill/domain/mentoring';
import { CalendarLink } from './CalendarLink';
import { MentoringSection } from '../mentoring/index.lazy';
import { CareerSection } from '../career/index.lazy';
import { AssignmentsSection } from '../assignments/index.lazy';
import { SupportSection } from '../support/index.lazy';

// Only learners with a membership or credits to spend download these parts.
const Membership = lazy(() => import('./Membership'));
const Credits = lazy(() => import('./Credits'));
// The referral link and its credits: loaded when the learner opens the box (or arrives at #referrals).
const Referrals = lazy(() => import('./Referrals'));
// Only an enrollment that may still switch course loads the switch (its catalogue names and batches).
const SwitchCourse = lazy(() => import('./SwitchCourse'));
// Only an enrollment awaiting payment needs checkout's code.
const PayNow = lazy(() => import('./PayNow'));

/** The enrollments, and the classes of the paid ones (null when those could not be loaded: the list still shows). */
type Load =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'done'; items: EnrollmentSummary[]; learning: LearningAnswer | null; offsetMs: number };

/** The GST invoice of a paid enrollment, and the credit note of a refunded one. */
function TaxDocuments({ item, user }: { item: EnrollmentSummary; user: User }) {
  const credentials = useMemo(() => ({ getIdToken: () => user.getIdToken() }), [user]);
  return (
    // Held at a button's height while the button's code arrives: nothing below it moves.
    <Suspense fallback={<div className="purchase__documents purchase__documents--waiting" aria-hidden="true" />}>
      <div className="purchase__documents">
        {item.invoiceNumber && (
          <TaxDocumentButton
            enrollmentId={item.id}
            kind="invoice"
            number={item.invoiceNumber}
            credentials={credentials}
            className="btn btn--secondary btn--sm"
          />
        )}
        {item.creditNoteNumber && (
          <TaxDocumentButton
            enrollmentId={item.id}
            kind="credit-note"
            number={item.creditNoteNumber}
            credentials={credentials}
            className="btn btn--secondary btn--sm"
          />
        )}
      </div>
    </Suspense>
  );
}

const date = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });

function Enrollments({ user }: { user: User }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  // Spending a credit adds an enrollment and a batch: the list and the timetables are read again.
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  useEffect(() => {
    const controller = new AbortController();
    user
      .getIdToken()
      .then((token) =>
        Promise.all([
          fetchMyEnrollments(token, controller.signal),
          fetchLearning(token, controller.signal).catch((err: unknown) => {
            if (controller.signal.aborted) throw err;
            return null;
          }),
        ]),
      )
      .then(([items, learning]) =>
        setLoad({ state: 'done', items, learning, offsetMs: learning ? Date.parse(learning.now) - Date.now() : 0 }),
      )
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        const message =
          err instanceof ApiError && err.status > 0
            ? 'Failed to fetch courses.'
            : err instanceof Error && err.message
              ? err.message
              : 'Something went wrong.';
        setLoad({ state: 'error', message });
      });
    return () => controller.abort();
  }, [user, version]);

  if (load.state === 'loading') return <p role="status">Loading your courses...</p>;
  if (load.state === 'error')
    return (
      <LoadFailed
        message={load.message}
        onRetry={() => {
          setLoad({ state: 'loading' });
          reload();
        }}
      />
    );
  if (load.items.length === 0) {
    return (
      <div className="state">
        <p>You have not purchased any courses yet.</p>
        <Link className="btn btn--primary" to={paths.courses}>
          Browse courses
        </Link>
      </div>
    );
  }
  const { learning, offsetMs } = load;
  const batchOf = (id: string) => learning?.batches.find((b) => b.enrollmentId === id);
  const paid = load.items.some((item) => holdsPlace(item.status));
  const replace = (next: EnrollmentSummary) => setLoad({ ...load, items: load.items.map((i) => (i.id === next.id ? next : i)) });
  return (
    <>
      {paid && !learning && <LoadFailed message="Your class timetable could not be loaded." onRetry={reload} />}
      <ul className="purchases" aria-label="Your enrollments">
        {load.items.map((item) => {
          const batch = holdsPlace(item.status) ? batchOf(item.id) : undefined;
          return (
            <li key={item.id} className="card purchase" data-testid="purchase">
              <div>
                <h2>{item.planName}</h2>
                <p className="muted">
                  {[...item.purchase.filter((line) => line.value !== item.planName), { label: 'Batch', value: item.preferredBatchTime }]
                    .map((line) => `${line.label}: ${line.value}`)
                    .join(' · ')}
                </p>
              </div>
              <dl>
                <dt>Price</dt>
                <dd>{item.organisation ? `Paid by ${item.organisation}` : formatRupees(item.price)}</dd>
                <dt>Enrolled</dt>
                <dd>{item.createdAt ? date.format(new Date(item.createdAt)) : '—'}</dd>
                <dt>Status</dt>
                <dd>
                  <span className={`badge ${holdsPlace(item.status) ? 'badge--New' : ''}`} data-testid="purchase-status">
                    {ENROLLMENT_STATUS_LABELS[item.status]}
                  </span>
                </dd>
              </dl>
              {item.status === 'pending_payment' && (!item.guardian || item.guardian.state === 'given') && (
                <Suspense fallback={null}>
                  <PayNow item={item} user={user} />
                </Suspense>
              )}
              {item.status === 'pending_payment' && item.guardian && item.guardian.state !== 'given' && (
                <p
                  className={`status ${item.guardian.state === 'pending' ? 'status--info' : 'status--error'}`}
                  data-testid="purchase-guardian"
                >
                  {item.guardian.state === 'pending'
                    ? `Waiting for ${item.guardian.name} to give consent (we mailed ${item.guardian.email}). Payment opens once they do.`
                    : `${item.guardian.name} did not give consent, so this enrollment cannot be paid.`}
                </p>
              )}
              {item.subscription && (
                <Suspense fallback={null}>
                  <Membership item={item} user={user} onChange={replace} />
                </Suspense>
              )}
              {item.credits && (item.credits.left === null || item.credits.left > 0) && (
                <Suspense fallback={null}>
                  <Credits item={item} user={user} onSpent={reload} />
                </Suspense>
              )}
              {item.switchRefund && (
                <p className="muted" data-testid="switch-refund">
                  {item.switchRefund.processed
                    ? `${formatRupees(item.switchRefund.amount)} refunded for your switch: Razorpay returns it to the card, UPI or bank account you paid from, usually within 5 to 7 working days.`
                    : `${formatRupees(item.switchRefund.amount)} to be refunded for your switch: we have asked Razorpay, and it shows here once made.`}
                </p>
              )}
              {item.switchTargets.length > 0 && batch && (batch.status === 'open' || batch.status === 'full') && (
                <Suspense fallback={null}>
                  <SwitchCourse item={item} user={user} onSwitched={reload} />
                </Suspense>
              )}
              {(item.status === 'paid' || item.status === 'refunded') && !item.organisation && (
                <Link className="btn btn--secondary btn--sm" to={receiptPath(item.id)} aria-label={`Receipt for ${item.planName}`}>
                  Receipt
                </Link>
              )}
              {(item.invoiceNumber || item.creditNoteNumber) && <TaxDocuments item={item} user={user} />}
              {batch && <BatchPanel batch={batch} user={user} offsetMs={offsetMs} />}
            </li>
          );
        })}
      </ul>
      {learning && learning.starter.length > 0 && <StarterLessons modules={learning.starter} />}
      {learning && learning.batches.length > 0 && <CalendarLink user={user} />}
      {paid && (
        <p className="status status--info">
          Stuck on something in a class? <Link to={paths.qa}>Ask your mentors in the Q&amp;A forum</Link>: a mentor or instructor answers
          within 24 hours (4 working hours on Platinum and Elite).
        </p>
      )}
      {/* A place in a batch brings its graded assignments. */}
      {learning && learning.batches.length > 0 && (
        <Suspense fallback={<p role="status">Loading your assignments...</p>}>
          <AssignmentsSection user={user} />
        </Suspense>
      )}
      {/* Plans with mentoring (Pro, Platinum, Elite, Custom) that give access now, trials included: their calls, interviews and advisor. */}
      {load.items.some((item) => item.includesMentoring && holdsPlace(item.status)) && (
        <Suspense fallback={<p role="status">Loading your mentoring...</p>}>
          <MentoringSection user={user} />
        </Suspense>
      )}
      {/* Pro, Platinum and Elite include resume and LinkedIn reviews: what is left, and the way to the career page. */}
      {load.items.some((item) => item.includesMentoring && holdsPlace(item.status)) && (
        <Suspense fallback={null}>
          <CareerSection user={user} />
        </Suspense>
      )}
    </>
  );
}

/**
 * Help and support for every signed-in learner: the section (their requests, the conversations, a new one) loads
 * when they open it, or at once when they arrive at /mycourses#support from our mail.
 */
function SupportBox({ user }: { user: User }) {
  const [open, setOpen] = useState(() => typeof window !== 'undefined' && window.location.hash === '#support');
  const box = useCallback((node: HTMLElement | null) => {
    if (node && window.location.hash === '#support') node.scrollIntoView();
  }, []);
  return (
    <section ref={box} className="card support-box" id="support" aria-labelledby="support-heading">
      <h2 id="support-heading">Help and support</h2>
      <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>Ask us about a payment, your schedule, access or a certificate, and read our answers</summary>
        {open && (
          <Suspense fallback={<p role="status">Loading your support requests...</p>}>
            <SupportSection user={user} />
          </Suspense>
        )}
      </details>
    </section>
  );
}

/** Refer a friend, for every signed-in learner: opened at once when they arrive at /mycourses#referrals (our mail, /pricing). */
function ReferralBox({ user }: { user: User }) {
  const [open, setOpen] = useState(() => typeof window !== 'undefined' && window.location.hash === '#referrals');
  const box = useCallback((node: HTMLElement | null) => {
    if (node && window.location.hash === '#referrals') node.scrollIntoView();
  }, []);
  return (
    <section ref={box} className="card support-box" id="referrals" aria-labelledby="referrals-heading">
      <h2 id="referrals-heading">Refer a friend</h2>
      <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>Your referral link, your learning credit and the friends who joined</summary>
        {open && (
          <Suspense fallback={<p role="status">Loading your referral link...</p>}>
            <Referrals user={user} />
          </Suspense>
        )}
      </details>
    </section>
  );
}

/** Instructors (the `instructor` claim) get a way to their batches; mentors (the `mentor` claim) to their sessions. */
function RoleLinks({ user }: { user: User }) {
  const [roles, setRoles] = useState({ teaches: false, mentors: false });
  useEffect(() => {
    let live = true;
    user.getIdTokenResult().then(
      (result) =>
        live && setRoles({ teaches: typeof result.claims[INSTRUCTOR_CLAIM] === 'string', mentors: result.claims[MENTOR_CLAIM] === true }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [user]);
  return (
    <>
      {roles.teaches && (
        <p className="status status--info">
          You teach at Upskill: your batches, rosters and sessions are on <Link to={paths.teaching}>My teaching</Link>; work waiting for
          your review is on <Link to={paths.reviews}>Reviews</Link>.
        </p>
      )}
      {roles.mentors && (
        <p className="status status--info">
          You mentor at Upskill: your sessions, notes, scorecards and hours are on <Link to={paths.mentoring}>My mentoring</Link>; work
          waiting for your review is on <Link to={paths.reviews}>Reviews</Link>; questions waiting for an answer are on the{' '}
          <Link to={paths.qa}>Q&amp;A forum</Link>.
        </p>
      )}
    </>
  );
}

function MyCourses() {
  const auth = useAuthUser();
  if (auth.status !== 'ready') return <p role="status">Loading your courses...</p>;
  const { user } = auth;
  if (!user?.email) {
    return (
      <div className="state">
        <p>User is not logged in.</p>
        <Link className="btn btn--primary" to={paths.login} state={{ from: paths.myCourses }}>
          Sign in
        </Link>
      </div>
    );
  }
  const unverified = !user.emailVerified && user.providerData.every((p) => p.providerId === 'password');
  return (
    <>
      {unverified && <ResendVerification user={user} />}
      <RoleLinks user={user} />
      <Enrollments user={user} />
      <SupportBox user={user} />
      <ReferralBox user={user} />
    </>
  );
}

export default function MyCoursesPage() {
  useDocumentMeta('My Courses', 'Your Upskill enrollments and purchases.', { noindex: true });
  return (
    <section className="section">
      <div className="container">
        <h1>My Courses</h1>
        <MyCourses />
      </div>
    </section>
  );
}
