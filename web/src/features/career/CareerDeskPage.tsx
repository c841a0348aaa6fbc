import { VersionLinks } from './VersionLinks';
import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import type { User } from 'firebase/auth';
import { CAREER_REVIEW_NAMES } from '@upskill/domain/career';
import { paths } from '../../config/paths';
import { ApiError, failureMessage } from '../../lib/api';
import { LoadFailed } from '../../components/LoadFailed';
import { useApiLoad } from '../../lib/useApiLoad';
import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { useAuthUser } from '../auth';
import { fetchCareerDesk, fetchCareerDetail } from './api';
import { DeskReviewForm } from './DeskReviewForm';
import { when } from './ReviewItem';
import './career.css';

/** One waiting review opened: every version (earlier reviews included) and the form for the latest. */
function Detail({ user, id, onDone }: { user: User; id: string; onDone: (note: string) => void }) {
  const { load, reload, update } = useApiLoad(
    useCallback((signal: AbortSignal) => fetchCareerDetail(user, id, signal), [user, id]),
    'This review could not be loaded. Check your connection, then try again.',
  );
  if (load.state === 'loading') return <p role="status">Loading the review…</p>;
  if (load.state === 'error') return <LoadFailed message={load.message} onRetry={reload} />;
  const detail = load.answer;
  return (
    <div className="career-desk__detail">
      <h2>
        {CAREER_REVIEW_NAMES[detail.item.kind]} for {detail.item.learnerName}
      </h2>
      <ol className="career-review__versions">
        {detail.versions.map((v) => (
          <li key={v.number}>
            <p>
              <strong>Version {v.number}</strong>, for {v.targetRole}, sent {when(v.submittedAt)} ·{' '}
              <VersionLinks link={v.link} postingLink={v.postingLink} linkText="open the learner’s link" />
            </p>
            {v.review?.releasedAt && (
              <p className="muted">
                Reviewed by {v.review.reviewerName}: {v.review.verdict === 'approved' ? 'approved' : 'changes suggested'}.{' '}
                {v.review.summary}
              </p>
            )}
          </li>
        ))}
      </ol>
      <DeskReviewForm
        user={user}
        detail={detail}
        onSaved={(next, released) => {
          if (released) onDone(`Released to ${next.item.learnerName}; they have been mailed.`);
          else update(() => next);
        }}
      />
    </div>
  );
}

function Desk({ user }: { user: User }) {
  const { load, reload } = useApiLoad(
    useCallback((signal: AbortSignal) => fetchCareerDesk(user, signal), [user]),
    (err) =>
      err instanceof ApiError && err.status === 403
        ? err.message
        : failureMessage(err, 'The review queue could not be loaded. Check your connection, then try again.'),
  );
  const [open, setOpen] = useState<string>();
  const [notice, setNotice] = useState<string>();
  if (load.state === 'loading') return <p role="status">Loading…</p>;
  if (load.state === 'error' && load.status === 403)
    return (
      <div className="state">
        <p>{load.message} Your own reviews are on your career page.</p>
        <Link className="btn btn--primary" to={paths.career}>
          Career reviews
        </Link>
      </div>
    );
  if (load.state === 'error') return <LoadFailed message={load.message} onRetry={reload} />;
  const items = load.answer.items;
  return (
    <>
      {notice && (
        <p className="status status--success" role="status" data-testid="career-desk-notice">
          {notice}
        </p>
      )}
      {items.length === 0 ? (
        <p className="muted">Nothing waits for review.</p>
      ) : (
        <ul className="staff-list career-desk__list" aria-label="Waiting, oldest first">
          {items.map((i) => (
            <li key={i.id} className={`card career-desk__item${i.overdue ? ' is-overdue' : ''}`} data-testid="career-desk-item">
              <p>
                <strong>{CAREER_REVIEW_NAMES[i.kind]}</strong> · {i.learnerName} · for {i.targetRole} · version {i.version} · due{' '}
                {when(i.dueAt)}
                {i.overdue && <span className="badge career-review__state--changes-suggested"> Past its promise</span>}
                {i.drafted && <span className="muted"> · draft saved</span>}
              </p>
              {open === i.id ? (
                <Detail
                  user={user}
                  id={i.id}
                  onDone={(note) => {
                    setOpen(undefined);
                    setNotice(note);
                    reload();
                  }}
                />
              ) : (
                <button type="button" className="btn btn--secondary btn--sm" onClick={() => setOpen(i.id)}>
                  Review
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** /career/desk: resume and LinkedIn reviews waiting for a mentor of the learner's courses (or staff), oldest first. */
export default function CareerDeskPage() {
  useDocumentMeta('Career review queue', 'Resume and LinkedIn reviews waiting for you.', { noindex: true });
  const auth = useAuthUser();
  return (
    <section className="section">
      <div className="container career">
        <h1>Career review queue</h1>
        {auth.status !== 'ready' ? (
          <p role="status">Loading…</p>
        ) : auth.user ? (
          <Desk user={auth.user} />
        ) : (
          <div className="state">
            <p>Sign in with your mentor account.</p>
            <Link className="btn btn--primary" to={paths.login} state={{ from: paths.careerDesk }}>
              Sign in
            </Link>
          </div>
        )}
      </div>
    </section>
  );
}
