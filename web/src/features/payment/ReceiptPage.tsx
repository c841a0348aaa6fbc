import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { paymentMethodName, type EnrollmentRecord } from '@domain/api';
import { COMPANY } from '@domain/company';
import { REFUND_POLICY } from '@domain/policies';
import { formatRupees } from '@domain/money';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api';
import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { loadDraft } from '../enrollment';
import { fetchEnrollment, type PaymentCredentials } from './api';

// Only a browser without this enrollment's edit token needs the sign-in SDK to read it.
const AccountReceipt = lazy(() => import('./AccountReceipt'));

const dateTime = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'long', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Kolkata', timeZoneName: 'short' });

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'done'; record: EnrollmentRecord };

function stateFrom(value: unknown): { enrollment?: EnrollmentRecord; editToken?: string } {
  return typeof value === 'object' && value !== null ? (value as { enrollment?: EnrollmentRecord; editToken?: string }) : {};
}

/** Loads the record with the given credentials; the freshest word on its status is the server's. */
export function ReceiptLoader({ id, credentials }: { id: string; credentials: PaymentCredentials }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    fetchEnrollment(id, credentials, controller.signal)
      .then((record) => setLoad({ state: 'done', record }))
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        const message =
          err instanceof ApiError && (err.status === 403 || err.status === 404)
            ? 'We could not find a receipt for this enrollment on this account.'
            : 'We could not load your receipt. Please try again.';
        setLoad({ state: 'error', message });
      });
    return () => controller.abort();
  }, [id, credentials]);
  if (load.state === 'loading') return <p role="status">Loading your receipt…</p>;
  if (load.state === 'error') return <p className="status status--error" role="alert">{load.message}</p>;
  return <Receipt record={load.record} />;
}

export function Receipt({ record }: { record: EnrollmentRecord }) {
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
  const course = record.courseIds ? `${record.interestedCourse} (Custom plan: ${record.courseIds.length} courses)` : record.interestedCourse;
  return (
    <article className="card receipt" data-testid="receipt" aria-labelledby="receipt-title">
      <header className="receipt__head">
        <div>
          <p className="eyebrow">{COMPANY.legalName}</p>
          <h1 id="receipt-title">{record.status === 'refunded' ? 'Payment receipt (refunded)' : 'Payment receipt'}</h1>
        </div>
        <p className="receipt__amount" data-testid="receipt-amount">{formatRupees(payment.amount)}</p>
      </header>
      {record.status === 'refunded' && refund && (
        <p className="status status--info">
          Refunded {formatRupees(refund.amount)} on {dateTime.format(new Date(refund.refundedAt))} (refund {refund.refundId}).
        </p>
      )}
      <dl className="summary-list">
        <dt>Plan</dt>
        <dd>{record.planName}</dd>
        <dt>Course</dt>
        <dd>{course}</dd>
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
      </dl>
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
        <Link className="btn btn--secondary" to={paths.myCourses}>
          My Courses
        </Link>
      </div>
    </article>
  );
}

export default function ReceiptPage() {
  useDocumentMeta('Receipt', 'Your Upskill payment receipt.', { noindex: true });
  const { id = '' } = useParams();
  const location = useLocation();
  const fromState = stateFrom(location.state);
  const draft = loadDraft();
  const editToken = fromState.editToken ?? (draft?.record.id === id ? draft.editToken : undefined);
  const credentials = useMemo(() => ({ editToken }), [editToken]);
  return (
    <section className="section">
      <div className="container receipt-page">
        {editToken ? (
          <ReceiptLoader id={id} credentials={credentials} />
        ) : (
          <Suspense fallback={<p role="status">Loading your receipt…</p>}>
            <AccountReceipt id={id} />
          </Suspense>
        )}
      </div>
    </section>
  );
}
