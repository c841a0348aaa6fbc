import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import { paymentMethodName, type EnrollmentRecord } from '@upskill/domain/enrollment';
import { formatLongIndiaDate } from '@upskill/domain/batches';
import { COMPANY, REFUND_POLICY, formatRupees } from '@upskill/domain/common';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api';
import { useApiLoad } from '../../lib/useApiLoad';
import { fetchEnrollment, type PaymentCredentials } from './api';
import { TaxBreakup } from './TaxBreakup';
import { TaxDocumentButton } from './TaxDocumentButton';
import { PurchaseLines } from './PurchaseLines';

// The receipt itself and its loader, shared by the receipt page (with this browser's edit token) and
// AccountReceipt (with the signed-in owner's ID token), which the page loads lazily.

const dateTime = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
  timeZoneName: 'short',
});

const couldNotLoad = (err: unknown) =>
  err instanceof ApiError && (err.status === 403 || err.status === 404)
    ? 'We could not find a receipt for this enrollment on this account.'
    : 'We could not load your receipt. Please try again.';

/** Loads the record with the given credentials; the freshest word on its status is the server's. */
export function ReceiptLoader({ id, credentials }: { id: string; credentials: PaymentCredentials }) {
  const { load } = useApiLoad(
    useCallback((signal: AbortSignal) => fetchEnrollment(id, credentials, signal), [id, credentials]),
    couldNotLoad,
  );
  if (load.state === 'loading') return <p role="status">Loading your receipt…</p>;
  if (load.state === 'error')
    return (
      <p className="status status--error" role="alert">
        {load.message}
      </p>
    );
  return <Receipt record={load.answer} credentials={credentials} />;
}

/** An authorised free trial: nothing charged, so no receipt yet; what happens next, in the server's words. */
function TrialStarted({ record }: { record: EnrollmentRecord }) {
  const sub = record.subscription;
  return (
    <article className="card receipt" data-testid="trial-started" aria-labelledby="receipt-title">
      <header className="receipt__head">
        <div>
          <p className="eyebrow">{COMPANY.legalName}</p>
          <h1 id="receipt-title">Your free trial has started</h1>
        </div>
        <p className="receipt__amount">{formatRupees(0)}</p>
      </header>
      <p className="status status--success" data-testid="trial-label">
        {sub?.label}
      </p>
      <dl className="summary-list">
        <PurchaseLines purchase={record} />
        <dt>Charged today</dt>
        <dd>{formatRupees(0)}</dd>
        {sub?.trialEndsAt && (
          <>
            <dt>First charge</dt>
            <dd>
              {formatRupees(record.price)} on {formatLongIndiaDate(sub.trialEndsAt)}, then every{' '}
              {record.planId === 'yearly' ? 'year' : 'month'}
            </dd>
          </>
        )}
        <dt>Enrollment ID</dt>
        <dd>
          <code>{record.id}</code>
        </dd>
      </dl>
      <p>Cancel in My Courses before the trial ends and you are never charged. Each charge gets its receipt and GST invoice by e-mail.</p>
      <div className="receipt__actions">
        <Link className="btn btn--primary" to={paths.myCourses}>
          My Courses
        </Link>
      </div>
    </article>
  );
}

export function Receipt({ record, credentials }: { record: EnrollmentRecord; credentials: PaymentCredentials }) {
  if (!record.payment && record.status === 'trial') return <TrialStarted record={record} />;
  if (!record.payment) {
    return (
      <div className="state">
        <p>This enrollment has not been paid yet.</p>
        <Link className="btn btn--primary" to={paths.myCourses}>
          Go to My Courses
        </Link>
      </div>
    );
  }
  const { payment, refund } = record;
  return (
    <article className="card receipt" data-testid="receipt" aria-labelledby="receipt-title">
      <header className="receipt__head">
        <div>
          <p className="eyebrow">{COMPANY.legalName}</p>
          <h1 id="receipt-title">{record.status === 'refunded' ? 'Payment receipt (refunded)' : 'Payment receipt'}</h1>
        </div>
        <p className="receipt__amount" data-testid="receipt-amount">
          {formatRupees(payment.amount)}
        </p>
      </header>
      {record.status === 'refunded' && refund && (
        <p className="status status--info">
          Refunded {formatRupees(refund.amount)} on {dateTime.format(new Date(refund.refundedAt))} (refund {refund.refundId}).
        </p>
      )}
      <dl className="summary-list">
        <PurchaseLines purchase={record} />
        <dt>Batch</dt>
        <dd>{record.preferredBatchTime}</dd>
        <dt>Billed to</dt>
        <dd>
          {record.name}, {record.email}
        </dd>
        <dt>Amount paid</dt>
        <dd>{formatRupees(payment.amount)}</dd>
        <dt>Payment method</dt>
        <dd>{paymentMethodName(payment.method)}</dd>
        <dt>Paid on</dt>
        <dd>{dateTime.format(new Date(payment.paidAt))}</dd>
        <dt>Payment ID</dt>
        <dd>
          <code data-testid="receipt-payment-id">{payment.paymentId}</code>
        </dd>
        <dt>Enrollment ID</dt>
        <dd>
          <code>{record.id}</code>
        </dd>
        {record.invoice && (
          <>
            <dt>GST tax invoice</dt>
            <dd data-testid="receipt-invoice-number">
              {record.invoice.number} of {formatLongIndiaDate(`${record.invoice.date}T00:00:00+05:30`)}
            </dd>
          </>
        )}
        {record.creditNote && (
          <>
            <dt>Credit note</dt>
            <dd>{record.creditNote.number}</dd>
          </>
        )}
      </dl>
      {record.invoice && (
        <TaxBreakup
          breakup={record.invoice.breakup}
          placeOfSupply={record.invoice.placeOfSupply}
          caption="Tax in the amount paid (prices include GST)"
        />
      )}
      <footer className="receipt__footer">
        <p>
          <strong>{COMPANY.legalName}</strong>, {COMPANY.offices[0].lines.join(', ')}. {COMPANY.email}
        </p>
        <h2>Refund policy</h2>
        <p>{REFUND_POLICY}</p>
      </footer>
      <div className="receipt__actions">
        <button type="button" className="btn btn--primary" onClick={() => window.print()}>
          Print receipt
        </button>
        {record.invoice && (
          <TaxDocumentButton enrollmentId={record.id} kind="invoice" number={record.invoice.number} credentials={credentials} />
        )}
        {record.creditNote && (
          <TaxDocumentButton enrollmentId={record.id} kind="credit-note" number={record.creditNote.number} credentials={credentials} />
        )}
        <Link className="btn btn--secondary" to={paths.myCourses}>
          My Courses
        </Link>
      </div>
    </article>
  );
}
