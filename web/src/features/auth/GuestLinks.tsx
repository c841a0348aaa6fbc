import { Link } from 'react-router-dom';
import { paths } from '../../config/paths';

/** Login and Register, for a visitor who is not signed in. */
export function GuestLinks({ onNavigate }: { onNavigate: () => void }) {
  return (
    <>
      <Link className="btn btn--ghost btn--sm" to={paths.login} onClick={onNavigate}>
        Login
      </Link>
      <Link className="btn btn--secondary btn--sm" to={paths.register} onClick={onNavigate}>
        Register
      </Link>
    </>
  );
}
