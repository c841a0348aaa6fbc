import { useMemo, useState } from 'react';
import type { User } from 'firebase/auth';
import type { EnrollmentSummary } from '@upskill/domain/enrollment';
import { formatLongIndiaDate } from '@upskill/domain/batches';
import { failureMessage } from '../../lib/api';
import { cancelSubscription } from '../payment';

/**
 * A membership paid by subscription: its state in the server's words, Razorpay's page when a charge is
 * due, and cancelling (asked once more before it is sent; it cannot be undone).
 */
export default function Membership({
  item,
  user,
  onChange,
}: {
  item: EnrollmentSummary;
  user: User;
  onChange: (next: EnrollmentSummary) => void;
}) {
  const sub = item.subscription;
  const [phase, setPhase] = useState<'idle' | 'confirm' | 'working'>('idle');
  const [error, setError] = useState<string>();
  const credentials = useMemo(() => ({ getIdToken: () => user.getIdToken() }), [user]);
  if (!sub) return null;
  const cancel = async () => {
    setPhase('working');
    setError(undefined);
    try {
      const record = await cancelSubscription(item.id, credentials);
      onChange({ ...item, status: record.status, subscription: record.subscription });
      setPhase('idle');
    } catch (err) {
      setError(failureMessage(err, 'We could not reach the server. Nothing was cancelled; please try again.'));
      setPhase('confirm');
    }
  };
  const inTrial = sub.state === 'trial';
  return (
    <div className="purchase__membership">
      <p className={`status ${sub.hasAccess ? 'status--info' : 'status--error'}`} data-testid="subscription-label">
        {sub.label}
      </p>
      {sub.payUrl && (
        <a className="btn btn--primary btn--sm" href={sub.payUrl} rel="noopener">
          Update payment method
        </a>
      )}
      {sub.cancellable && phase === 'idle' && (
        <button type="button" className="btn btn--secondary btn--sm" onClick={() => setPhase('confirm')}>
          Cancel {inTrial ? 'free trial' : 'membership'}
        </button>
      )}
      {sub.cancellable && phase !== 'idle' && (
        <div role="group" aria-label="Confirm cancellation" className="purchase__confirm">
          <p>
            {inTrial
              ? `Cancel now and you will never be charged; you keep access until ${sub.trialEndsAt ? formatLongIndiaDate(sub.trialEndsAt) : 'the trial ends'}.`
              : `Nothing more will be charged. There is no refund for the current period; you keep access until ${sub.accessUntil ? formatLongIndiaDate(sub.accessUntil) : 'it ends'}.`}
          </p>
          {error && (
            <p className="status status--error" role="alert">
              {error}
            </p>
          )}
          <button
            type="button"
            className="btn btn--danger btn--sm"
            onClick={() => void cancel()}
            disabled={phase === 'working'}
            aria-busy={phase === 'working'}
          >
            Yes, cancel
          </button>
          <button type="button" className="btn btn--secondary btn--sm" onClick={() => setPhase('idle')} disabled={phase === 'working'}>
            Keep it
          </button>
        </div>
      )}
    </div>
  );
}
