import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import type { User } from 'firebase/auth';
import type { EnrollmentSummary } from '@upskill/domain/enrollment';
import { formatRupees } from '@upskill/domain/common';
import { receiptPath } from '../../config/paths';
import { PaymentStatus, usePayNow } from '../payment';

/** Pay now: checkout for an enrollment awaiting payment, as its signed-in owner (no edit token needed). */
export default function PayNow({ item, user }: { item: EnrollmentSummary; user: User }) {
  const navigate = useNavigate();
  const credentials = useMemo(() => ({ getIdToken: () => user.getIdToken() }), [user]);
  const onPaid = useCallback((record: { id: string }) => navigate(receiptPath(record.id)), [navigate]);
  const { state, pay } = usePayNow(item.id, credentials, onPaid);
  const working = state.phase === 'opening' || state.phase === 'open' || state.phase === 'confirming';
  return (
    <div className="purchase__pay">
      <button
        type="button"
        className="btn btn--primary btn--sm"
        onClick={() => void pay()}
        disabled={working}
        aria-busy={working}
        aria-label={`Pay now: ${formatRupees(item.price)} for ${item.planName}`}
      >
        Pay now
      </button>
      <PaymentStatus state={state} />
    </div>
  );
}
