import { useCallback, useId, useState, type FormEvent } from 'react';
import type { User } from 'firebase/auth';
import type { OrganisationView, SeatOrderView, TeamOverview } from '@upskill/domain/organisations';
import { LoadFailed } from '../../components/LoadFailed';
import { failureMessage } from '../../lib/api';
import { useApiLoad } from '../../lib/useApiLoad';
import { addAdmin, download, fetchTeam, membersCsvPath } from './api';
import { AttendanceChart } from './AttendanceChart';
import { Members } from './Members';
import { OrderCard } from './OrderCard';
import { QuoteForm } from './QuoteForm';

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

/** An admin's organisation on /team: its quotes and orders, a new quote, its members and their attendance. */
export default function Dashboard({ user, org }: { user: User; org: string }) {
  const { load, reload, update } = useApiLoad(
    useCallback((signal: AbortSignal) => fetchTeam(user, org, signal), [user, org]),
    'Your team page could not be loaded. Check your connection, then try again.',
  );
  const [note, setNote] = useState<string>();
  const [problem, setProblem] = useState<string>();
  if (load.state === 'loading') return <p role="status">Loading your team…</p>;
  if (load.state === 'error') return <LoadFailed message={load.message} onRetry={reload} />;
  const { organisation, orders, seats, weeks, courses } = load.answer;
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
        <QuoteForm
          user={user}
          org={org}
          courses={courses}
          onQuoted={(o) => changed(o, `Quote ${o.reference} made: download it, or pay it online.`)}
        />
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
