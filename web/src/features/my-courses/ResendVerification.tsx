import { useState } from 'react';
import type { User } from 'firebase/auth';
import { ACCOUNT_LINK_MINUTES } from '@upskill/domain/account';
import { ApiError, apiRequest } from '../../lib/api';

type State = { kind: 'idle' } | { kind: 'sending' } | { kind: 'sent' } | { kind: 'error'; message: string };

/**
 * Why some enrollments may be missing, and the two ways forward: another verification mail (ours,
 * through the outbox; rate-limited on the server), or "I have confirmed it", which re-reads the account.
 */
export function ResendVerification({ user }: { user: User }) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const resend = async () => {
    setState({ kind: 'sending' });
    try {
      await apiRequest('/api/account/verification', {
        method: 'POST',
        headers: { Authorization: `Bearer ${await user.getIdToken()}` },
        retries: 2,
      });
      setState({ kind: 'sent' });
    } catch (err) {
      setState({
        kind: 'error',
        message:
          err instanceof ApiError && err.status !== 0 ? err.message : 'We could not send the mail. Check your connection and try again.',
      });
    }
  };
  const recheck = async () => {
    await user.reload();
    await user.getIdToken(true);
    window.location.reload();
  };
  return (
    <div className="status status--info verify-notice">
      <p>
        Please confirm your e-mail address, {user.email}. Once you do, enrollments you made with this address before registering appear here
        too.
      </p>
      <p role="status">
        {state.kind === 'sent'
          ? `We have sent a new link to ${user.email}. It works for ${ACCOUNT_LINK_MINUTES} minutes.`
          : state.kind === 'error'
            ? state.message
            : ''}
      </p>
      <div className="verify-notice__actions">
        <button type="button" className="btn btn--secondary" onClick={() => void resend()} disabled={state.kind === 'sending'}>
          {state.kind === 'sending' ? 'Sending...' : 'Send the link again'}
        </button>
        <button type="button" className="btn btn--ghost" onClick={() => void recheck()}>
          I have confirmed it
        </button>
      </div>
    </div>
  );
}
