import { indiaMomentShort, indiaToday } from '../../lib/indiaTime';
import { Suspense, lazy, useCallback, useEffect, useId, useMemo, useState } from 'react';
import type { User } from 'firebase/auth';
import type { PlacementFigures, StaffPlacementsAnswer } from '@upskill/domain/mentoring';
import {
  PLACEMENT_CONTACT_WORKING_DAYS,
  PLACEMENT_LABELS,
  PLACEMENT_STATES,
  REFERRAL_OUTCOMES,
  REFERRAL_OUTCOME_LABELS,
  type PlacementState,
  type ReferralOutcome,
} from '@upskill/domain/mentoring';
import { useDocumentMeta } from '../../lib/useDocumentMeta';
import { actionFailure, addReferral, movePlacement, placementBoard, setReferralOutcome } from './staffApi';
import { FiguresTable } from './FiguresTable';
import { monthName, monthStart } from './format';

type Load =
  | { state: 'loading' }
  | { state: 'error'; message: string }
  | {
      state: 'done';
      placements: StaffPlacementsAnswer['placements'];
      figures: PlacementFigures;
      reviews: StaffPlacementsAnswer['careerFigures'];
    };
type Item = StaffPlacementsAnswer['placements'][number];
const WeeklyChart = lazy(() => import('./WeeklyChart'));
const today = () => indiaToday();

/** Requests, referrals and offers by month, drawn and tabled, with the promise kept and the days to an offer. */
function Figures({ figures }: { figures: PlacementFigures }) {
  const chart = useMemo(
    () => ({
      starts: figures.months.map((m) => monthStart(m.month)),
      series: [
        { label: 'Requests', values: figures.months.map((m) => m.requests) },
        { label: 'Referrals', values: figures.months.map((m) => m.referrals) },
        { label: 'Offers', values: figures.months.map((m) => m.offers) },
      ],
    }),
    [figures],
  );
  return (
    <>
      <h2>The last 12 months</h2>
      <p data-testid="placement-summary">
        First contact within {PLACEMENT_CONTACT_WORKING_DAYS} working days:{' '}
        {figures.onTimePercent === null ? 'none due yet' : `${figures.onTimePercent}% of ${figures.contactCounted}`}. Median days from
        request to offer: {figures.medianDaysToOffer === null ? 'no offer yet' : figures.medianDaysToOffer}.
      </p>
      <p className="muted">Our own figures, from what is recorded here. They are not shown on public pages.</p>
      <Suspense fallback={<div className="utilisation-chart" />}>
        <WeeklyChart
          weeks={chart.starts}
          series={chart.series}
          axis="Count"
          unit=""
          format={(v) => String(Math.round(v))}
          period="month"
          empty="none"
          testId="placements-chart"
        />
      </Suspense>
      <FiguresTable
        label="Placements by month"
        columns={[
          { key: 'month', label: 'Month' },
          { key: 'requests', label: 'Requests' },
          { key: 'referrals', label: 'Referrals' },
          { key: 'offers', label: 'Offers' },
        ]}
        rows={figures.months.map((m) => ({ key: m.month, head: monthName(m.month), cells: [m.requests, m.referrals, m.offers] }))}
        rowTestId="placement-month"
      />
    </>
  );
}

/** The referrals made for one request, each with what came of it, and a form to record another. */
function Referrals({ item, token, onChanged }: { item: Item; token: () => Promise<string>; onChanged: (note: string) => void }) {
  const [company, setCompany] = useState('');
  const [role, setRole] = useState('');
  const [day, setDay] = useState(today());
  const [error, setError] = useState<string>();
  const id = useId();
  const failed = (err: unknown) => setError(actionFailure(err));
  return (
    <>
      {item.referrals.length > 0 && (
        <ul className="placement-referrals">
          {item.referrals.map((r, n) => (
            <li key={n} data-testid="referral">
              {r.company}, {r.role} ({r.referredOn}):{' '}
              <label htmlFor={`${id}-${n}`} className="visually-hidden">
                Outcome of the referral to {r.company}
              </label>
              <select
                id={`${id}-${n}`}
                value={r.outcome}
                onChange={(e) => {
                  const outcome = e.target.value as ReferralOutcome;
                  setError(undefined);
                  setReferralOutcome(token, item.id, n, outcome).then(
                    () => onChanged(`${r.company}: ${REFERRAL_OUTCOME_LABELS[outcome]}.`),
                    failed,
                  );
                }}
              >
                {REFERRAL_OUTCOMES.map((o) => (
                  <option key={o} value={o}>
                    {REFERRAL_OUTCOME_LABELS[o]}
                  </option>
                ))}
              </select>
            </li>
          ))}
        </ul>
      )}
      {item.reports.map((r, n) => (
        <p key={n} className="muted" data-testid="learner-report">
          The learner reports: {r.outcome === 'joined' ? 'joined' : 'an offer from'} {r.company}, {r.role} ({r.on})
        </p>
      ))}
      {item.state !== 'closed' && (
        <form
          className="placement-move"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            setError(undefined);
            addReferral(token, item.id, { company: company.trim(), role: role.trim(), referredOn: day }).then(
              () => onChanged(`${item.name}: referred to ${company.trim()}.`),
              failed,
            );
          }}
        >
          <label htmlFor={`${id}-company`} className="visually-hidden">
            Company
          </label>
          <input id={`${id}-company`} placeholder="Company" value={company} maxLength={120} onChange={(e) => setCompany(e.target.value)} />
          <label htmlFor={`${id}-role`} className="visually-hidden">
            Role
          </label>
          <input id={`${id}-role`} placeholder="Role" value={role} maxLength={120} onChange={(e) => setRole(e.target.value)} />
          <label htmlFor={`${id}-day`} className="visually-hidden">
            Referred on
          </label>
          <input id={`${id}-day`} type="date" value={day} max={today()} onChange={(e) => setDay(e.target.value)} />
          <button type="submit" className="btn btn--secondary btn--sm">
            Add referral
          </button>
        </form>
      )}
      {error && (
        <span className="field__error" role="alert">
          {error}
        </span>
      )}
    </>
  );
}

/** The next states a request may move to: one step forward, or closed. */
const nextStates = (state: PlacementState): PlacementState[] => {
  if (state === 'closed') return [];
  const next = PLACEMENT_STATES[PLACEMENT_STATES.indexOf(state) + 1];
  return next === 'closed' ? ['closed'] : [next, 'closed'];
};

function PlacementRow({ item, token, onMoved }: { item: Item; token: () => Promise<string>; onMoved: (note: string) => void }) {
  const options = nextStates(item.state);
  const [state, setState] = useState<PlacementState | ''>(options[0] ?? '');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const ids = { state: useId(), note: useId() };
  return (
    <tr data-testid="placement-row">
      <td>
        {item.name}
        <br />
        <span className="muted">{item.email}</span>
      </td>
      <td>{item.note}</td>
      <td>
        {PLACEMENT_LABELS[item.state]}
        <br />
        <span className="muted" data-testid="placement-contact">
          {item.firstContactAtMs !== null
            ? `Contacted ${indiaMomentShort(item.firstContactAtMs)}`
            : item.contactDueAtMs !== null
              ? `Contact by ${indiaMomentShort(item.contactDueAtMs)}`
              : ''}
        </span>
      </td>
      <td>
        <Referrals item={item} token={token} onChanged={onMoved} />
      </td>
      <td>
        {options.length === 0 ? (
          '—'
        ) : (
          <form
            className="placement-move"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (!state) return;
              setError(undefined);
              movePlacement(token, item.id, state, note.trim()).then(
                () => onMoved(`${item.name}’s request: ${PLACEMENT_LABELS[state]}.`),
                (err: unknown) => setError(actionFailure(err)),
              );
            }}
          >
            <label htmlFor={ids.state} className="visually-hidden">
              Next step for {item.name}
            </label>
            <select id={ids.state} value={state} onChange={(e) => setState(e.target.value as PlacementState)}>
              {options.map((s) => (
                <option key={s} value={s}>
                  {PLACEMENT_LABELS[s]}
                </option>
              ))}
            </select>
            <label htmlFor={ids.note} className="visually-hidden">
              Note for {item.name}
            </label>
            <input id={ids.note} placeholder="Note (optional)" value={note} maxLength={2000} onChange={(e) => setNote(e.target.value)} />
            <button type="submit" className="btn btn--primary btn--sm">
              Move
            </button>
            {error && (
              <span className="field__error" role="alert">
                {error}
              </span>
            )}
          </form>
        )}
      </td>
    </tr>
  );
}

/** The placement team's queue: open requests first, each moved one step at a time; the learner sees each step. */
export function PlacementsView({ user }: { user: User }) {
  useDocumentMeta('Placement requests · Staff console', 'Upskill staff: placement requests.', { noindex: true });
  const token = useCallback(() => user.getIdToken(), [user]);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [notice, setNotice] = useState<string>();
  const [version, setVersion] = useState(0);
  const captionId = useId();
  useEffect(() => {
    let live = true;
    placementBoard(token).then(
      (answer) =>
        live && setLoad({ state: 'done', placements: answer.placements, figures: answer.placementFigures, reviews: answer.careerFigures }),
      (err: unknown) => live && setLoad({ state: 'error', message: actionFailure(err) }),
    );
    return () => {
      live = false;
    };
  }, [token, version]);
  return (
    <>
      <h1>Placement requests</h1>
      <p className="muted">
        Platinum and Elite learners ask after a mock interview rated ready, and are promised first contact within{' '}
        {PLACEMENT_CONTACT_WORKING_DAYS} working days. Move each request one step at a time and record each referral and what came of it;
        the learner sees each step. Never promise a job or an outcome.
      </p>
      {notice && (
        <p className="status status--success" role="status">
          {notice}
        </p>
      )}
      {load.state === 'loading' && <p role="status">Loading placement requests…</p>}
      {load.state === 'error' && (
        <p className="status status--error" role="alert">
          {load.message}
        </p>
      )}
      {load.state === 'done' && <Figures figures={load.figures} />}
      {load.state === 'done' && (
        <p data-testid="career-summary">
          Resume and LinkedIn reviews, last 12 months: {load.reviews.released} released,{' '}
          {load.reviews.onTimePercent === null ? 'none yet' : `${load.reviews.onTimePercent}% within their promise`}; {load.reviews.waiting}{' '}
          waiting, {load.reviews.overdue} overdue.
        </p>
      )}
      {load.state === 'done' && (
        <div className="table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
          <table className="staff-table">
            <caption id={captionId}>Placement requests, open first</caption>
            <thead>
              <tr>
                <th scope="col">Learner</th>
                <th scope="col">Looking for</th>
                <th scope="col">Now</th>
                <th scope="col">Referrals</th>
                <th scope="col">Next step</th>
              </tr>
            </thead>
            <tbody>
              {load.placements.length === 0 && (
                <tr>
                  <td colSpan={5}>No placement requests yet.</td>
                </tr>
              )}
              {load.placements.map((p) => (
                <PlacementRow
                  key={`${p.id}-${p.state}`}
                  item={p}
                  token={token}
                  onMoved={(note) => {
                    setNotice(note);
                    setVersion((v) => v + 1);
                  }}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
