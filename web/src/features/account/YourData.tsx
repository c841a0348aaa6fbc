import type { User } from 'firebase/auth';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { downloadMyData } from './accountActions';
import { Section, OutcomeLine, type Outcome } from './Section';
import { ConfirmIdentity } from './ConfirmIdentity';

export function YourData({ user }: { user: User }) {
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      await downloadMyData(user);
      setOutcome({ kind: 'ok', text: 'Your data is downloaded: one JSON file with everything we hold about you.' });
    } catch (err) {
      if (err instanceof ApiError && err.fields.reauthenticate) setConfirming(true);
      else
        setOutcome({
          kind: 'error',
          text:
            err instanceof ApiError && err.status !== 0 ? err.message : 'The download did not start. Check your connection and try again.',
        });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Section id="account-data" title="Your data">
      <p>
        Download a copy of everything we hold about you: your account, enrollments, payments, invoices, memberships, certificates, the mails
        we sent you, your messages and your newsletter status. Read how we use it in our{' '}
        <Link to={paths.privacyPolicy}>privacy notice</Link>.
      </p>
      {confirming ? (
        <ConfirmIdentity
          user={user}
          onCancel={() => setConfirming(false)}
          onConfirmed={() => {
            setConfirming(false);
            void download();
          }}
        />
      ) : (
        <button type="button" className="btn btn--secondary" onClick={() => void download()} disabled={busy}>
          {busy ? 'Preparing...' : 'Download my data'}
        </button>
      )}
      <OutcomeLine outcome={outcome} />
    </Section>
  );
}
