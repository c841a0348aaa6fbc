import type { User } from 'firebase/auth';
import { paths } from '../../config/paths';
import { ApiError } from '../../lib/api';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { signOutAndForget } from '../auth';
import { signOutEverywhere } from './accountActions';
import { Section, OutcomeLine, type Outcome } from './Section';

export function Sessions({ user }: { user: User }) {
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [busy, setBusy] = useState(false);
  const everywhere = async () => {
    setBusy(true);
    try {
      await signOutEverywhere(user);
      await signOutAndForget();
      navigate(paths.login, { replace: true, state: { notice: 'You are signed out on every device. Log in again to continue.' } });
    } catch (err) {
      setOutcome({
        kind: 'error',
        text: err instanceof ApiError && err.status !== 0 ? err.message : 'We could not sign you out everywhere. Please try again.',
      });
      setBusy(false);
    }
  };
  return (
    <Section id="account-sessions" title="Devices">
      <p>Lost a phone, or signed in on a shared computer? Sign out on every device at once, this one included.</p>
      <button type="button" className="btn btn--secondary" onClick={() => void everywhere()} disabled={busy}>
        {busy ? 'Signing out...' : 'Sign out everywhere'}
      </button>
      <OutcomeLine outcome={outcome} />
    </Section>
  );
}
