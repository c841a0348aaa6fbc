import type { User } from 'firebase/auth';
import { FormField } from '../../components/FormField';
import { useState } from 'react';
import { RECENT_SIGN_IN_MINUTES } from '@upskill/domain/account';
import { authErrorMessage } from '../auth/index.forms';
import { reauthenticate, usesPassword } from './accountActions';

/** Asks for the password (or Google) again before something that reads or erases everything. */
export function ConfirmIdentity({ user, onConfirmed, onCancel }: { user: User; onConfirmed: () => void; onCancel: () => void }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await reauthenticate(user, usesPassword(user) ? password : null);
      onConfirmed();
    } catch (err) {
      setError(authErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      className="account__confirm"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void confirm();
      }}
    >
      <p>For your security, please confirm it is you (you last signed in more than {RECENT_SIGN_IN_MINUTES} minutes ago).</p>
      {usesPassword(user) && (
        <FormField label="Your password" error={error ?? undefined}>
          <input
            className="input"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        </FormField>
      )}
      {!usesPassword(user) && error && (
        <p className="status status--error" role="alert">
          {error}
        </p>
      )}
      <div className="account__actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {usesPassword(user) ? 'Confirm and continue' : 'Confirm with Google'}
        </button>
        <button type="button" className="btn btn--ghost" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
