import { useEffect, useId, useMemo, useState } from 'react';
import type { User } from 'firebase/auth';
import { useFirestore, useFirestoreCollection } from 'reactfire';
import { paymentMethodName } from '@upskill/domain/enrollment';
import { formatRupees } from '@upskill/domain/common';
import { STAFF_ACTION_LABELS, auditOfTargetQuery, consentsOfPersonQuery, paymentsOfEnrollmentQuery } from '@upskill/domain/staff';
import { CONSENT_TITLES } from '@upskill/domain/account';
import { formatWhen } from './format';
import { toQuery } from './queries';
import { TaxDocumentButton } from '../payment';

// An enrollment's records on its console page, read-only: payment events, consents, the audit trail, tax documents.

export function Payments({ enrollmentId }: { enrollmentId: string }) {
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
export function Consents({ email }: { email: string }) {
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

export function AuditTrail({ targetId }: { targetId: string }) {
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

export function TaxDocumentLinks({ id, user, invoice, creditNote }: { id: string; user: User; invoice?: string; creditNote?: string }) {
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
