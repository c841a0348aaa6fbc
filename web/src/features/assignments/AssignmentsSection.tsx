import { Suspense, lazy, useCallback, useState } from 'react';
import type { AssignmentView, AttemptView } from '@upskill/domain/assignments';
import { WORK_STATE_LABELS, formatIndiaMoment } from '@upskill/domain/assignments';
import { useApiLoad } from '../../lib/useApiLoad';
import { LoadFailed } from '../../components/LoadFailed';
import { fetchAssignments, type Signed } from './api';
import { Review } from './Review';
import './assignments.css';

// The form loads when the learner opens it.
const SubmitForm = lazy(() => import('./SubmitForm'));

const WINDOW_NOTES: Record<AssignmentView['window'], (a: AssignmentView) => string> = {
  'not-open': (a) => `Opens ${formatIndiaMoment(Date.parse(a.opensAt))}`,
  open: (a) => `Due ${formatIndiaMoment(Date.parse(a.dueAt))}`,
  late: (a) => `Past due: late work is taken until ${formatIndiaMoment(Date.parse(a.cutoffAt))}`,
  closed: (a) => `Closed ${formatIndiaMoment(Date.parse(a.cutoffAt))}`,
};

function Attempt({ attempt, outOf }: { attempt: AttemptView; outOf: number }) {
  return (
    <li className="attempt" data-testid="attempt">
      <p className="attempt__head">
        <strong>Attempt {attempt.attempt}</strong> · {attempt.receipt}
        {attempt.late && <span className="badge badge--late">Late</span>}
      </p>
      {attempt.link && (
        <p>
          Link:{' '}
          <a href={attempt.link} rel="noopener noreferrer nofollow" target="_blank">
            {attempt.link}
          </a>
        </p>
      )}
      {/* Text is shown as text: React escapes it, and white-space keeps its lines. */}
      {attempt.text && <p className="attempt__text">{attempt.text}</p>}
      {attempt.review ? (
        <Review review={attempt.review} outOf={outOf} />
      ) : (
        <p className="muted">Awaiting review: we promise it by {formatIndiaMoment(Date.parse(attempt.reviewDueAt))}.</p>
      )}
    </li>
  );
}

function AssignmentCard({
  assignment,
  enrollmentId,
  user,
  onSubmitted,
}: {
  assignment: AssignmentView;
  enrollmentId: string;
  user: Signed;
  onSubmitted: (receipt: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const headingId = `assignment-${enrollmentId}-${assignment.id}`;
  return (
    <li className="assignment" data-testid="assignment" aria-labelledby={headingId}>
      <div className="assignment__head">
        <h4 id={headingId}>{assignment.title}</h4>
        <span className={`badge work-state work-state--${assignment.state}`}>{WORK_STATE_LABELS[assignment.state]}</span>
      </div>
      <p className="assignment__when">
        {WINDOW_NOTES[assignment.window](assignment)}
        {assignment.extension && ` · extended by ${assignment.extension.days} days (${assignment.extension.reason})`}
      </p>
      <p>{assignment.brief}</p>
      <details>
        <summary>
          Rubric: {assignment.passMark} of {assignment.outOf} points to pass
          {assignment.countsForCertificate ? ' · counts for your certificate' : ' · optional'}
        </summary>
        <ul className="rubric">
          {assignment.rubric.map((c) => (
            <li key={c.id}>
              {c.label}: {c.points} points
            </li>
          ))}
        </ul>
      </details>
      {assignment.attempts.length > 0 && (
        <ol className="attempts" aria-label={`Your attempts at ${assignment.title}`}>
          {assignment.attempts.map((a) => (
            <Attempt key={a.id} attempt={a} outOf={assignment.outOf} />
          ))}
        </ol>
      )}
      {assignment.canSubmit &&
        (open ? (
          <Suspense fallback={<p role="status">Loading the form...</p>}>
            <SubmitForm
              assignment={assignment}
              enrollmentId={enrollmentId}
              user={user}
              onCancel={() => setOpen(false)}
              onSubmitted={(receipt) => {
                setOpen(false);
                onSubmitted(receipt);
              }}
            />
          </Suspense>
        ) : (
          <button type="button" className="btn btn--primary btn--sm" onClick={() => setOpen(true)}>
            {assignment.attempts.length > 0 ? 'Submit again' : 'Hand in your work'}
          </button>
        ))}
    </li>
  );
}

/** My Courses' assignments: each batch's work, its dates in India time, attempts and released reviews, and the form. */
export default function AssignmentsSection({ user }: { user: Signed }) {
  const { load, reload } = useApiLoad(
    useCallback((signal: AbortSignal) => fetchAssignments(user, signal), [user]),
    'Your assignments could not be loaded. Check your connection, then try again.',
  );
  const [receipt, setReceipt] = useState<string>();

  if (load.state === 'loading') return <p role="status">Loading your assignments...</p>;
  if (load.state === 'error') return <LoadFailed message={load.message} onRetry={reload} />;
  const batches = load.answer.batches.filter((b) => b.assignments.length > 0);
  if (batches.length === 0) return null;
  return (
    <section className="card assignments" id="assignments" aria-labelledby="assignments-heading">
      <h2 id="assignments-heading">Assignments</h2>
      <p className="muted">Dates are in India time. A mentor or your instructor reviews each attempt against its rubric.</p>
      {receipt && (
        <p className="status status--success" role="status" data-testid="receipt">
          {receipt}. We have mailed you the receipt.
        </p>
      )}
      {batches.map((batch) => (
        <div key={batch.enrollmentId} className="assignments__batch">
          <h3>{batch.offeringName}</h3>
          <ul className="assignments__list">
            {batch.assignments.map((a) => (
              <AssignmentCard
                key={a.id}
                assignment={a}
                enrollmentId={batch.enrollmentId}
                user={user}
                onSubmitted={(line) => {
                  setReceipt(line);
                  reload();
                }}
              />
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
