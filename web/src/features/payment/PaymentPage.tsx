import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { useLocation, useNavigate } from 'react-router-dom';
import { PAYMENT_METHOD_CODES, PAYMENT_METHODS, type PaymentMethod, formatRupees } from '@upskill/domain/common';
import { formatLongIndiaDate } from '@upskill/domain/batches';
import { isSubscriptionPlan, subscriptionTerms, trialPromise, isEditable } from '@upskill/domain/enrollment';
import { placementNote, trialMentoringNote } from '@upskill/domain/mentoring';
import { FeatureList } from '../../components/FeatureList';
import { paths, receiptPath } from '../../config/paths';
import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { enrollLink, type EnrollmentRecord, type EnrollmentTarget, loadDraft, saveDraft } from '../enrollment';
import { PaymentStatus } from './PaymentStatus';
import { usePayNow } from './usePayNow';
import { BillingDetailsForm, type BillingFormHandle } from './BillingDetails';
import { GuardianConsent } from '../consents';
import { PurchaseLines } from './PurchaseLines';
import { fetchEnrollment, resendGuardianMail } from './api';

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
  // A re-read (a minor's guardian answering) replaces what the page opened with.
  const [reread, setReread] = useState<EnrollmentRecord>();
  const opened = recordFromState(location.state) ?? draft?.record;
  const record = reread?.id === opened?.id ? reread : opened;
  const [method, setMethod] = useState<PaymentMethod>(PAYMENT_METHODS[0]);
  const groupId = useId();
  const editToken = draft?.record.id === record?.id ? draft?.editToken : undefined;
  const credentials = useMemo(() => ({ editToken }), [editToken]);
  const onPaid = useCallback(
    (paid: EnrollmentRecord) => {
      // The draft keeps the edit token: on this tab it is what lets the receipt page read the record.
      const current = loadDraft();
      if (current?.record.id === paid.id) saveDraft({ ...current, record: paid });
      navigate(receiptPath(paid.id), { replace: true, state: { enrollment: paid, editToken } });
    },
    [navigate, editToken],
  );
  const { state, pay } = usePayNow(record?.id ?? '', credentials, onPaid);
  const onReread = useCallback((latest: EnrollmentRecord) => {
    const current = loadDraft();
    if (current?.record.id === latest.id) saveDraft({ ...current, record: latest });
    setReread(latest);
  }, []);
  const recordId = record?.id ?? '';
  const reloadRecord = useCallback(() => fetchEnrollment(recordId, credentials), [recordId, credentials]);
  const resendToGuardian = useCallback(() => resendGuardianMail(recordId, credentials), [recordId, credentials]);
  const waitingForGuardian = record?.guardian != null && record.guardian.state !== 'given';
  const billing = useRef<BillingFormHandle>(null);
  // The promise's dates are those of when the page opened (the server's own clock decides at checkout).
  const [openedAt] = useState(() => Date.now());
  const [savingBilling, setSavingBilling] = useState(false);

  useEffect(() => {
    // Paid already (another tab, Back after paying): its receipt is the page to show.
    if (record && !isEditable(record.status)) navigate(receiptPath(record.id), { replace: true });
  }, [record, navigate]);

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
        : {
            kind: 'plan',
            planId: record.planId ?? '',
            coupon: draft?.coupon,
            ...(record.courseIds ? { courseIds: record.courseIds } : {}),
          };
    const { to, state } = enrollLink(target, record.id);
    navigate(to, { state });
  };

  // A plan with a free trial: the promise in the domain's words with today's dates (the server's own
  // terms decide; they are the same figures), and the one sentence about Razorpay's authorisation.
  const mentoringNote = trialMentoringNote(record.planId);
  const trial = isSubscriptionPlan(record.planId)
    ? trialPromise(subscriptionTerms(record.planId, record.couponApplied ? 'DISCOUNT20' : null), openedAt)
    : undefined;
  const working = savingBilling || state.phase === 'opening' || state.phase === 'open' || state.phase === 'confirming';
  const payNow = async () => {
    // The billing details go on the invoice: saved (and checked) before checkout opens.
    setSavingBilling(true);
    const saved = await billing.current?.save();
    // Enabled again before focus moves: a disabled field cannot take focus.
    flushSync(() => setSavingBilling(false));
    if (saved) void pay(PAYMENT_METHOD_CODES[method]);
    // Refused: to the first field in error, as every form does (the error may be above the fold on a phone).
    else billing.current?.focusFirstError();
  };

  return (
    <section className="section">
      <div className="container enroll">
        <div className="card">
          <span className="eyebrow">Step 2 of 2</span>
          <h1>Purchase summary</h1>
          <dl className="summary-list" data-testid="purchase-summary">
            <PurchaseLines purchase={record} />
            <dt>Batch</dt>
            <dd data-testid="summary-batch">{record.preferredBatchTime}</dd>
            <dt>Name</dt>
            <dd>{record.name}</dd>
            <dt>E-mail</dt>
            <dd>{record.email}</dd>
            {record.preRegistrationCredit && (
              <>
                <dt>Pre Registration credit</dt>
                <dd data-testid="summary-credit">
                  −{formatRupees(record.preRegistrationCredit.amount)} (you paid {formatRupees(record.preRegistrationCredit.paid)} for Pre
                  Registration)
                </dd>
              </>
            )}
            {record.referral && (
              <>
                <dt>Referral discount</dt>
                <dd data-testid="summary-referral">
                  −{formatRupees(record.referral.discount)} (
                  {record.referral.referrer ? `invited by ${record.referral.referrer}` : 'a friend’s link'})
                </dd>
              </>
            )}
            {record.referralCredits && (
              <>
                <dt>Referral credit</dt>
                <dd data-testid="summary-referral-credit">
                  −{formatRupees(record.referralCredits.amount)} (
                  {record.referralCredits.count === 1 ? 'a learning credit' : `${record.referralCredits.count} learning credits`} you earned
                  by inviting friends)
                </dd>
              </>
            )}
            <dt>Price</dt>
            <dd data-testid="summary-price">
              {formatRupees(record.price)}
              {trial ? ` / ${record.planId === 'yearly' ? 'year' : 'month'}` : ''}
            </dd>
            {trial && (
              <>
                <dt>Today</dt>
                <dd data-testid="summary-promise">{trial.text}</dd>
                {mentoringNote && (
                  <>
                    <dt>Mentoring</dt>
                    <dd data-testid="summary-mentoring">{mentoringNote}</dd>
                  </>
                )}
              </>
            )}
            <dt>Enrollment ID</dt>
            <dd>
              <code>{record.id}</code>
            </dd>
          </dl>
          <h2>What you get</h2>
          <FeatureList features={record.features} />
          {placementNote(record.planId) && (
            <p className="muted" data-testid="placement-note">
              {placementNote(record.planId)}
            </p>
          )}
        </div>
        <div className="card">
          <BillingDetailsForm ref={billing} record={record} credentials={credentials} disabled={working} />
          <fieldset className="payment-methods">
            <legend id={groupId}>Payment method</legend>
            {PAYMENT_METHODS.map((option) => (
              <label key={option} className="payment-method">
                <input type="radio" name="payment-method" value={option} checked={method === option} onChange={() => setMethod(option)} />
                {option}
              </label>
            ))}
          </fieldset>
          {trial ? (
            <p className="muted" data-testid="authorisation-note">
              Razorpay asks your bank to approve a ₹5 check now and refunds it at once, so that {formatRupees(trial.firstChargePaise / 100)}{' '}
              can be charged on {formatLongIndiaDate(trial.firstChargeAtMs)} unless you cancel before.
            </p>
          ) : (
            <p className="muted">
              You pay securely through Razorpay by card, UPI or net banking. Your card details go to Razorpay only, never to us.
            </p>
          )}
          {waitingForGuardian && <GuardianConsent record={record} reload={reloadRecord} resend={resendToGuardian} onChange={onReread} />}
          <PaymentStatus state={state} />
          <div className="payment-actions">
            <button type="button" className="btn btn--secondary" onClick={backToEdit} disabled={working}>
              Back to Edit
            </button>
            <button
              type="button"
              className="btn btn--primary"
              onClick={() => void payNow()}
              disabled={working || waitingForGuardian}
              aria-busy={working}
            >
              {trial ? 'Start free trial: ₹0 today' : `Pay ${formatRupees(record.price)}`}
            </button>
          </div>
        </div>
      </div>
    </section>
  );
}
