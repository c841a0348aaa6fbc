import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useFirestore } from 'reactfire';
import { ENROLLMENT_STATUS_LABELS } from '@upskill/domain/enrollment';
import { formatRupees } from '@upskill/domain/common';
import {
  MEMBERSHIP_FILTERS,
  MEMBERSHIP_FILTER_LABELS,
  PLAN_FILTERS,
  STATUS_FILTERS,
  enrollmentQuery,
  planFilterLabel,
  type EnrollmentFilter,
} from '@upskill/domain/staff';
import { staffEnrollmentPath } from './staffPaths';
import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { enrollmentRow } from './enrollmentRow';
import { exportEnrollments } from './exportCsv';
import { filterFromParams, paramsFromFilter } from './filterParams';
import { formatWhen } from './format';
import { Pager, StatusBadge } from './parts';
import { usePagedQuery } from './usePagedQuery';
import { useTotals } from './useTotals';
import { useUrlState } from './useUrlState';

/** The search box writes to the URL (and so queries) once typing pauses. */
const SEARCH_DELAY_MS = 300;

function Filters({ filter, onChange }: { filter: EnrollmentFilter; onChange: (next: EnrollmentFilter) => void }) {
  const [search, setSearch] = useState(filter.search);
  const [seen, setSeen] = useState(filter.search);
  if (filter.search !== seen) {
    // The URL changed under us (back button, Clear): the box follows it.
    setSeen(filter.search);
    setSearch(filter.search);
  }
  // The latest filter and callback, so a live update re-rendering the page does not restart the delay.
  const latest = useRef({ filter, onChange });
  useEffect(() => {
    latest.current = { filter, onChange };
  });
  useEffect(() => {
    if (search === latest.current.filter.search) return;
    const timer = setTimeout(() => latest.current.onChange({ ...latest.current.filter, search }), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [search]);

  return (
    <form
      className="staff-filters"
      role="search"
      aria-label="Filter enrollments"
      onSubmit={(e) => {
        e.preventDefault();
        onChange({ ...filter, search });
      }}
    >
      <div className="field">
        <label htmlFor="staff-search">Name or e-mail</label>
        <input
          id="staff-search"
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Starts with…"
          autoComplete="off"
        />
      </div>
      <div className="field">
        <label htmlFor="staff-status">Status</label>
        <select
          id="staff-status"
          value={filter.status}
          disabled={filter.membership !== 'all'}
          onChange={(e) => onChange({ ...filter, status: e.target.value as EnrollmentFilter['status'] })}
        >
          {STATUS_FILTERS.map((s) => (
            <option key={s} value={s}>
              {s === 'all' ? 'All statuses' : ENROLLMENT_STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="staff-plan">Plan</label>
        <select
          id="staff-plan"
          value={filter.plan}
          disabled={filter.membership !== 'all'}
          onChange={(e) => onChange({ ...filter, plan: e.target.value as EnrollmentFilter['plan'] })}
        >
          {PLAN_FILTERS.map((p) => (
            <option key={p} value={p}>
              {planFilterLabel(p)}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="staff-membership">Membership</label>
        <select
          id="staff-membership"
          value={filter.membership}
          aria-describedby="staff-membership-hint"
          onChange={(e) => onChange({ ...filter, membership: e.target.value as EnrollmentFilter['membership'] })}
        >
          {MEMBERSHIP_FILTERS.map((m) => (
            <option key={m} value={m}>
              {MEMBERSHIP_FILTER_LABELS[m]}
            </option>
          ))}
        </select>
        <span id="staff-membership-hint" className="field__hint">
          {filter.membership === 'all' ? 'Subscriptions by their Razorpay status' : 'Status and plan do not apply'}
        </span>
      </div>
      <div className="field">
        <label htmlFor="staff-from">From</label>
        <input
          id="staff-from"
          type="date"
          value={filter.from}
          max={filter.to || undefined}
          onChange={(e) => onChange({ ...filter, from: e.target.value })}
        />
      </div>
      <div className="field">
        <label htmlFor="staff-to">To</label>
        <input
          id="staff-to"
          type="date"
          value={filter.to}
          min={filter.from || undefined}
          onChange={(e) => onChange({ ...filter, to: e.target.value })}
        />
      </div>
      <button
        type="button"
        className="btn btn--secondary btn--sm"
        onClick={() => onChange({ ...filter, status: 'all', plan: 'all', membership: 'all', from: '', to: '', search: '' })}
      >
        Clear filters
      </button>
    </form>
  );
}

export function EnrollmentsView() {
  useDocumentMeta('Enrollments · Staff console', 'Upskill staff: enrollments and payments.', { noindex: true });
  const db = useFirestore();
  const [filter, setFilter] = useUrlState(filterFromParams, paramsFromFilter);
  const paged = usePagedQuery(enrollmentQuery(filter));
  const totals = useTotals(filter, paged.snapshot);
  const [exporting, setExporting] = useState<
    { state: 'idle' | 'working' } | { state: 'done'; message: string } | { state: 'error'; message: string }
  >({ state: 'idle' });
  const captionId = useId();
  const rows = paged.docs.map(enrollmentRow);
  const sortLabel = filter.direction === 'desc' ? 'newest first' : 'oldest first';
  const badRange = filter.from && filter.to && filter.from > filter.to;

  const onExport = async () => {
    setExporting({ state: 'working' });
    try {
      const { rows: count, fileName } = await exportEnrollments(db, filter);
      setExporting({ state: 'done', message: `Exported ${count} enrollment${count === 1 ? '' : 's'} to ${fileName}.` });
    } catch {
      setExporting({ state: 'error', message: 'The export failed. Check your connection and try again.' });
    }
  };

  return (
    <>
      <h1>Enrollments</h1>
      <Filters filter={filter} onChange={setFilter} />
      {badRange && (
        <p className="status status--error" role="alert">
          The From date is after the To date, so nothing can match.
        </p>
      )}
      <div className="staff-summary">
        <p data-testid="staff-totals" aria-live="polite">
          {totals.state === 'done' && (
            <>
              <strong>{totals.count}</strong> enrollment{totals.count === 1 ? '' : 's'} match · paid revenue{' '}
              <strong>{formatRupees(totals.revenue)}</strong>
            </>
          )}
          {totals.state === 'loading' && 'Counting…'}
          {totals.state === 'error' && 'Totals are unavailable right now.'}
        </p>
        <button
          type="button"
          className="btn btn--primary btn--sm"
          onClick={() => void onExport()}
          disabled={exporting.state === 'working'}
          aria-busy={exporting.state === 'working'}
        >
          {exporting.state === 'working' ? 'Exporting…' : 'Export CSV'}
        </button>
      </div>
      <p role="status" className={exporting.state === 'error' ? 'status status--error' : 'muted'}>
        {exporting.state === 'done' || exporting.state === 'error' ? exporting.message : ''}
      </p>
      {paged.status === 'error' && (
        <p className="status status--error" role="alert">
          Could not load enrollments. You may have lost staff access; reload to check.
        </p>
      )}
      <div className="table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
        <table className="staff-table" aria-busy={paged.status === 'loading'}>
          <caption id={captionId}>
            Enrollments, page {paged.page}, sorted by date, {sortLabel}
          </caption>
          <thead>
            <tr>
              <th scope="col" aria-sort={filter.direction === 'desc' ? 'descending' : 'ascending'}>
                <button
                  type="button"
                  className="sort"
                  onClick={() => setFilter({ ...filter, direction: filter.direction === 'desc' ? 'asc' : 'desc' })}
                >
                  Date <span aria-hidden="true">{filter.direction === 'desc' ? '↓' : '↑'}</span>
                  <span className="visually-hidden">, sort {filter.direction === 'desc' ? 'oldest' : 'newest'} first</span>
                </button>
              </th>
              <th scope="col">Name</th>
              <th scope="col">E-mail</th>
              <th scope="col">Plan / course</th>
              <th scope="col" className="num">
                Price
              </th>
              <th scope="col">Status</th>
              <th scope="col">Payment ID</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} data-testid="staff-enrollment">
                <td>{formatWhen(r.createdAt)}</td>
                <td>
                  <Link to={staffEnrollmentPath(r.id)}>{r.name}</Link>
                </td>
                <td>{r.email}</td>
                <td>
                  {r.planName}
                  <span className="muted block">{r.interestedCourse}</span>
                </td>
                <td className="num">{formatRupees(r.price)}</td>
                <td>
                  <StatusBadge status={r.status} />
                </td>
                <td>
                  <code>{r.paymentId ?? '—'}</code>
                </td>
              </tr>
            ))}
            {paged.status === 'success' && rows.length === 0 && (
              <tr>
                <td colSpan={7} className="staff-empty">
                  No enrollments match these filters.
                </td>
              </tr>
            )}
            {paged.status === 'loading' && (
              <tr>
                <td colSpan={7} className="staff-empty">
                  Loading…
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <Pager
        label="Enrollment pages"
        page={paged.page}
        hasPrevious={paged.hasPrevious}
        hasNext={paged.hasNext}
        onPrevious={paged.previous}
        onNext={paged.next}
      />
    </>
  );
}
