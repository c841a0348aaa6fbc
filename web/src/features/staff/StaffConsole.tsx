import { Link, NavLink, Navigate, useLocation, useParams } from 'react-router-dom';
import type { User } from 'firebase/auth';
import { AuthProvider, FirebaseAppProvider, FirestoreProvider } from 'reactfire';
import { paths } from '../../config/paths';
import { staffPaths } from './staffPaths';
import { auth, firebaseApp } from '../../lib/firebase';
import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { signOutAndForget, useAuthUser } from '../auth';
import { EnrollmentDetail } from './EnrollmentDetail';
import { EnrollmentsView } from './EnrollmentsView';
import { MessagesView } from './MessagesView';
import { TeamView } from './TeamView';
import { BatchesView } from './BatchesView';
import { FinanceView } from './FinanceView';
import { MentorsView } from './MentorsView';
import { ReviewsView } from './ReviewsView';
import { PlacementsView } from './PlacementsView';
import { SupportView } from './SupportView';
import { OrganisationsView } from './OrganisationsView';
import { QaView } from './QaView';
import { staffFirestore } from './firestore';
import { useStaffAccess } from './useStaffAccess';
// The console's styles travel inside its own chunk (a <style> while it is open): a separate stylesheet
// would be named in the script every public page loads, for a page only staff open.
import staffCss from './staff.css?inline';

/**
 * The console's pages, chosen from the path after /staff: one switch beside the access check, so the app's
 * route table names the console once and every page of it loads with it.
 */
function StaffPage({ user, admin }: { user: User; admin: boolean }) {
  const rest = (useParams()['*'] ?? '').replace(/\/$/, '');
  if (rest === '') return <EnrollmentsView />;
  if (rest === 'messages') return <MessagesView user={user} />;
  if (rest === 'team') return <TeamView user={user} admin={admin} />;
  if (rest === 'batches') return <BatchesView user={user} />;
  if (rest === 'finance') return <FinanceView user={user} />;
  if (rest === 'mentors') return <MentorsView user={user} />;
  if (rest === 'placements') return <PlacementsView user={user} />;
  if (rest === 'reviews') return <ReviewsView user={user} />;
  if (rest === 'support') return <SupportView user={user} />;
  if (rest === 'qa') return <QaView user={user} />;
  if (rest === 'organisations') return <OrganisationsView user={user} />;
  const detail = /^enrollments\/([^/]+)$/.exec(rest);
  if (detail) return <EnrollmentDetail key={detail[1]} id={detail[1]} user={user} />;
  return <Navigate to={paths.staff} replace />;
}

function NoAccess({ user }: { user: User }) {
  return (
    <div className="state staff-denied" data-testid="staff-no-access">
      <h1>No access to the staff console</h1>
      <p>
        You are signed in as <strong>{user.email ?? 'this account'}</strong>, which does not have staff access. If you work at Upskill, ask
        an administrator to grant it, then sign in again.
      </p>
      <p className="staff-denied__actions">
        <Link className="btn btn--primary" to={paths.home}>
          Go to the home page
        </Link>
        <button type="button" className="btn btn--secondary" onClick={() => void signOutAndForget()}>
          Sign out
        </button>
      </p>
    </div>
  );
}

/** The console itself: reactfire's providers give its views live Firestore reads, under the rules' staff check. */
function Console({ user, admin }: { user: User; admin: boolean }) {
  return (
    <FirebaseAppProvider firebaseApp={firebaseApp}>
      <AuthProvider sdk={auth}>
        <FirestoreProvider sdk={staffFirestore()}>
          <div className="staff">
            <style>{staffCss}</style>
            <div className="staff__bar">
              <p className="staff__title">Staff console</p>
              <nav aria-label="Staff console">
                <ul className="staff__nav">
                  <li>
                    <NavLink end to={paths.staff}>
                      Enrollments
                    </NavLink>
                  </li>
                  <li>
                    <NavLink to={staffPaths.batches}>Batches</NavLink>
                  </li>
                  <li>
                    <NavLink to={staffPaths.messages}>Contact messages</NavLink>
                  </li>
                  <li>
                    <NavLink to={staffPaths.finance}>Finance</NavLink>
                  </li>
                  <li>
                    <NavLink to={staffPaths.mentors}>Mentors</NavLink>
                  </li>
                  <li>
                    <NavLink to={staffPaths.placements}>Placements</NavLink>
                  </li>
                  <li>
                    <NavLink to={staffPaths.reviews}>Reviews</NavLink>
                  </li>
                  <li>
                    <NavLink to={staffPaths.support}>Support</NavLink>
                  </li>
                  <li>
                    <NavLink to={staffPaths.qa}>Q&amp;A</NavLink>
                  </li>
                  <li>
                    <NavLink to={staffPaths.organisations}>Organisations</NavLink>
                  </li>
                  {admin && (
                    <li>
                      <NavLink to={staffPaths.team}>Team</NavLink>
                    </li>
                  )}
                </ul>
              </nav>
              <p className="staff__who muted">Signed in as {user.email}</p>
            </div>
            <StaffPage user={user} admin={admin} />
          </div>
        </FirestoreProvider>
      </AuthProvider>
    </FirebaseAppProvider>
  );
}

function Gate({ user }: { user: User }) {
  const access = useStaffAccess(user);
  if (access.state === 'checking') return <p role="status">Checking your access…</p>;
  if (access.state === 'error')
    return (
      <p className="status status--error" role="alert">
        {access.message}
      </p>
    );
  if (access.state === 'denied') return <NoAccess user={user} />;
  return <Console user={user} admin={access.admin} />;
}

/** /staff and its pages: signed-out visitors go to sign in and come back; non-staff see why they cannot enter; staff get the console. */
export default function StaffConsole() {
  useDocumentMeta('Staff console', 'Upskill staff: enrollments, payments and contact messages.', { noindex: true });
  const authState = useAuthUser();
  const location = useLocation();
  let body;
  if (authState.status !== 'ready') body = <p role="status">Checking your access…</p>;
  else if (!authState.user) body = <Navigate to={paths.login} state={{ from: `${location.pathname}${location.search}` }} replace />;
  else body = <Gate user={authState.user} />;
  return (
    <section className="section staff-section">
      <div className="container container--wide">{body}</div>
    </section>
  );
}
