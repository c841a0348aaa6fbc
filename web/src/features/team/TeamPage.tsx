import { useCallback, useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { User } from 'firebase/auth';
import type { OrganisationView, SeatOrderView, TeamOverview } from '@upskill/domain/organisations';
import { paths } from '../../config/paths';
import { LoadFailed } from '../../components/LoadFailed';
import { failureMessage } from '../../lib/api';
import { useApiLoad } from '../../lib/useApiLoad';
import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { useAuthUser } from '../auth';
import { addAdmin, download, fetchTeam, fetchTeamList, membersCsvPath } from './api';
import { AttendanceChart } from './AttendanceChart';
import { Members } from './Members';
import { OrderCard } from './OrderCard';
import { QuoteForm } from './QuoteForm';
import { RequestForm } from './RequestForm';
import './team.css';

/** Another admin, by e-mail: mailed that they can now manage the organisation. */
function AdminForm({ user, org, onAdded }: { user: User; org: string; onAdded: (next: OrganisationView) => void }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string>();
  const id = useId();
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      setError('Give their e-mail address.');
      document.getElementById(`${id}-email`)?.focus();
      return;
    }
    try {
      onAdded(await addAdmin(user, org, email.trim()));
      setEmail('');
      setError(undefined);
    } catch (err) {
      setError(failureMessage(err, 'We could not reach the server. Nobody was added.'));
      document.getElementById(`${id}-email`)?.focus();
    }
  };
  return (
    <form className="team-admin-form" noValidate onSubmit={(e) => void onSubmit(e)} aria-label="Add an admin">
      <label htmlFor={`${id}-email`}>Add an admin</label>
      <input
        id={`${id}-email`}
        className="input"
        type="email"
        autoComplete="off"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <span id={`${id}-error`} className="field__error">
          {error}
        </span>
      )}
      <button type="submit" className="btn btn--secondary btn--sm">
        Add
      </button>
    </form>
  );
}

function Dashboard({ user, org }: { user: User; org: string }) {
  const { load, reload, update } = useApiLoad(
    useCallback((signal: AbortSignal) => fetchTeam(user, org, signal), [user, org]),
    'Your team page could not be loaded. Check your connection, then try again.',
  );
  const [note, setNote] = useState<string>();
  const [problem, setProblem] = useState<string>();
  if (load.state === 'loading') return <p role="status">Loading your team…</p>;
  if (load.state === 'error') return <LoadFailed message={load.message} onRetry={reload} />;
  const { organisation, orders, seats, weeks } = load.answer;
  const changed = (next: SeatOrderView, message: string) => {
    update((a: TeamOverview) => ({
      ...a,
      orders: a.orders.some((o) => o.id === next.id) ? a.orders.map((o) => (o.id === next.id ? next : o)) : [next, ...a.orders],
    }));
    setNote(message);
    // The seats and members moved too: read them again behind what is shown.
    reload();
  };
  const joinLink = organisation.joinPath ? `${window.location.origin}${organisation.joinPath}` : null;
  return (
    <div className="team">
      <header className="team__head">
        <h2>{organisation.legalName}</h2>
        <p className="muted">
          {organisation.kind === 'campus' ? 'Campus' : 'Team'} · {organisation.stateName} ·{' '}
          {organisation.gstin ? `GSTIN ${organisation.gstin}` : 'Not registered for GST'}
        </p>
        {joinLink && (
          <p className="team__join">
            Your students join with their verified college address ({organisation.domains.map((d) => `@${d}`).join(', ')}) at{' '}
            <code data-testid="campus-link">{joinLink}</code>
          </p>
        )}
        <p className="muted">Admins: {organisation.adminEmails.join(', ')}</p>
        <AdminForm user={user} org={org} onAdded={(next) => update((a: TeamOverview) => ({ ...a, organisation: next }))} />
      </header>
      {note && (
        <p className="status status--success" role="status">
          {note}
        </p>
      )}
      <section aria-labelledby="team-orders">
        <h2 id="team-orders">Quotes and orders</h2>
        {orders.length === 0 ? <p>No quote yet: make one below.</p> : null}
        <ul className="team-orders">
          {orders.map((o) => (
            <OrderCard key={o.id} user={user} org={org} order={o} onChanged={changed} />
          ))}
        </ul>
        <QuoteForm user={user} org={org} onQuoted={(o) => changed(o, `Quote ${o.reference} made: download it, or pay it online.`)} />
      </section>
      <section aria-labelledby="team-people">
        <h2 id="team-people">Members</h2>
        <AttendanceChart weeks={weeks} />
        <p>
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            onClick={() =>
              void download(user, membersCsvPath(org), `upskill-team-${org}.csv`).catch((err: unknown) =>
                setProblem(failureMessage(err, 'The export failed.')),
              )
            }
          >
            Export members as CSV
          </button>
        </p>
        {problem && (
          <p className="status status--error" role="alert">
            {problem}
          </p>
        )}
        <Members user={user} org={org} seats={seats} onChanged={changed} />
      </section>
    </div>
  );
}

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
        <RequestForm user={user} />
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
      <Dashboard key={org} user={user} org={org} />
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
