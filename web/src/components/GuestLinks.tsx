import { Link } from 'react-router-dom';
import { paths } from '../config/paths';

/**
 * Login and Register, for a visitor who is not signed in: small in the header bar (the account corner),
 * full size in the mobile menu.
 */
export function GuestLinks({ onNavigate, size = 'sm' }: { onNavigate: () => void; size?: 'sm' | 'md' }) {
  const small = size === 'sm' ? ' btn--sm' : '';
  return (
    <>
      <Link className={`btn btn--ghost${small}`} to={paths.login} onClick={onNavigate}>
        Login
      </Link>
      <Link className={`btn btn--secondary${small}`} to={paths.register} onClick={onNavigate}>
        Register
      </Link>
    </>
  );
}
