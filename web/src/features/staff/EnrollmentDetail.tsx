import { AdvisorPanel } from './AdvisorPanel';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { batchLabel, offeringOf } from '@upskill/domain/batches';
import { Link } from 'react-router-dom';
import type { User } from 'firebase/auth';
import { useFirestore, useFirestoreCollection, useFirestoreDoc } from 'reactfire';
import { paymentMethodName, type EnrollmentStatus } from '@upskill/domain/api';
import { formatRupees } from '@upskill/domain/money';
import { summariseSubscription } from '@upskill/domain/subscriptionSnapshots';
import {
  STAFF_ACTION_LABELS,
  auditOfTargetQuery,
  consentsOfPersonQuery,
  paymentsOfEnrollmentQuery,
  type ResendKind,
  type StaffBatch,
} from '@upskill/domain/staff';
import { AGE_LABELS, CONSENT_TITLES } from '@upskill/domain/consents';
import { Modal } from '../../components/Modal';
import { paths } from '../../config/paths';
import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { typedDoc } from './converters';
import { formatWhen } from './format';
import { StatusBadge } from './parts';
import { toQuery } from './queries';
import { actionFailure, decideCertificate, listBatches, moveLearner, refund, resend, revokeCertificate } from './staffApi';
import { formatCertificateCode } from '@upskill/domain/certificates';
import { OUTSIDE_INDIA, stateName } from '@upskill/domain/tax';
import { TaxDocumentButton } from '../payment';
import { purchaseLines } from '@upskill/domain/purchase';

const siteOrigin = () => window.location.origin;

type Outcome = { state: 'idle' } | { state: 'working' } | { state: 'done'; message: string } | { state: 'error'; message: string };

function Payments({ enrollmentId }: { enrollmentId: string }) {
  const db = useFirestore();
  const captionId = useId();
  const payments = useFirestoreCollection(toQuery(db, paymentsOfEnrollmentQuery(enrollmentId)));
  if (payments.status !== 'success') return <p role="status">Loading payments…</p>;
  return (
    <div className="table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="staff-table">
        <caption id={captionId}>Payment events</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Payment ID</th>
            <th scope="col" className="num">
              Amount
            </th>
            <th scope="col">Method</th>
            <th scope="col">State</th>
            <th scope="col">Outcome</th>
            <th scope="col">Reported by</th>
          </tr>
        </thead>
        <tbody>
          {payments.data.docs.map((p) => {
            const d = p.data();
            return (
              <tr key={p.id} data-testid="staff-payment">
                <td>{formatWhen(d.updatedAt)}</td>
                <td>
                  <code>{p.id}</code>
                  {d.refundId ? <span className="muted block">Refund {d.refundId}</span> : null}
                </td>
                <td className="num">{formatRupees(d.amount / 100)}</td>
                <td>{paymentMethodName(d.method)}</td>
                <td>
                  {d.state}
                  {d.errorDescription ? <span className="muted block">{d.errorDescription}</span> : null}
                </td>
                <td>
                  {d.outcome}
                  {d.flagged ? <span className="status--error block">Flagged: {d.flagReason ?? ''}</span> : null}
                </td>
                <td>{d.reportedBy}</td>
              </tr>
            );
          })}
          {payments.data.empty && (
            <tr>
              <td colSpan={7} className="staff-empty">
                No payment attempts yet.
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

/** sha256 hex of the learner's address: how consent records name their subject (never the address). */
function useSubjectHash(email: string): string | null {
  const [hash, setHash] = useState<{ email: string; hash: string } | null>(null);
  useEffect(() => {
    let live = true;
    void crypto.subtle.digest('SHA-256', new TextEncoder().encode(email.trim().toLowerCase())).then((buffer) => {
      if (live) setHash({ email, hash: [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('') });
    });
    return () => {
      live = false;
    };
  }, [email]);
  return hash?.email === email ? hash.hash : null;
}

/** The learner's consents: what, for what, when given or withdrawn. The address hashes are not shown. */
function Consents({ email }: { email: string }) {
  const hash = useSubjectHash(email);
  if (!hash) return <p role="status">Loading consents…</p>;
  return <ConsentList subjectHash={hash} />;
}

function ConsentList({ subjectHash }: { subjectHash: string }) {
  const db = useFirestore();
  const consents = useFirestoreCollection(toQuery(db, consentsOfPersonQuery(subjectHash)));
  if (consents.status !== 'success') return <p role="status">Loading consents…</p>;
  if (consents.data.empty) return <p className="muted">No consents recorded for this address.</p>;
  return (
    <ul className="staff-audit" data-testid="staff-consents">
      {consents.data.docs.map((entry) => {
        const d = entry.data();
        return (
          <li key={entry.id}>
            <strong>
              {CONSENT_TITLES[d.kind]}
              {d.about ? `: ${d.about}` : ''}
            </strong>
            : {d.state === 'given' ? 'given' : 'withdrawn'}
            {d.givenBy ? ` by ${d.givenBy}` : ''}, {formatWhen(d.givenAt)}
            {d.withdrawnAt ? `; withdrawn ${formatWhen(d.withdrawnAt)}` : ''}
            <span className="block muted">{d.purpose}</span>
          </li>
        );
      })}
    </ul>
  );
}

function AuditTrail({ targetId }: { targetId: string }) {
  const db = useFirestore();
  const audit = useFirestoreCollection(toQuery(db, auditOfTargetQuery(targetId)));
  if (audit.status !== 'success') return <p role="status">Loading the audit trail…</p>;
  if (audit.data.empty) return <p className="muted">No staff actions yet.</p>;
  return (
    <ol className="staff-audit" data-testid="staff-audit">
      {audit.data.docs.map((entry) => {
        const d = entry.data();
        return (
          <li key={entry.id}>
            <strong>{STAFF_ACTION_LABELS[d.action]}</strong> by {d.actorEmail}, <time>{formatWhen(d.at)}</time>
            {d.detail ? <span className="block muted">{d.detail}</span> : null}
          </li>
        );
      })}
    </ol>
  );
}

function RefundDialog({
  name,
  amount,
  onClose,
  onConfirm,
}: {
  name: string;
  amount: number;
  onClose: () => void;
  onConfirm: (reason: string) => Promise<void>;
}) {
  const titleId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [working, setWorking] = useState(false);
  const reasonField = useRef<HTMLTextAreaElement>(null);
  return (
    <Modal titleId={titleId} onClose={onClose}>
      <form
        className="staff-dialog"
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          if (!reason.trim()) {
            setError('Say why the money is being returned.');
            reasonField.current?.focus();
            return;
          }
          setWorking(true);
          await onConfirm(reason);
          setWorking(false);
        }}
      >
        <h2 id={titleId}>
          Refund {formatRupees(amount)} to {name}?
        </h2>
        <p>The whole payment goes back through Razorpay. This cannot be undone; the enrollment shows Refunded once Razorpay confirms.</p>
        <div className="field">
          <label htmlFor="refund-reason">Reason (kept in the audit trail)</label>
          <textarea
            ref={reasonField}
            id="refund-reason"
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'refund-reason-error' : undefined}
          />
          {error && (
            <p id="refund-reason-error" className="field__error" role="alert">
              {error}
            </p>
          )}
        </div>
        <div className="staff-dialog__actions">
          <button type="button" className="btn btn--secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn--danger" disabled={working} aria-busy={working}>
            Refund {formatRupees(amount)}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** Moves the learner's seat to another batch of the same offering (it also settles a payment that found no seat). */
function MoveToBatch({
  id,
  user,
  offering,
  current,
  onMove,
}: {
  id: string;
  user: User;
  offering: string;
  current: string | null;
  onMove: (work: () => Promise<unknown>, done: string) => Promise<void>;
}) {
  const [batches, setBatches] = useState<StaffBatch[]>([]);
  const [target, setTarget] = useState('');
  useEffect(() => {
    let live = true;
    listBatches(() => user.getIdToken(), offering).then(
      (a) => live && setBatches(a.batches.filter((b) => b.status === 'open' && b.id !== current)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [user, offering, current]);
  if (batches.length === 0) return null;
  return (
    <form
      className="staff-move"
      onSubmit={(e) => {
        e.preventDefault();
        if (target)
          void onMove(() => moveLearner(() => user.getIdToken(), id, target), 'Moved: the learner has been mailed their new batch.');
      }}
    >
      <label htmlFor="move-batch">Move to batch</label>
      <select id="move-batch" className="input" value={target} onChange={(e) => setTarget(e.target.value)}>
        <option value="">Choose a batch…</option>
        {batches.map((b) => (
          <option key={b.id} value={b.id}>
            {batchLabel(b)} ({b.seatsLeft} left)
          </option>
        ))}
      </select>
      <button type="submit" className="btn btn--secondary btn--sm" disabled={!target}>
        Move
      </button>
    </form>
  );
}

function Actions({
  id,
  user,
  status,
  name,
  amount,
  offering,
  batchId,
  certificateCode,
}: {
  id: string;
  user: User;
  status: EnrollmentStatus;
  name: string;
  amount: number | null;
  offering: string;
  batchId: string | null;
  certificateCode: string | null;
}) {
  const [outcome, setOutcome] = useState<Outcome>({ state: 'idle' });
  const [confirming, setConfirming] = useState(false);
  const token = () => user.getIdToken();
  const run = async (work: () => Promise<unknown>, done: string) => {
    setOutcome({ state: 'working' });
    try {
      await work();
      setOutcome({ state: 'done', message: done });
    } catch (err) {
      setOutcome({ state: 'error', message: actionFailure(err) });
    }
  };
  const busy = outcome.state === 'working';
  const onResend = (mail: ResendKind) =>
    run(() => resend(token, id, mail), mail === 'receipt' ? 'The receipt is on its way.' : 'The payment link is on its way.');
  return (
    <div className="staff-actions">
      {status === 'pending_payment' && (
        <button type="button" className="btn btn--secondary btn--sm" disabled={busy} onClick={() => void onResend('payment-link')}>
          Resend payment link
        </button>
      )}
      {status === 'paid' && (
        <button type="button" className="btn btn--secondary btn--sm" disabled={busy} onClick={() => void onResend('receipt')}>
          Resend receipt
        </button>
      )}
      {status === 'paid' && amount !== null && (
        <button type="button" className="btn btn--danger btn--sm" disabled={busy} onClick={() => setConfirming(true)}>
          Refund…
        </button>
      )}
      {status === 'paid' &&
        batchId &&
        (['issue', 'withhold'] as const).map((choice) => (
          <button
            key={choice}
            type="button"
            className="btn btn--secondary btn--sm"
            disabled={busy}
            onClick={() => {
              const reason = window.prompt(
                choice === 'issue'
                  ? 'Why does this learner get a certificate against the attendance rule? (kept in the audit trail)'
                  : "Why is this learner's certificate withheld? (kept in the audit trail; a certificate already issued is revoked)",
              );
              if (reason)
                void run(
                  () => decideCertificate(token, id, choice === 'issue', reason),
                  choice === 'issue' ? 'Certificate issued (or it will be when the batch completes).' : 'Certificate withheld.',
                );
            }}
          >
            {choice === 'issue' ? 'Issue certificate…' : 'Withhold certificate…'}
          </button>
        ))}
      {certificateCode && (
        <button
          type="button"
          className="btn btn--danger btn--sm"
          disabled={busy}
          onClick={() => {
            const reason = window.prompt('Why is this certificate revoked? (kept in the audit trail; its page will say revoked)');
            if (reason) void run(() => revokeCertificate(token, certificateCode, reason), 'Certificate revoked: its page now says so.');
          }}
        >
          Revoke certificate…
        </button>
      )}
      {status !== 'refunded' && <MoveToBatch id={id} user={user} offering={offering} current={batchId} onMove={run} />}
      <p
        role="status"
        className={
          outcome.state === 'error' ? 'status status--error' : outcome.state === 'done' ? 'status status--success' : 'visually-hidden'
        }
      >
        {outcome.state === 'done' || outcome.state === 'error' ? outcome.message : ''}
      </p>
      {confirming && amount !== null && (
        <RefundDialog
          name={name}
          amount={amount}
          onClose={() => setConfirming(false)}
          onConfirm={async (reason) => {
            await run(
              () => refund(token, id, reason),
              'Refund requested. Razorpay will confirm it and this enrollment will show Refunded.',
            );
            setConfirming(false);
          }}
        />
      )}
    </div>
  );
}

function TaxDocumentLinks({ id, user, invoice, creditNote }: { id: string; user: User; invoice?: string; creditNote?: string }) {
  const credentials = useMemo(() => ({ getIdToken: () => user.getIdToken() }), [user]);
  return (
    <p className="staff-documents">
      {invoice && (
        <TaxDocumentButton
          enrollmentId={id}
          kind="invoice"
          number={invoice}
          credentials={credentials}
          className="btn btn--secondary btn--sm"
        />
      )}
      {creditNote && (
        <TaxDocumentButton
          enrollmentId={id}
          kind="credit-note"
          number={creditNote}
          credentials={credentials}
          className="btn btn--secondary btn--sm"
        />
      )}
    </p>
  );
}

export function EnrollmentDetail({ id, user }: { id: string; user: User }) {
  const db = useFirestore();
  const snap = useFirestoreDoc(typedDoc(db, 'enrollments', id));
  const [nowMs] = useState(() => Date.now());
  useDocumentMeta('Enrollment · Staff console', 'Upskill staff: one enrollment.', { noindex: true });
  const back = (
    <p>
      <Link to={paths.staff}>← All enrollments</Link>
    </p>
  );
  if (snap.status === 'loading')
    return (
      <>
        {back}
        <p role="status">Loading the enrollment…</p>
      </>
    );
  if (snap.status === 'error')
    return (
      <>
        {back}
        <p className="status status--error" role="alert">
          Could not load this enrollment.
        </p>
      </>
    );
  const d = snap.data.data();
  if (!d)
    return (
      <>
        {back}
        <h1>No such enrollment</h1>
        <p>There is no enrollment with the id {id}.</p>
      </>
    );
  const payment = d.payment ?? null;
  const refundInfo = d.refund ?? null;
  const request = d.refundRequest ?? null;
  const status: EnrollmentStatus = d.status;
  const facts: [string, string][] = [
    ['E-mail', d.email],
    ['Phone', d.phone],
    ['College', d.collegeName],
    ...purchaseLines({ ...d, planId: d.planId ?? null, courseId: d.courseId ?? null, courseIds: d.courseIds ?? null }).map(
      (line): [string, string] => [line.label, line.value],
    ),
    ['Batch', d.preferredBatchTime],
    ['Price', formatRupees(d.price)],
    ['List price', formatRupees(d.listPrice)],
    ['Coupon', d.couponApplied ? 'Applied' : 'No'],
    ['Enrolled', formatWhen(d.createdAt)],
    ['Enrollment ID', snap.data.id],
  ];
  if (payment)
    facts.push([
      'Paid',
      `${formatRupees(payment.amount)} by ${paymentMethodName(payment.method)}, ${formatWhen(payment.paidAt)} (${payment.paymentId})`,
    ]);
  if (request && status === 'paid')
    facts.push([
      'Refund',
      `Requested by ${request.by}, ${formatWhen(request.requestedAt)}${request.refundId ? ` (${request.refundId})` : ''}; awaiting Razorpay`,
    ]);
  if (d.seatIssue)
    facts.push([
      'Seat',
      `PAID WITHOUT A SEAT since ${formatWhen(d.seatIssue.at)}: the batch filled while the payment was on its way. The learner was mailed a choice; move them to a batch or refund them.`,
    ]);
  else if (d.batchId && status === 'pending_payment' && d.holdUntil) facts.push(['Seat', `Held until ${formatWhen(d.holdUntil)}`]);
  if (d.certificateCode)
    facts.push(['Certificate', `${formatCertificateCode(d.certificateCode)}: ${siteOrigin()}/certificates/${d.certificateCode}`]);
  if (d.certificateOverride)
    facts.push([
      'Certificate decision',
      `${d.certificateOverride.issue ? 'Issue' : 'Withhold'}, by ${d.certificateOverride.by}, ${formatWhen(d.certificateOverride.at)}: ${d.certificateOverride.reason}`,
    ]);
  if (d.billing)
    facts.push([
      'Billing',
      d.billing.state === OUTSIDE_INDIA
        ? `Outside India (${d.billing.country ?? ''})`
        : `${stateName(d.billing.state) ?? d.billing.state}${d.billing.gstin ? `, GSTIN ${d.billing.gstin} (${d.billing.businessName ?? ''})` : ''}`,
    ]);
  if (d.invoice) facts.push(['GST invoice', `${d.invoice.number} of ${d.invoice.date}, place of supply ${d.invoice.placeOfSupply.name}`]);
  if (d.creditNote) facts.push(['Credit note', `${d.creditNote.number} of ${d.creditNote.date}`]);
  if (d.subscription) {
    // The membership as the learner sees it, by the same rule, plus what only staff need.
    const sub = d.subscription;
    const view = summariseSubscription(sub.snapshot, sub.cancelledAt ? sub.cancelledAt.toMillis() : null, nowMs);
    facts.push([
      'Subscription',
      `${view.label} (${sub.id}, Razorpay status ${sub.snapshot.status}, ${sub.snapshot.paidCount} paid cycle${sub.snapshot.paidCount === 1 ? '' : 's'})`,
    ]);
    if (sub.cancelledAt) facts.push(['Cancelled by the learner', formatWhen(sub.cancelledAt)]);
  }
  if (d.ageDeclaration) facts.push(['Age', AGE_LABELS[d.ageDeclaration]]);
  if (d.guardian) {
    const word = { pending: 'waiting for consent', given: 'consent given', refused: 'consent refused', withdrawn: 'consent withdrawn' }[
      d.guardian.state
    ];
    facts.push([
      'Parent or guardian',
      `${d.guardian.name} <${d.guardian.email}>: ${word}${d.guardian.decidedAt ? `, ${formatWhen(d.guardian.decidedAt)}` : ''}`,
    ]);
  }
  if (refundInfo)
    facts.push(['Refunded', `${formatRupees(refundInfo.amount)}, ${formatWhen(refundInfo.refundedAt)} (${refundInfo.refundId})`]);
  return (
    <>
      {back}
      <h1>
        {d.name} <StatusBadge status={status} />
      </h1>
      <dl className="staff-facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {(d.invoice || d.creditNote) && (
        <TaxDocumentLinks id={snap.data.id} user={user} invoice={d.invoice?.number} creditNote={d.creditNote?.number} />
      )}
      <Actions
        id={snap.data.id}
        user={user}
        status={status}
        name={d.name}
        amount={payment && !request ? payment.amount : null}
        offering={offeringOf(d).slug}
        batchId={d.batchId ?? null}
        certificateCode={d.certificateCode ?? null}
      />
      {d.planId === 'custom' && <AdvisorPanel enrollmentId={snap.data.id} user={user} />}
      <h2>Payments</h2>
      <Payments enrollmentId={snap.data.id} />
      <h2>Consents</h2>
      <Consents email={d.email} />
      <h2>Audit trail</h2>
      <AuditTrail targetId={snap.data.id} />
    </>
  );
}
