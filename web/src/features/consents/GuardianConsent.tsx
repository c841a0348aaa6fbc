import { useCallback, useEffect, useState } from 'react';
import type { EnrollmentRecord } from '@upskill/domain/enrollment';
import { GUARDIAN_MESSAGES } from '@upskill/domain/account';
import { ApiError } from '../../lib/api';

interface Props {
  record: EnrollmentRecord;
  /** Reads the enrollment again (the guardian may have answered on another device). */
  reload: () => Promise<EnrollmentRecord>;
  /** Mails the guardian a new link (the old one stops working). */
  resend: () => Promise<unknown>;
  onChange: (record: EnrollmentRecord) => void;
}

/**
 * A learner under 18 waits here for their guardian: whom we mailed, a way to check again (also when the
 * tab comes back into view, as it does after the guardian answers on another device) and to send the
 * mail again. Payment stays closed until consent is given; the server refuses checkout before then.
 */
export function GuardianConsent({ record, reload, resend: resendMail, onChange }: Props) {
  const guardian = record.guardian;
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ kind: 'info' | 'error'; text: string } | null>(null);

  const check = useCallback(
    async (quiet: boolean) => {
      try {
        const latest = await reload();
        onChange(latest);
        if (!quiet && latest.guardian?.state === 'pending')
          setNote({ kind: 'info', text: 'No answer yet. We will show it here as soon as they decide.' });
      } catch (err) {
        if (!quiet)
          setNote({ kind: 'error', text: err instanceof ApiError ? err.message : 'We could not check just now. Please try again.' });
      }
    },
    [reload, onChange],
  );

  useEffect(() => {
    if (guardian?.state !== 'pending') return;
    // The guardian may have answered since this tab saved the enrollment.
    reload().then(onChange, () => undefined);
    const onVisible = () => {
      if (document.visibilityState === 'visible') void check(true);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [guardian?.state, check, reload, onChange]);

  if (!guardian || guardian.state === 'given') return null;

  const resend = async () => {
    setBusy(true);
    setNote(null);
    try {
      await resendMail();
      await check(true);
      setNote({ kind: 'info', text: `We have mailed ${guardian.name} a new link. The old one no longer works.` });
    } catch (err) {
      setNote({ kind: 'error', text: err instanceof ApiError ? err.message : 'We could not send the mail just now. Please try again.' });
    } finally {
      setBusy(false);
    }
  };

  if (guardian.state !== 'pending') {
    return (
      <div className="status status--error" role="alert" data-testid="guardian-consent">
        <p>
          {guardian.state === 'refused'
            ? GUARDIAN_MESSAGES.refused
            : `${guardian.name} has withdrawn their consent, so this enrollment cannot be paid.`}
        </p>
      </div>
    );
  }
  return (
    <div className="status status--info guardian-wait" data-testid="guardian-consent">
      <h2 className="guardian-wait__title">Waiting for your parent’s or guardian’s consent</h2>
      <p>
        You told us you are under 18, so we have mailed <strong>{guardian.name}</strong> ({guardian.email}) a link to give consent. Payment
        opens here as soon as they do.
      </p>
      <div className="payment-actions">
        <button type="button" className="btn btn--secondary" onClick={() => void check(false)} disabled={busy}>
          Check again
        </button>
        <button type="button" className="btn btn--secondary" onClick={() => void resend()} disabled={busy} aria-busy={busy}>
          Send the mail again
        </button>
      </div>
      <p aria-live="polite" className={note?.kind === 'error' ? 'status status--error' : 'muted'}>
        {note?.text}
      </p>
    </div>
  );
}
