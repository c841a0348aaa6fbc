import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  GUARDIAN_MESSAGES,
  GUARDIAN_TOKEN_PATTERN,
  type GuardianDecision,
  type GuardianDecisionAnswer,
  type GuardianRequestView,
  type GuardianState,
} from '@upskill/domain/account';
import { formatRupees } from '@upskill/domain/common';
import { paths } from '../../config/paths';
import { ApiError, apiRequest } from '../../lib/api';
import { useDocumentMeta } from '../../lib/useDocumentMeta';

type View =
  | { phase: 'loading' }
  | { phase: 'failed'; message: string }
  | { phase: 'ready'; request: GuardianRequestView }
  | { phase: 'done'; state: GuardianState; request: GuardianRequestView };

const url = (id: string) => `/api/account/guardian/${encodeURIComponent(id)}`;

const DONE: Record<GuardianState, string> = {
  given: 'Thank you. Your consent is recorded, and we have mailed you a link to withdraw it at any time. The learner can now pay.',
  refused: 'We have recorded that you do not consent. The enrollment cannot be paid, and we have let the learner know.',
  withdrawn: 'Your consent is withdrawn. Payment is closed; if the course was already paid for, write to us about a refund.',
  pending: '',
};

const day = (iso: string) =>
  new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(new Date(iso));

/**
 * /account/guardian?e={enrollment}&t={token}: where a guardian's mail lands. Nothing changes on
 * opening it (mail scanners open links); the guardian decides with a button. The link works once.
 */
export default function GuardianPage() {
  useDocumentMeta('Parent or guardian consent', 'Give or refuse consent for a learner under 18 to enroll with Upskill.', { noindex: true });
  const [search] = useSearchParams();
  const id = search.get('e') ?? '';
  const token = search.get('t') ?? '';
  const wellFormed = /^[A-Za-z0-9]{1,64}$/.test(id) && GUARDIAN_TOKEN_PATTERN.test(token);
  const [view, setView] = useState<View>(wellFormed ? { phase: 'loading' } : { phase: 'failed', message: GUARDIAN_MESSAGES.linkInvalid });
  const [busy, setBusy] = useState<GuardianDecision | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!wellFormed) return;
    const controller = new AbortController();
    apiRequest<GuardianRequestView>(`${url(id)}?t=${encodeURIComponent(token)}`, { signal: controller.signal, retries: 1 }).then(
      (request) => setView({ phase: 'ready', request }),
      (err: unknown) => {
        if (controller.signal.aborted) return;
        setView({
          phase: 'failed',
          message: err instanceof ApiError ? err.message : 'We could not open this link just now. Please try again.',
        });
      },
    );
    return () => controller.abort();
  }, [id, token, wellFormed]);

  const decide = async (decision: GuardianDecision, request: GuardianRequestView) => {
    setBusy(decision);
    setError(null);
    try {
      const answer = await apiRequest<GuardianDecisionAnswer>(url(id), { method: 'POST', body: { token, decision } });
      setView({ phase: 'done', state: answer.state, request });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'We could not record your answer just now. Please try again.');
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="section">
      <div className="container guardian">
        <div className="card">
          <h1>Parent or guardian consent</h1>
          {view.phase === 'loading' && (
            <p className="muted" role="status">
              Opening your link...
            </p>
          )}
          {view.phase === 'failed' && (
            <>
              <p className="status status--error" role="alert">
                {view.message}
              </p>
              <Link className="btn btn--secondary" to={paths.contact}>
                Contact us
              </Link>
            </>
          )}
          {(view.phase === 'ready' || view.phase === 'done') && (
            <>
              <p>
                Dear {view.request.guardianName}, <strong>{view.request.learnerName}</strong> told us they are under 18 and named you as
                their parent or guardian.
              </p>
              <dl className="summary-list">
                <dt>Learner</dt>
                <dd>{view.request.learnerName}</dd>
                <dt>Enrollment</dt>
                <dd>{view.request.offerName}</dd>
                <dt>Price</dt>
                <dd>{formatRupees(view.request.price)}</dd>
              </dl>
              <h2>What you agree to</h2>
              <p>{view.request.purpose}</p>
              <p className="muted">
                Read how we handle personal data in our <Link to={paths.privacy}>Privacy Notice</Link>. You can withdraw your consent at any
                time, as easily as you give it.
              </p>
            </>
          )}
          {view.phase === 'ready' && view.request.state === 'pending' && (
            <>
              <p className="muted">This link works once, until {day(view.request.expiresAt)}.</p>
              <div className="payment-actions">
                <button
                  type="button"
                  className="btn btn--primary"
                  disabled={busy !== null}
                  aria-busy={busy === 'give'}
                  onClick={() => void decide('give', view.request)}
                >
                  {busy === 'give' ? 'Saving...' : 'I give consent'}
                </button>
                <button
                  type="button"
                  className="btn btn--secondary"
                  disabled={busy !== null}
                  aria-busy={busy === 'refuse'}
                  onClick={() => void decide('refuse', view.request)}
                >
                  {busy === 'refuse' ? 'Saving...' : 'I do not consent'}
                </button>
              </div>
            </>
          )}
          {view.phase === 'ready' && view.request.state === 'given' && (
            <>
              <p className="status status--success">You have given consent.</p>
              <button
                type="button"
                className="btn btn--secondary"
                disabled={busy !== null}
                aria-busy={busy === 'withdraw'}
                onClick={() => void decide('withdraw', view.request)}
              >
                {busy === 'withdraw' ? 'Saving...' : 'Withdraw consent'}
              </button>
            </>
          )}
          {view.phase === 'done' && (
            <p className={`status status--${view.state === 'given' ? 'success' : 'info'}`} role="status" data-testid="guardian-outcome">
              {DONE[view.state]}
            </p>
          )}
          {error && (
            <p className="status status--error" role="alert">
              {error}
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
