import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';
import { GoogleButton } from './GoogleButton';
import { loadAuthActions } from './loadAuthActions';

interface Props {
  title: string;
  intro: string;
  error: string | null;
  /** A word from the page that sent the visitor here ("You are signed out on every device."). */
  notice?: string | null;
  onGoogleSuccess: () => void;
  onGoogleError: (message: string) => void;
  /** The e-mail form. */
  children: ReactNode;
  /** The link to the other page (log in <-> register). */
  footer: ReactNode;
}

const preloadAuth = () => {
  void loadAuthActions();
};

/** The frame both sign-in pages share: heading, the error above the form, the form, Google, the switch link. */
export function AuthCard({ title, intro, error, notice, onGoogleSuccess, onGoogleError, children, footer }: Props) {
  return (
    <section className="section">
      <div className="container">
        {/* The SDK loads when the visitor reaches for the form (pointer, touch or focus), not with the
            page: it is fetched while they type, and the first paint stays free of its start-up work. */}
        <div className="card auth" onPointerEnter={preloadAuth} onPointerDown={preloadAuth} onFocus={preloadAuth}>
          <h1>{title}</h1>
          <p className="muted">{intro}</p>
          {notice && !error && (
            <p className="status status--info" role="status">
              {notice}
            </p>
          )}
          {error && (
            <p className="status status--error" role="alert">
              {error}
            </p>
          )}
          {children}
          <div className="auth__divider">or</div>
          <GoogleButton onSuccess={onGoogleSuccess} onError={onGoogleError} />
          <p className="muted auth__terms" data-testid="account-terms">
            By continuing, you agree to our <Link to={paths.terms}>Terms of Service</Link> and have read our{' '}
            <Link to={paths.privacy}>Privacy Notice</Link>. We record when you agreed.
          </p>
          <p className="center auth__switch">{footer}</p>
        </div>
      </div>
    </section>
  );
}
