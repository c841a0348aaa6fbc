import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { authErrorMessage } from './errors';
import { loadAuthActions } from './loadAuthActions';
import { useRedirectTarget } from './useRedirectTarget';

type AuthActions = Awaited<ReturnType<typeof loadAuthActions>>;

/**
 * What the sign-in and register pages share: where to go afterwards, the error in plain words, and
 * running a sign-in action (loading the SDK if the visitor was quicker than its preload).
 */
export function useSignInFlow() {
  const navigate = useNavigate();
  const redirectTo = useRedirectTarget();
  const [error, setError] = useState<string | null>(null);
  const done = () => navigate(redirectTo, { replace: true });
  const attempt = async (action: (actions: AuthActions) => Promise<void>) => {
    setError(null);
    try {
      await action(await loadAuthActions());
      done();
    } catch (err) {
      setError(authErrorMessage(err));
    }
  };
  return { redirectTo, error, setError, done, attempt };
}
