import { useCallback, useEffect, useState } from 'react';
import type { User } from 'firebase/auth';
import { OFFERINGS, batchLabel, capacityLimit, MIN_CAPACITY, PUBLIC_MAX_CAPACITY } from '@upskill/domain/batches';
import { BATCH_TIMES } from '@upskill/domain/common';
import type { RosterEntry, StaffBatch } from '@upskill/domain/staff';
import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { MissingRecordings } from './MissingRecordings';
import {
  actionFailure,
  cancelBatch,
  completeBatch,
  createBatch,
  downloadRoster,
  editBatch,
  listBatches,
  organisationsBoard,
  rosterOf,
} from './staffApi';

type Outcome = { state: 'idle' | 'working' } | { state: 'done' | 'error'; message: string };

const ROSTER_STATE = {
  held: 'Held (paying)',
  confirmed: 'Confirmed (paid)',
  offered: 'Offered to waitlist',
  waitlisted: 'Waitlisted',
} as const;

/** Batches by offering: create, change capacity or start, cancel; each batch's roster and its CSV. */
export function BatchesView({ user }: { user: User }) {
  useDocumentMeta('Batches · Staff console', 'Upskill staff: batches, seats and rosters.', { noindex: true });
  const token = useCallback(() => user.getIdToken(), [user]);
  const [offering, setOffering] = useState(OFFERINGS[0].slug);
  const [batches, setBatches] = useState<StaffBatch[] | 'loading' | { error: string }>('loading');
  const [outcome, setOutcome] = useState<Outcome>({ state: 'idle' });
  const [roster, setRoster] = useState<{ batch: StaffBatch; entries: RosterEntry[] } | null>(null);
  const [form, setForm] = useState({ batchTime: BATCH_TIMES[0] as string, startDate: '', capacity: '30', campus: '' });
  // Confirmed organisations, for a campus batch (its own people only, and it may seat more than a public batch's 40).
  const [organisations, setOrganisations] = useState<{ id: string; name: string }[]>([]);
  useEffect(() => {
    let live = true;
    organisationsBoard(token).then(
      (board) =>
        live && setOrganisations(board.organisations.filter((o) => o.status === 'confirmed').map((o) => ({ id: o.id, name: o.legalName }))),
      // Without the list, only public batches can be made here; the form says nothing is wrong with them.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [token]);

  const refresh = useCallback(
    () =>
      listBatches(token, offering).then(
        (a) => setBatches(a.batches),
        (err: unknown) => setBatches({ error: actionFailure(err) }),
      ),
    [token, offering],
  );
  useEffect(() => {
    void refresh();
  }, [refresh]);

  /** Runs a change; its message is fixed, or made from the change's answer. */
  const run = async <T,>(work: () => Promise<T>, message: string | ((answer: T) => string)) => {
    setOutcome({ state: 'working' });
    try {
      const answer = await work();
      setOutcome({ state: 'done', message: typeof message === 'string' ? message : message(answer) });
      await refresh();
    } catch (err) {
      setOutcome({ state: 'error', message: actionFailure(err) });
    }
  };
  const busy = outcome.state === 'working';

  return (
    <>
      <h1>Batches</h1>
      <div className="field">
        <label htmlFor="batch-offering">Course or programme</label>
        <select
          id="batch-offering"
          className="input"
          value={offering}
          onChange={(e) => {
            setOffering(e.target.value);
            setRoster(null);
          }}
        >
          {OFFERINGS.map((o) => (
            <option key={o.slug} value={o.slug}>
              {o.kind === 'programme' ? `Programme: ${o.name}` : o.name}
            </option>
          ))}
        </select>
      </div>
      <p
        role="status"
        className={
          outcome.state === 'error' ? 'status status--error' : outcome.state === 'done' ? 'status status--success' : 'visually-hidden'
        }
      >
        {outcome.state === 'done' || outcome.state === 'error' ? outcome.message : ''}
      </p>
      {batches === 'loading' && <p role="status">Loading batches…</p>}
      {typeof batches === 'object' && 'error' in batches && (
        <p className="status status--error" role="alert">
          {batches.error}
        </p>
      )}
      {Array.isArray(batches) && (
        <div className="staff-table-wrap">
          <table className="staff-table">
            <caption className="visually-hidden">Batches of the chosen course or programme</caption>
            <thead>
              <tr>
                <th scope="col">Batch</th>
                <th scope="col">Status</th>
                <th scope="col">Seats</th>
                <th scope="col">Paid</th>
                <th scope="col">Held</th>
                <th scope="col">Waiting</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {batches.length === 0 && (
                <tr>
                  <td colSpan={7}>No batches yet.</td>
                </tr>
              )}
              {batches.map((b) => (
                <tr key={b.id} data-batch-id={b.id}>
                  <td>
                    {batchLabel(b)}
                    {b.campus && <span className="badge block">Campus batch: {b.campus}</span>}
                    <span className="muted block">
                      {b.sessions} sessions, ends {b.endDate}
                    </span>
                  </td>
                  <td>{b.status}</td>
                  <td>
                    {b.capacity - b.seatsLeft} of {b.capacity}
                  </td>
                  <td>{b.confirmed}</td>
                  <td>{b.held}</td>
                  <td>{b.waiting}</td>
                  <td className="staff-actions">
                    <button
                      type="button"
                      className="btn btn--secondary btn--sm"
                      onClick={() =>
                        rosterOf(token, b.id).then(
                          (r) => setRoster({ batch: b, entries: r.roster }),
                          (err: unknown) => setOutcome({ state: 'error', message: actionFailure(err) }),
                        )
                      }
                    >
                      Roster
                    </button>
                    {b.status !== 'cancelled' && (
                      <button
                        type="button"
                        className="btn btn--secondary btn--sm"
                        disabled={busy}
                        onClick={() => {
                          const answer = window.prompt(`Seats for this batch (at least ${b.capacity - b.seatsLeft}):`, String(b.capacity));
                          if (answer !== null) void run(() => editBatch(token, b.id, { capacity: Number(answer) }), 'Capacity changed.');
                        }}
                      >
                        Capacity…
                      </button>
                    )}
                    {b.status === 'running' && (
                      <button
                        type="button"
                        className="btn btn--secondary btn--sm"
                        disabled={busy}
                        onClick={() => {
                          if (
                            !window.confirm(
                              'Complete this batch now? Its learners with at least 3 of every 4 sessions held get their certificates by mail.',
                            )
                          )
                            return;
                          void run(
                            () => completeBatch(token, b.id),
                            // A press that finished an interrupted completion counts the first press's certificates too.
                            ({ issued, alreadyIssued, notEarned }) =>
                              `Batch completed: ${issued + alreadyIssued} certificate${issued + alreadyIssued === 1 ? '' : 's'} issued, ${notEarned} not earned (below 3 of every 4 sessions).`,
                          );
                        }}
                      >
                        Complete…
                      </button>
                    )}
                    {b.status !== 'cancelled' && b.status !== 'completed' && (
                      <a className="btn btn--ghost btn--sm" href={`/teaching?batch=${encodeURIComponent(b.id)}`}>
                        Sessions
                      </a>
                    )}
                    {b.status !== 'cancelled' && b.status !== 'running' && b.status !== 'completed' && (
                      <button
                        type="button"
                        className="btn btn--danger btn--sm"
                        disabled={busy}
                        onClick={() => {
                          const reason = window.prompt('Why is this batch cancelled? (kept in the audit trail)');
                          if (reason)
                            void run(
                              () => cancelBatch(token, b.id, reason),
                              'Batch cancelled: it no longer takes enrollments. Move or refund its learners from their enrollments.',
                            );
                        }}
                      >
                        Cancel…
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {roster && (
        <section aria-labelledby="roster-title" className="card staff-roster">
          <h2 id="roster-title">Roster: {batchLabel(roster.batch)}</h2>
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            onClick={() =>
              void downloadRoster(token, roster.batch.id).catch((err: unknown) =>
                setOutcome({ state: 'error', message: actionFailure(err) }),
              )
            }
          >
            Export CSV
          </button>
          <div className="table-scroll" role="region" tabIndex={0} aria-label="Roster">
            <table className="staff-table">
              <thead>
                <tr>
                  <th scope="col">State</th>
                  <th scope="col">Name</th>
                  <th scope="col">E-mail</th>
                  <th scope="col">Phone</th>
                  <th scope="col">Held until</th>
                </tr>
              </thead>
              <tbody>
                {roster.entries.length === 0 && (
                  <tr>
                    <td colSpan={5}>Nobody yet.</td>
                  </tr>
                )}
                {roster.entries.map((e, i) => (
                  <tr key={`${e.enrollmentId ?? e.email}-${i}`}>
                    <td>{ROSTER_STATE[e.state]}</td>
                    <td>{e.name}</td>
                    <td>{e.email}</td>
                    <td>{e.phone}</td>
                    <td>{e.until ? new Date(e.until).toLocaleString('en-IN', { timeZone: 'Asia/Kolkata' }) : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
      <form
        className="card staff-batch-form"
        noValidate
        aria-labelledby="new-batch"
        onSubmit={(e) => {
          e.preventDefault();
          void run(
            () =>
              createBatch(token, {
                offering,
                batchTime: form.batchTime,
                startDate: form.startDate,
                capacity: Number(form.capacity),
                ...(form.campus ? { campus: form.campus } : {}),
              }),
            'Batch created with its sessions.',
          );
        }}
      >
        <h2 id="new-batch">New batch</h2>
        <div className="field">
          <label htmlFor="nb-time">Batch time</label>
          <select id="nb-time" className="input" value={form.batchTime} onChange={(e) => setForm({ ...form, batchTime: e.target.value })}>
            {BATCH_TIMES.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="nb-start">First session (a day the batch time meets on)</label>
          <input
            id="nb-start"
            className="input"
            type="date"
            value={form.startDate}
            onChange={(e) => setForm({ ...form, startDate: e.target.value })}
            required
          />
        </div>
        <div className="field">
          <label htmlFor="nb-campus">For</label>
          <select id="nb-campus" className="input" value={form.campus} onChange={(e) => setForm({ ...form, campus: e.target.value })}>
            <option value="">The public (a small cohort: up to {PUBLIC_MAX_CAPACITY} seats)</option>
            {organisations.map((o) => (
              <option key={o.id} value={o.id}>
                Campus batch for {o.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="nb-capacity">Seats</label>
          <input
            id="nb-capacity"
            className="input"
            type="number"
            min={MIN_CAPACITY}
            max={capacityLimit(form.campus !== '')}
            value={form.capacity}
            onChange={(e) => setForm({ ...form, capacity: e.target.value })}
            required
          />
        </div>
        <button type="submit" className="btn btn--primary btn--sm" disabled={busy}>
          Create batch
        </button>
      </form>
      <MissingRecordings user={user} />
    </>
  );
}
