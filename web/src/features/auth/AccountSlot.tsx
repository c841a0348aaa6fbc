import type { User } from 'firebase/auth';
import { Link, useNavigate } from 'react-router-dom';
import { useSigninCheck } from 'reactfire';
import { Icon } from '../../components/Icon';
import { paths } from '../../config/paths';
import { signOutAndForget } from './signOut';
import { AuthBoundary } from './AuthBoundary';

interface Props {
  onNavigate: () => void;
}

export function avatarInitial(user: Pick<User, 'displayName' | 'email'>): string {
  return (user.displayName?.trim() || user.email || '?').charAt(0).toUpperCase();
}

function AccountCorner({ onNavigate }: Props) {
  const { status, data } = useSigninCheck();
  const navigate = useNavigate();
  // Until the first auth state is known, show nothing (the slot keeps its size): no flash of the wrong state.
  if (status !== 'success') return null;
  const user = data.signedIn ? data.user : null;

  if (!user) {
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

  const label = user.email ?? user.displayName ?? 'Your account';
  const logout = async () => {
    await signOutAndForget();
    onNavigate();
    navigate(paths.home);
  };
  return (
    <>
      <Link className="btn btn--primary btn--sm" to={paths.myCourses} onClick={onNavigate}>
        My Courses
      </Link>
      <span className="avatar" title={label} data-testid="avatar">
        {user.photoURL ? (
          <img src={user.photoURL} alt="" width={36} height={36} referrerPolicy="no-referrer" />
        ) : (
          <span aria-hidden="true">{avatarInitial(user)}</span>
        )}
        <span className="visually-hidden">Signed in as {label}</span>
      </span>
      <button type="button" className="icon-btn" aria-label="Log out" title="Log out" onClick={logout}>
        <Icon name="logout" />
      </button>
    </>
  );
}

export default function AccountSlot(props: Props) {
  return (
    <AuthBoundary>
      <AccountCorner {...props} />
    </AuthBoundary>
  );
}
