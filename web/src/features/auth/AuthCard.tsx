import { useEffect, type ReactNode } from 'react';
import { GoogleButton } from './GoogleButton';
import { loadAuthActions } from './loadAuthActions';

interface Props {
  title: string;
  intro: string;
  error: string | null;
  onGoogleSuccess: () => void;
  onGoogleError: (message: string) => void;
  /** The e-mail form. */
  children: ReactNode;
  /** The link to the other page (log in <-> register). */
  footer: ReactNode;
}

/** The frame both sign-in pages share: heading, the error above the form, the form, Google, the switch link. */
export function AuthCard({ title, intro, error, onGoogleSuccess, onGoogleError, children, footer }: Props) {
  // Fetch the SDK while the visitor types, so submitting does not wait for it.
  useEffect(() => {
    void loadAuthActions();
  }, []);
  return (
    <section className="section">
      <div className="container">
        <div className="card auth">
          <h1>{title}</h1>
          <p className="muted">{intro}</p>
          {error && (
            <p className="status status--error" role="alert">
              {error}
            </p>
          )}
          {children}
          <div className="auth__divider">or</div>
          <GoogleButton onSuccess={onGoogleSuccess} onError={onGoogleError} />
          <p className="center auth__switch">{footer}</p>
        </div>
      </div>
    </section>
  );
}
