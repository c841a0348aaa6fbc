import { useState } from 'react';
import { authErrorMessage } from './errors';
import { loadAuthActions } from './loadAuthActions';

export function GoogleButton({ onSuccess, onError }: { onSuccess: () => void; onError: (message: string) => void }) {
  const [busy, setBusy] = useState(false);
  const signIn = async () => {
    setBusy(true);
    try {
      await (await loadAuthActions()).signInWithGoogle();
      onSuccess();
    } catch (err) {
      onError(authErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="btn btn--secondary btn--block google-btn" onClick={signIn} disabled={busy}>
      <svg width="18" height="18" viewBox="0 0 48 48" aria-hidden="true" focusable="false">
        <path
          fill="#EA4335"
          d="M24 9.5c3.5 0 6.6 1.2 9 3.5l6.7-6.7C35.6 2.4 30.2 0 24 0 14.6 0 6.6 5.4 2.7 13.3l7.8 6C12.4 13.7 17.7 9.5 24 9.5z"
        />
        <path fill="#4285F4" d="M46.1 24.5c0-1.6-.1-3.1-.4-4.5H24v9h12.4c-.5 2.9-2.2 5.3-4.6 6.9l7.4 5.7c4.3-4 6.9-9.9 6.9-17.1z" />
        <path fill="#FBBC05" d="M10.5 28.7A14.5 14.5 0 0 1 9.5 24c0-1.6.3-3.2.8-4.7l-7.8-6A24 24 0 0 0 0 24c0 3.9.9 7.5 2.6 10.7l7.9-6z" />
        <path
          fill="#34A853"
          d="M24 48c6.5 0 11.9-2.1 15.9-5.8l-7.4-5.7c-2.1 1.4-4.8 2.3-8.5 2.3-6.3 0-11.6-4.2-13.5-9.9l-7.9 6C6.6 42.6 14.6 48 24 48z"
        />
      </svg>
      {busy ? 'Opening Google...' : 'Sign in with Google'}
    </button>
  );
}
