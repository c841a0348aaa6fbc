import type { User } from 'firebase/auth';
import { Link, useNavigate } from 'react-router-dom';
import { Icon } from '../../components/Icon';
import { paths } from '../../config/paths';
import { signOutAndForget, useAuthUser } from './authState';
import { GuestLinks } from '../../components/GuestLinks';

export function avatarInitial(user: Pick<User, 'displayName' | 'email'>): string {
  return (user.displayName?.trim() || user.email || '?').charAt(0).toUpperCase();
}

/** Where the corner is drawn: in the header's bar, or (below 480 px, where the bar has no room) in its menu. */
export type CornerPlacement = 'bar' | 'menu';

/** My Courses, the avatar and Log out, once the SDK confirms the session the hint promised. */
export default function SignedInCorner({ onNavigate, placement = 'bar' }: { onNavigate: () => void; placement?: CornerPlacement }) {
  const auth = useAuthUser();
  const navigate = useNavigate();
  // Until the SDK answers, show nothing (the slot keeps its size): no flash of the wrong state.
  if (auth.status !== 'ready') return null;
  const user = auth.user;
  // Signed out after all: the bar offers Login; the menu's own guest links are shown by the header.
  if (!user) return placement === 'bar' ? <GuestLinks onNavigate={onNavigate} /> : null;

  const label = user.email ?? user.displayName ?? 'Your account';
  const logout = async () => {
    await signOutAndForget();
    onNavigate();
    navigate(paths.home);
  };
  if (placement === 'menu') {
    return (
      <ul className="nav__account-list" aria-label={`Signed in as ${label}`}>
        <li>
          <Link className="nav__link" to={paths.myCourses} onClick={onNavigate}>
            My Courses
          </Link>
        </li>
        <li>
          <Link className="nav__link" to={paths.account} onClick={onNavigate}>
            Your account
          </Link>
        </li>
        <li>
          <button type="button" className="nav__link" onClick={logout}>
            <Icon name="logout" /> Log out
          </button>
        </li>
      </ul>
    );
  }
  return (
    <>
      <Link className="btn btn--primary btn--sm" to={paths.myCourses} onClick={onNavigate}>
        My Courses
      </Link>
      <Link className="avatar" to={paths.account} title={label} data-testid="avatar" onClick={onNavigate}>
        {user.photoURL ? (
          <img src={user.photoURL} alt="" width={36} height={36} referrerPolicy="no-referrer" />
        ) : (
          <span aria-hidden="true">{avatarInitial(user)}</span>
        )}
        <span className="visually-hidden">Your account (signed in as {label})</span>
      </Link>
      <button type="button" className="icon-btn" aria-label="Log out" title="Log out" onClick={logout}>
        <Icon name="logout" />
      </button>
    </>
  );
}
