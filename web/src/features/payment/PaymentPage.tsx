import { useEffect, useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { COMPANY } from '@domain/company';
import { PAYMENT_METHODS, type PaymentMethod } from '@domain/enums';
import { formatRupees } from '@domain/money';
import { FeatureList } from '../../components/FeatureList';
import { paths } from '../../config/paths';
import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { isEditable } from '@domain/api';
import { clearDraft, enrollLink, loadDraft, type EnrollmentRecord, type EnrollmentTarget } from '../enrollment';

function recordFromState(state: unknown): EnrollmentRecord | undefined {
  if (typeof state !== 'object' || state === null || !('enrollment' in state)) return undefined;
  const record = (state as { enrollment: EnrollmentRecord }).enrollment;
  return typeof record?.id === 'string' ? record : undefined;
}

export default function PaymentPage() {
  useDocumentMeta('Payment', 'Review your enrollment and choose how to pay.', { noindex: true });
  const location = useLocation();
  const navigate = useNavigate();
  // Router state first; after a reload, the enrollment kept for this tab.
  const draft = loadDraft();
  const record = recordFromState(location.state) ?? draft?.record;
  const [method, setMethod] = useState<PaymentMethod>(PAYMENT_METHODS[0]);
  const groupId = useId();

  useEffect(() => {
    // A paid (or otherwise settled) enrollment can no longer be edited: its edit token has no use left.
    if (record && !isEditable(record.status)) clearDraft();
  }, [record]);

  useEffect(() => {
    if (record) return;
    // Without an enrollment there is nothing to pay: go back one page, or to the plans when there is no page to go back to.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    const cameFromSite = document.referrer.startsWith(window.location.origin);
    if (idx > 0) navigate(-1);
    else if (cameFromSite && window.history.length > 1) window.history.back();
    else navigate(paths.pricing, { replace: true });
  }, [record, navigate]);

  if (!record) return <div className="route-loading" aria-busy="true" />;

  const backToEdit = () => {
    const target: EnrollmentTarget =
      record.courseId !== null
        ? { kind: 'course', courseId: record.courseId }
        : { kind: 'plan', planId: record.planId ?? '', coupon: draft?.coupon, ...(record.courseIds ? { courseIds: record.courseIds } : {}) };
    const { to, state } = enrollLink(target, record.id);
    navigate(to, { state });
  };

  const proceed = () => {
    const url = new URL(COMPANY.paymentUrl);
    url.searchParams.set('enrollment', record.id);
    url.searchParams.set('method', method);
    window.open(url.toString(), '_blank', 'noopener,noreferrer');
  };

  return (
    <section className="section">
      <div className="container enroll">
        <div className="card">
          <span className="eyebrow">Step 2 of 2</span>
          <h1>Purchase summary</h1>
          <dl className="summary-list" data-testid="purchase-summary">
            <dt>Plan</dt>
            <dd>{record.planName}</dd>
            <dt>Course</dt>
            <dd>{record.interestedCourse}</dd>
            <dt>Batch</dt>
            <dd data-testid="summary-batch">{record.preferredBatchTime}</dd>
            <dt>Name</dt>
            <dd>{record.name}</dd>
            <dt>E-mail</dt>
            <dd>{record.email}</dd>
            <dt>Price</dt>
            <dd data-testid="summary-price">{formatRupees(record.price)}</dd>
            <dt>Enrollment ID</dt>
            <dd>
              <code>{record.id}</code>
            </dd>
          </dl>
          <h2>What you get</h2>
          <FeatureList features={record.features} />
        </div>
        <div className="card">
          <fieldset className="payment-methods">
            <legend id={groupId}>Payment method</legend>
            {PAYMENT_METHODS.map((option) => (
              <label key={option} className="payment-method">
                <input type="radio" name="payment-method" value={option} checked={method === option} onChange={() => setMethod(option)} />
                {option}
              </label>
            ))}
          </fieldset>
          <p className="muted">You will be taken to our secure payment partner in a new tab. Your seat is held for 48 hours.</p>
          <div className="payment-actions">
            <button type="button" className="btn btn--secondary" onClick={backToEdit}>
              Back to Edit
            </button>
            <button type="button" className="btn btn--primary" onClick={proceed}>
              Proceed to Payment
            </button>
          </div>
        </div>
      </div>
    </section>
  );
}
