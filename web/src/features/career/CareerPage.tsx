import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import type { User } from 'firebase/auth';
import type { CareerReviewItem } from '@upskill/domain/career';
import { paths } from '../../config/paths';
import { LoadFailed } from '../../components/LoadFailed';
import { useApiLoad } from '../../lib/useApiLoad';
import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { useAuthUser } from '../auth';
import { fetchCareer } from './api';
import { CareerForm } from './CareerForm';
import { JobTracker } from './JobTracker';
import { ReviewItem, when } from './ReviewItem';
import './career.css';

function Career({ user }: { user: User }) {
  const { load, reload } = useApiLoad(
    useCallback((signal: AbortSignal) => fetchCareer(user, signal), [user]),
    'Your career reviews could not be loaded. Check your connection, then try again.',
  );
  const [notice, setNotice] = useState<string>();
  if (load.state === 'loading') return <p role="status">Loading your career reviews…</p>;
  if (load.state === 'error') return <LoadFailed message={load.message} onRetry={reload} />;
  const { allowances, reviews } = load.answer;
  const sent = (item: CareerReviewItem) => {
    const latest = item.versions[item.versions.length - 1];
    setNotice(`Sent. A mentor reviews it ${item.promise}: by ${when(latest.dueAt)}. We have mailed you a receipt.`);
    reload();
  };
  if (allowances.length === 0 && reviews.length === 0)
    return (
      <div className="state">
        <p>
          Resume and LinkedIn reviews come with Pro (one of each), Platinum (a resume review, the first step of placement assistance) and
          the Elite Learning Membership (two of each a year).
        </p>
        <Link className="btn btn--primary" to={paths.pricing}>
          See the plans
        </Link>
      </div>
    );
  return (
    <>
      {notice && (
        <p className="status status--success" role="status" data-testid="career-notice">
          {notice}
        </p>
      )}
      <ul className="career__allowances" aria-label="What your plans give">
        {allowances.map((a) => (
          <li key={`${a.enrollmentId}-${a.kind}`} data-testid="career-allowance">
            <strong>{a.planName}:</strong> {a.line}. Answered {a.promise}.
          </li>
        ))}
      </ul>
      {allowances.some((a) => a.left > 0) && <CareerForm user={user} allowances={allowances} onSent={sent} />}
      {reviews.length > 0 && (
        <section aria-labelledby="career-reviews-title">
          <h2 id="career-reviews-title">Your reviews</h2>
          <ul className="career__reviews">
            {reviews.map((r) => (
              <ReviewItem key={r.id} user={user} item={r} allowances={allowances} onSent={sent} />
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/** /career: a learner's resume and LinkedIn reviews, what their plans have left, and sending a link for review. */
export default function CareerPage() {
  useDocumentMeta('Career reviews', 'Your resume and LinkedIn reviews, and your job search.', { noindex: true });
  const auth = useAuthUser();
  return (
    <section className="section">
      <div className="container career">
        <h1>Career reviews</h1>
        <p className="muted">
          A mentor reviews your resume or LinkedIn profile against a checklist, point by point, with a summary and what to change first (a
          mentor of your courses, when your plan names them). Share a link: files are not uploaded here.
        </p>
        {auth.status !== 'ready' ? (
          <p role="status">Loading…</p>
        ) : auth.user ? (
          <>
            <Career user={auth.user} />
            <JobTracker user={auth.user} />
          </>
        ) : (
          <div className="state">
            <p>Sign in to see your career reviews.</p>
            <Link className="btn btn--primary" to={paths.login} state={{ from: paths.career }}>
              Sign in
            </Link>
          </div>
        )}
      </div>
    </section>
  );
}
