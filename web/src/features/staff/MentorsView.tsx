import { Suspense, lazy, useCallback, useEffect, useId, useMemo, useState } from 'react';
import type { User } from 'firebase/auth';
import { csvRow } from '@upskill/domain/common';
import type { StaffMentoringAnswer } from '@upskill/domain/mentoring';
import {
  BOOKING_STATUSES,
  BOOKING_STATUS_LABELS,
  BOOKING_CSV_COLUMNS,
  SESSION_KINDS,
  SESSION_LABELS,
  STAFF_BOOKINGS_SHOWN,
} from '@upskill/domain/mentoring';
import { saveFile } from '../../lib/saveFile';
import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { FiguresTable } from './FiguresTable';
import { Pager } from './parts';
import { actionFailure, mentoringBoard, returnSession } from './staffApi';

// uPlot (about 20 KB) loads only when this tab is open.
const WeeklyChart = lazy(() => import('./WeeklyChart'));

/** A done answer keeps the search and page it was asked for: the label describes what is shown, not what is on its way. */
type Load =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | { state: 'done'; answer: StaffMentoringAnswer; asked: { q: string; cursors: string[] } };
const ist = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
});
const weekOf = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'Asia/Kolkata' });
const percent = (w: { offeredHours: number; bookedHours: number }) =>
  w.offeredHours > 0 ? `${Math.round((w.bookedHours / w.offeredHours) * 100)}%` : '—';
const hours = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/** A learner's report that the mentor did not come: after looking into it, staff give the session back. */
function GiveBack({
  booking,
  token,
  onDone,
}: {
  booking: StaffMentoringAnswer['bookings'][number];
  token: () => Promise<string>;
  onDone: (note: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const id = useId();
  return (
    <form
      className="placement-move"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setError(undefined);
        returnSession(token, booking.id, reason).then(
          () => onDone(`${booking.learnerName} has the session back to book again.`),
          (err: unknown) => setError(actionFailure(err)),
        );
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        Why give {booking.learnerName}'s session back
      </label>
      <input id={id} placeholder="Why (required)" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
      <button type="submit" className="btn btn--secondary btn--sm">
        Give it back
      </button>
      {error && (
        <span className="field__error" role="alert">
          {error}
        </span>
      )}
    </form>
  );
}

/** Mentors: who they are and their week, utilisation as a chart and a table, and every booking (filtered, as CSV). */
export function MentorsView({ user }: { user: User }) {
  useDocumentMeta('Mentors · Staff console', 'Upskill staff: mentors, utilisation and bookings.', { noindex: true });
  const token = useCallback(() => user.getIdToken(), [user]);
  const [filters, setFilters] = useState({ mentor: '', kind: '', status: '', from: '', to: '' });
  // Mentors come a page at a time: the search's text, and the cursors of the pages before this one.
  const [search, setSearch] = useState('');
  const [pages, setPages] = useState<{ q: string; cursors: string[] }>({ q: '', cursors: [] });
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [notice, setNotice] = useState<string>();
  const [version, setVersion] = useState(0);
  // Names of the mentors seen on any page, so a booking filter keeps its mentor's name on another page.
  const [seen, setSeen] = useState<ReadonlyMap<string, string>>(new Map());
  const ids = { utilisation: useId(), mentors: useId(), bookings: useId(), search: useId() };
  useEffect(() => {
    let live = true;
    mentoringBoard(token, { ...filters, q: pages.q, after: pages.cursors.at(-1) ?? '' }).then(
      (answer) => {
        if (!live) return;
        setLoad({ state: 'done', answer, asked: pages });
        setSeen((known) => new Map([...known, ...answer.mentors.map((m) => [m.id, m.name] as const)]));
      },
      (err: unknown) => live && setLoad({ state: 'error', message: actionFailure(err) }),
    );
    return () => {
      live = false;
    };
  }, [token, filters, pages, version]);
  const set = (key: keyof typeof filters) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setFilters({ ...filters, [key]: e.target.value });

  // Made once per answer, so the chart is drawn again only when the figures change.
  const chart = useMemo(() => {
    const mentors = load.state === 'done' ? load.answer.mentors : [];
    return {
      weeks: mentors[0]?.weeks.map((w) => w.weekStartMs) ?? [],
      series: mentors.map((m) => ({
        label: m.name,
        values: m.weeks.map((w) => (w.offeredHours > 0 ? Math.round((w.bookedHours / w.offeredHours) * 1000) / 10 : null)),
      })),
    };
  }, [load]);

  if (load.state === 'loading') return <p role="status">Loading mentors…</p>;
  if (load.state === 'error')
    return (
      <p className="status status--error" role="alert">
        {load.message}
      </p>
    );
  const { mentors, bookings, next } = load.answer;
  const { asked } = load;
  const pageNumber = asked.cursors.length + 1;
  const mentorOptions =
    filters.mentor && !mentors.some((m) => m.id === filters.mentor)
      ? [...mentors, { id: filters.mentor, name: seen.get(filters.mentor) ?? 'The chosen mentor' }]
      : mentors;
  const exportCsv = () => {
    const rows = bookings.map((b) =>
      csvRow([
        new Date(b.startsAtMs).toISOString(),
        SESSION_LABELS[b.kind].one,
        b.mentorName,
        b.learnerName,
        b.learnerEmail,
        BOOKING_STATUS_LABELS[b.status],
        b.scorecard?.verdict ?? '',
        b.scorecard?.mean ?? '',
      ]),
    );
    saveFile(
      new Blob([[csvRow(BOOKING_CSV_COLUMNS), ...rows].join('\r\n')], { type: 'text/csv;charset=utf-8' }),
      `upskill-mentoring-${new Date().toISOString().slice(0, 10)}.csv`,
    );
  };
  return (
    <div className="staff-mentors">
      <h1>Mentors</h1>
      {notice && (
        <p className="status status--success" role="status">
          {notice}
        </p>
      )}
      <form
        className="staff-filters"
        role="search"
        aria-label="Mentors"
        onSubmit={(e) => {
          e.preventDefault();
          setPages({ q: search.trim(), cursors: [] });
        }}
      >
        <div className="field">
          <label htmlFor={ids.search}>Find a mentor by name</label>
          <input id={ids.search} type="search" value={search} maxLength={100} onChange={(e) => setSearch(e.target.value)} />
        </div>
        <button type="submit" className="btn btn--secondary btn--sm">
          Find
        </button>
        {pages.q && (
          <button
            type="button"
            className="btn btn--secondary btn--sm"
            onClick={() => {
              setSearch('');
              setPages({ q: '', cursors: [] });
            }}
          >
            Show every mentor
          </button>
        )}
      </form>
      <p className="muted" data-testid="mentor-page">
        {asked.q ? `Names starting “${asked.q}”: ` : ''}
        {mentors.length} {mentors.length === 1 ? 'mentor' : 'mentors'} on page {pageNumber}
      </p>
      <section aria-labelledby={ids.utilisation}>
        <h2 id={ids.utilisation}>Utilisation</h2>
        <p className="muted">Hours booked as a share of the hours each mentor offers, week by week (weeks start on Monday, India time).</p>
        <Suspense fallback={<div className="utilisation-chart" />}>
          <WeeklyChart
            weeks={chart.weeks}
            series={chart.series}
            axis="Booked, % of hours offered"
            unit="%"
            empty="no hours"
            testId="utilisation-chart"
          />
        </Suspense>
        <FiguresTable
          label="Utilisation by week"
          columns={[
            { key: 'mentor', label: 'Mentor' },
            ...(mentors[0]?.weeks ?? []).map((w) => ({ key: w.weekStartMs, label: weekOf.format(w.weekStartMs) })),
          ]}
          rows={mentors.map((m) => ({
            key: m.id,
            head: m.name,
            cells: m.weeks.map((w) => (
              <span key={w.weekStartMs} title={`${hours(w.bookedHours)} of ${hours(w.offeredHours)} hours`}>
                {percent(w)}{' '}
                <span className="muted">
                  ({hours(w.bookedHours)}/{hours(w.offeredHours)} h)
                </span>
              </span>
            )),
          }))}
          rowTestId="utilisation-row"
        />
      </section>

      <section aria-labelledby={ids.mentors}>
        <h2 id={ids.mentors}>Mentors and their week</h2>
        <div className="table-scroll" role="region" aria-label="Mentors, table" tabIndex={0}>
          <table className="staff-table">
            <thead>
              <tr>
                <th scope="col">Mentor</th>
                <th scope="col">Offers</th>
                <th scope="col">Courses</th>
                <th scope="col">Hours (their time zone)</th>
              </tr>
            </thead>
            <tbody>
              {mentors.length === 0 && (
                <tr>
                  <td colSpan={4}>
                    {asked.q
                      ? `No mentor’s name starts with “${asked.q}”.`
                      : 'No mentor has saved a profile yet. Make one on the Team page.'}
                  </td>
                </tr>
              )}
              {mentors.map((m) => (
                <tr key={m.id} data-testid="mentor-row">
                  <td>
                    {m.name}
                    {!m.active && <span className="badge">Not taking bookings</span>}
                    <br />
                    <span className="muted">
                      {m.headline} · {m.languages.join(', ')}
                    </span>
                  </td>
                  <td>{m.kinds.map((k) => SESSION_LABELS[k].many).join(', ')}</td>
                  <td>{m.courses.join(', ')}</td>
                  <td>
                    {m.timeZone.replace(/_/g, ' ')}: {m.week}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pager
          label="Mentor pages"
          page={pageNumber}
          hasPrevious={pages.cursors.length > 0}
          hasNext={next !== null}
          onPrevious={() => setPages({ q: pages.q, cursors: pages.cursors.slice(0, -1) })}
          onNext={() => next && setPages({ q: pages.q, cursors: [...pages.cursors, next] })}
        />
      </section>

      <section aria-labelledby={ids.bookings}>
        <h2 id={ids.bookings}>Bookings</h2>
        <div className="staff-filters">
          <div className="field">
            <label htmlFor="mentoring-filter-mentor">Mentor</label>
            <select id="mentoring-filter-mentor" value={filters.mentor} onChange={set('mentor')}>
              <option value="">All mentors</option>
              {mentorOptions.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="mentoring-filter-kind">Kind</label>
            <select id="mentoring-filter-kind" value={filters.kind} onChange={set('kind')}>
              <option value="">All kinds</option>
              {SESSION_KINDS.map((k) => (
                <option key={k} value={k}>
                  {SESSION_LABELS[k].many}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="mentoring-filter-status">Status</label>
            <select id="mentoring-filter-status" value={filters.status} onChange={set('status')}>
              <option value="">All</option>
              {BOOKING_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {BOOKING_STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="mentoring-filter-from">From</label>
            <input id="mentoring-filter-from" type="date" value={filters.from} onChange={set('from')} />
          </div>
          <div className="field">
            <label htmlFor="mentoring-filter-to">To</label>
            <input id="mentoring-filter-to" type="date" value={filters.to} onChange={set('to')} />
          </div>
          <button type="button" className="btn btn--secondary btn--sm" onClick={exportCsv} disabled={bookings.length === 0}>
            Export CSV ({bookings.length})
          </button>
        </div>
        {bookings.length === STAFF_BOOKINGS_SHOWN && (
          <p className="muted" data-testid="bookings-capped">
            The newest {STAFF_BOOKINGS_SHOWN} bookings that match. Narrow the dates, the mentor, the kind or the status to see older ones.
          </p>
        )}
        <div className="table-scroll" role="region" aria-label="Bookings, table" tabIndex={0}>
          <table className="staff-table">
            <thead>
              <tr>
                <th scope="col">When (IST)</th>
                <th scope="col">Kind</th>
                <th scope="col">Mentor</th>
                <th scope="col">Learner</th>
                <th scope="col">Status</th>
                <th scope="col">Scorecard</th>
                <th scope="col">Session</th>
              </tr>
            </thead>
            <tbody>
              {bookings.length === 0 && (
                <tr>
                  <td colSpan={7}>No bookings match.</td>
                </tr>
              )}
              {bookings.map((b) => (
                <tr key={b.id} data-testid="booking-row">
                  <td>{ist.format(b.startsAtMs)}</td>
                  <td>{SESSION_LABELS[b.kind].one}</td>
                  <td>{b.mentorName}</td>
                  <td>
                    {b.learnerName}
                    <br />
                    <span className="muted">{b.learnerEmail}</span>
                  </td>
                  <td>
                    {BOOKING_STATUS_LABELS[b.status]}
                    {b.noShowReport && <span className="muted"> ({b.noShowReport.note || 'no note'})</span>}
                  </td>
                  <td>{b.scorecard ? `${b.scorecard.mean.toFixed(1)}, ${b.scorecard.verdict === 'ready' ? 'ready' : 'not yet'}` : '—'}</td>
                  <td>
                    {b.status === 'no-show-mentor' && b.counts ? (
                      <GiveBack
                        booking={b}
                        token={token}
                        onDone={(note) => {
                          setNotice(note);
                          setVersion((v) => v + 1);
                        }}
                      />
                    ) : b.counts ? (
                      'Counts'
                    ) : (
                      'Given back'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}
