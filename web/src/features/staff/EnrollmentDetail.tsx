import { AdvisorPanel } from './AdvisorPanel';
import { useState } from 'react';
import { OFFERINGS, offeringOf } from '@upskill/domain/batches';
import { Link } from 'react-router-dom';
import type { User } from 'firebase/auth';
import { useFirestore, useFirestoreDoc } from 'reactfire';
import {
  paymentMethodName,
  type EnrollmentStatus,
  summariseSubscription,
  purchaseLines,
  refundedBySwitches,
  switchRefund,
  switchTargets,
  switchTopUp,
  topUpPayments,
} from '@upskill/domain/enrollment';
import { formatRupees } from '@upskill/domain/common';
import { AGE_LABELS } from '@upskill/domain/account';
import { paths } from '../../config/paths';
import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { typedDoc } from './converters';
import { formatWhen } from './format';
import { StatusBadge } from './parts';
import { formatCertificateCode } from '@upskill/domain/certificates';
import { OUTSIDE_INDIA, stateName } from '@upskill/domain/tax';
import { AuditTrail, Consents, Payments, TaxDocumentLinks } from './EnrollmentRecords';
import { Actions } from './EnrollmentActions';

const siteOrigin = () => window.location.origin;

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
        amount={
          payment && !request
            ? payment.amount - refundedBySwitches(d) + topUpPayments(d).reduce((sum, topUp) => sum + topUp.amount, 0)
            : null
        }
        offering={offeringOf(d).slug}
        batchId={d.batchId ?? null}
        certificateCode={d.certificateCode ?? null}
        switchTargets={
          d.organisationSeat
            ? []
            : // A dearer course's difference is the learner's to pay, from My Courses.
              switchTargets(d, OFFERINGS)
                .filter((o) => switchTopUp(d, o.slug) === 0)
                .map((o) => ({
                  slug: o.slug,
                  name: o.name,
                  refund: switchRefund({ ...d, paidAmount: d.payment?.amount ?? 0 }, o.slug),
                }))
        }
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
