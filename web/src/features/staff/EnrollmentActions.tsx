import { useEffect, useId, useRef, useState } from 'react';
import { batchLabel } from '@upskill/domain/batches';
import type { User } from 'firebase/auth';
import { type EnrollmentStatus } from '@upskill/domain/enrollment';
import { formatRupees } from '@upskill/domain/common';
import { type ResendKind, type StaffBatch } from '@upskill/domain/staff';
import { Modal } from '../../components/Modal';
import { actionFailure, decideCertificate, listBatches, moveLearner, refund, resend, revokeCertificate, switchCourse } from './staffApi';

// What staff can do to an enrollment from its console page: resend, refund, move to another batch.

type Outcome = { state: 'idle' } | { state: 'working' } | { state: 'done'; message: string } | { state: 'error'; message: string };

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

/** Switches the learner to a batch of another course or programme before their batch starts, at no cost (decision 0038). */
function SwitchToCourse({
  id,
  user,
  targets,
  onSwitch,
}: {
  id: string;
  user: User;
  targets: readonly { slug: string; name: string; refund: number }[];
  onSwitch: (work: () => Promise<unknown>, done: string) => Promise<void>;
}) {
  const [offering, setOffering] = useState('');
  const [batches, setBatches] = useState<StaffBatch[]>([]);
  const [target, setTarget] = useState('');
  useEffect(() => {
    if (!offering) return;
    let live = true;
    listBatches(() => user.getIdToken(), offering).then(
      (a) => live && setBatches(a.batches.filter((b) => b.status === 'open' && b.seatsLeft > 0 && !b.campus)),
      () => live && setBatches([]),
    );
    return () => {
      live = false;
    };
  }, [user, offering]);
  if (targets.length === 0) return null;
  return (
    <form
      className="staff-move"
      onSubmit={(e) => {
        e.preventDefault();
        if (target)
          void onSwitch(
            () => switchCourse(() => user.getIdToken(), id, target),
            'Switched: the learner has been mailed, any invoice naming the old course was reissued, and a cheaper course’s difference refunded.',
          );
      }}
    >
      <label htmlFor="switch-offering">Switch to course</label>
      <select
        id="switch-offering"
        className="input"
        value={offering}
        onChange={(e) => {
          setOffering(e.target.value);
          setTarget('');
          setBatches([]);
        }}
      >
        <option value="">Choose a course…</option>
        {targets.map((t) => (
          <option key={t.slug} value={t.slug}>
            {t.refund > 0 ? `${t.name} (${formatRupees(t.refund)} refunded)` : t.name}
          </option>
        ))}
      </select>
      {offering && (
        <>
          <label htmlFor="switch-batch">Batch</label>
          <select id="switch-batch" className="input" value={target} onChange={(e) => setTarget(e.target.value)}>
            <option value="">Choose a batch…</option>
            {batches.map((b) => (
              <option key={b.id} value={b.id}>
                {batchLabel(b)} ({b.seatsLeft} left)
              </option>
            ))}
          </select>
        </>
      )}
      <button type="submit" className="btn btn--secondary btn--sm" disabled={!target}>
        Switch
      </button>
    </form>
  );
}

export function Actions({
  id,
  user,
  status,
  name,
  amount,
  offering,
  batchId,
  certificateCode,
  switchTargets = [],
}: {
  id: string;
  user: User;
  status: EnrollmentStatus;
  name: string;
  amount: number | null;
  offering: string;
  batchId: string | null;
  certificateCode: string | null;
  /** Where the learner may switch before their batch starts (the domain's rule); empty when they may not. */
  switchTargets?: readonly { slug: string; name: string; refund: number }[];
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
      {status === 'paid' && <SwitchToCourse id={id} user={user} targets={switchTargets} onSwitch={run} />}
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
