import { Suspense, lazy, useCallback, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { User } from 'firebase/auth';
import { paths } from '../../config/paths';
import { LoadFailed } from '../../components/LoadFailed';
import { useApiLoad } from '../../lib/useApiLoad';
import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { useAuthUser } from '../auth';
import { fetchTeamList } from './api';
import './team.css';

// What the list of the account's organisations decides: an admin's dashboard (quotes, orders, checkout, members, the
// catalogue to quote from), or, for an account that is nobody's admin, the form that asks for seats. Each loads only
// for the visitor who sees it: in one chunk, /team for an admin came to the last byte of the signed-in budget
// (170 KB), and an account that only asks for seats loaded the whole dashboard.
const Dashboard = lazy(() => import('./Dashboard'));
const RequestForm = lazy(() => import('./RequestForm').then((m) => ({ default: m.RequestForm })));

function Team({ user }: { user: User }) {
  const { load, reload } = useApiLoad(
    useCallback((signal: AbortSignal) => fetchTeamList(user, signal), [user]),
    'Your team page could not be loaded. Check your connection, then try again.',
  );
  const [chosen, setChosen] = useState<string>();
  const id = useId();
  if (load.state === 'loading') return <p role="status">Loading…</p>;
  if (load.state === 'error')
    return load.status === 403 ? (
      <>
        <p>
          You are signed in as <strong>{user.email}</strong>, which is not an admin of any organisation yet. If yours has added you, sign in
          with that address; otherwise ask for team seats here.
        </p>
        <Suspense fallback={<p role="status">Loading the request form…</p>}>
          <RequestForm user={user} />
        </Suspense>
      </>
    ) : (
      <LoadFailed message={load.message} onRetry={reload} />
    );
  const { organisations } = load.answer;
  const org = chosen ?? organisations[0].id;
  return (
    <>
      {organisations.length > 1 && (
        <div className="field team__switch">
          <label htmlFor={`${id}-org`}>Organisation</label>
          <select id={`${id}-org`} className="input" value={org} onChange={(e) => setChosen(e.target.value)}>
            {organisations.map((o) => (
              <option key={o.id} value={o.id}>
                {o.legalName}
              </option>
            ))}
          </select>
        </div>
      )}
      <Suspense fallback={<p role="status">Loading your team…</p>}>
        <Dashboard key={org} user={user} org={org} />
      </Suspense>
    </>
  );
}

export default function TeamPage() {
  useDocumentMeta('Your team', 'Quotes, orders, invoices and seats for your team or campus, and your people’s progress.', {
    noindex: true,
  });
  const auth = useAuthUser();
  return (
    <section className="section">
      <div className="container">
        <h1>Your team</h1>
        {auth.status !== 'ready' ? (
          <p role="status">Loading…</p>
        ) : auth.user ? (
          <Team user={auth.user} />
        ) : (
          <div className="state">
            <p>Sign in to ask for team seats, or to manage your organisation’s.</p>
            <Link className="btn btn--primary" to={paths.login} state={{ from: paths.team }}>
              Sign in
            </Link>
            <p>
              <Link to={paths.teams}>What teams and campuses get</Link>
            </p>
          </div>
        )}
      </div>
    </section>
  );
}
