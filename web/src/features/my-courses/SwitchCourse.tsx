import { useId, useRef, useState } from 'react';
import type { User } from 'firebase/auth';
import type { EnrollmentSummary } from '@upskill/domain/enrollment';
import { formatRupees } from '@upskill/domain/common';
import { failureMessage } from '../../lib/api';
import { loadCheckout, openCheckout } from '../payment';
import { confirmSwitchPayment, startSwitchCheckout, switchCourse } from './api';
import { OpenBatches } from './OpenBatches';

/**
 * Switching course before the batch starts (decision 0038): at no cost, with a cheaper course's difference refunded,
 * or with a dearer course's difference paid first in Razorpay's checkout (the new batch's seat is held meanwhile, and
 * the payment itself makes the switch). One of the courses or programmes the server lists for this enrollment, then
 * one of its batches with a seat. The server decides; its answer is shown as it is. Loaded only when the learner opens it.
 */
export default function SwitchCourse({ item, user, onSwitched }: { item: EnrollmentSummary; user: User; onSwitched: () => void }) {
  const [open, setOpen] = useState(false);
  const [offering, setOffering] = useState('');
  const [batchId, setBatchId] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string>();
  const form = useRef<HTMLFormElement>(null);
  const offeringId = useId();
  const programmes = item.switchTargets.some((target) => target.kind === 'programme');
  const kind = programmes ? 'programme' : 'course';
  const topUp = item.switchTargets.find((target) => target.slug === offering)?.topUp ?? 0;

  /** Made: the form closes (the list is read again and names the new course), ready for another switch. */
  const done = () => {
    setOpen(false);
    setOffering('');
    setBatchId('');
    setSending(false);
    onSwitched();
  };

  /** A dearer course: its difference paid in checkout, then confirmed; closing checkout switches nothing. */
  const payAndSwitch = async (idToken: string) => {
    const [Razorpay, order] = await Promise.all([loadCheckout(), startSwitchCheckout(idToken, item.id, batchId)]);
    let failure: string | undefined;
    const outcome = await openCheckout(Razorpay, order, undefined, { onFailed: (message) => (failure = message) });
    if (outcome.kind === 'closed' || !('razorpay_order_id' in outcome.result)) {
      setError(
        failure
          ? `Payment failed: ${failure} You have not been charged and nothing was switched.`
          : 'The payment window was closed: nothing was paid or switched.',
      );
      setSending(false);
      return;
    }
    try {
      await confirmSwitchPayment(await user.getIdToken(), item.id, outcome.result);
    } catch (err) {
      setError(
        failureMessage(
          err,
          'We could not confirm your payment just now. If you were charged, your course is switched automatically within a few minutes; refresh My Courses to see it.',
        ),
      );
      setSending(false);
      return;
    }
    done();
  };

  const submit = async () => {
    if (!batchId) {
      setError('Choose a batch.');
      form.current?.querySelector<HTMLElement>(offering ? 'input[type=radio]' : 'select')?.focus();
      return;
    }
    setSending(true);
    setError(undefined);
    try {
      const idToken = await user.getIdToken();
      if (topUp > 0) return await payAndSwitch(idToken);
      await switchCourse(idToken, item.id, batchId);
      done();
    } catch (err) {
      setError(failureMessage(err, 'We could not reach the server. Nothing was switched; please try again.'));
      setSending(false);
    }
  };

  return (
    <div className="purchase__switch" data-testid="switch-course">
      <p className="muted">
        {programmes
          ? `Before your batch’s first class you can switch to another ${kind}, at no cost.`
          : 'Before your batch’s first class you can switch to another course: at no cost if it costs the same, with the difference refunded to the payment you made if it costs less, or by paying the difference if it costs more.'}
      </p>
      {!open ? (
        <button type="button" className="btn btn--secondary btn--sm" onClick={() => setOpen(true)}>
          Switch {kind}
        </button>
      ) : (
        <form
          ref={form}
          className="credit-form"
          aria-label={`Switch the ${kind} of ${item.planName}`}
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <label htmlFor={offeringId}>{programmes ? 'Programme' : 'Course'}</label>
          <select
            id={offeringId}
            value={offering}
            onChange={(e) => {
              setOffering(e.target.value);
              setBatchId('');
            }}
          >
            <option value="">Choose a {kind}</option>
            {item.switchTargets.map((target) => (
              <option key={target.slug} value={target.slug}>
                {target.refund > 0
                  ? `${target.name} (${formatRupees(target.refund)} refunded)`
                  : target.topUp > 0
                    ? `${target.name} (${formatRupees(target.topUp)} more)`
                    : target.name}
              </option>
            ))}
          </select>
          {topUp > 0 && (
            <p className="muted" data-testid="switch-top-up">
              This course costs {formatRupees(topUp)} more than yours: you pay the difference in Razorpay’s checkout, and your course
              switches as soon as it is paid. Your seat in the batch you choose is held while you pay.
            </p>
          )}
          {offering && <OpenBatches offering={offering} group={`switch-${item.id}`} selected={batchId} onSelect={setBatchId} what={kind} />}
          {error && (
            <p className="status status--error" role="alert">
              {error}
            </p>
          )}
          <div className="credit-form__actions">
            <button type="submit" className="btn btn--primary btn--sm" disabled={sending || !batchId} aria-busy={sending}>
              {topUp > 0 ? `Pay ${formatRupees(topUp)} and switch` : 'Switch to this batch'}
            </button>
            <button type="button" className="btn btn--secondary btn--sm" onClick={() => setOpen(false)} disabled={sending}>
              Not now
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
