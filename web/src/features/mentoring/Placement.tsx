import { Suspense, lazy, useId, useRef, useState } from 'react';
import type { MentoringAnswer, PlacementView } from '@upskill/domain/mentoring';
import { PLACEMENT_LABELS, PLACEMENT_OPENS, PLACEMENT_STATES, REFERRAL_OUTCOME_LABELS } from '@upskill/domain/mentoring';
import { formatLongIndiaDate } from '@upskill/domain/batches';
import { askForPlacement } from './api';
import { REPORT_LABELS } from './placementWords';
import { type Signed } from './shared';
import { failureMessage } from '../../lib/api';
import { indiaMoment } from '../../lib/indiaTime';

// The report form (and yup with its schema) loads when the learner opens it.
const ReportForm = lazy(() => import('./PlacementReportForm'));

const when = (ms: number) => indiaMoment(ms);

/** One request: its steps, the first-contact promise, the referrals made and what came of them, and the learner's news. */
function PlacementRequest({ user, request, onChanged }: { user: Signed; request: PlacementView; onChanged: (note: string) => void }) {
  const [reporting, setReporting] = useState(false);
  return (
    <div data-testid="placement">
      <ol className="placement-steps" aria-label="Your placement request">
        {PLACEMENT_STATES.map((state) => (
          <li
            key={state}
            aria-current={request.state === state ? 'step' : undefined}
            className={request.history.some((h) => h.state === state) ? 'is-done' : ''}
          >
            {PLACEMENT_LABELS[state]}
          </li>
        ))}
      </ol>
      <p>
        Now: <strong data-testid="placement-state">{PLACEMENT_LABELS[request.state]}</strong>
      </p>
      {request.contactDueAtMs !== null && (
        <p className="muted" data-testid="placement-contact">
          {request.firstContactAtMs !== null
            ? `First contact ${when(request.firstContactAtMs)}.`
            : `Our team contacts you by ${when(request.contactDueAtMs)}.`}
        </p>
      )}
      {request.referrals.length > 0 && (
        <ul className="placement-referrals" aria-label="Referrals">
          {request.referrals.map((r, i) => (
            <li key={i} data-testid="placement-referral">
              {r.company}, {r.role}: referred {formatLongIndiaDate(Date.parse(`${r.referredOn}T12:00:00+05:30`))} ·{' '}
              <strong>{REFERRAL_OUTCOME_LABELS[r.outcome]}</strong>
            </li>
          ))}
        </ul>
      )}
      {request.reports.length > 0 && (
        <ul aria-label="What you told us">
          {request.reports.map((r, i) => (
            <li key={i} data-testid="placement-report">
              {REPORT_LABELS[r.outcome]}: {r.company}, {r.role} ({formatLongIndiaDate(Date.parse(`${r.on}T12:00:00+05:30`))})
            </li>
          ))}
        </ul>
      )}
      {reporting ? (
        <Suspense fallback={<p role="status">Loading the form…</p>}>
          <ReportForm user={user} request={request} onChanged={onChanged} />
        </Suspense>
      ) : (
        <button type="button" className="btn btn--secondary btn--sm" onClick={() => setReporting(true)}>
          Tell us your news
        </button>
      )}
    </div>
  );
}

/** Placement assistance: said up front for plans that include it, opened after a mock interview rated ready, then worked in view. */
export function Placement({ answer, user, onChanged }: { answer: MentoringAnswer; user: Signed; onChanged: (note: string) => void }) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const mayAsk = answer.mayRequestPlacement && answer.readyBookings.length > 0;
  if (answer.placements.length === 0 && !mayAsk && !answer.placementIncluded) return null;
  return (
    <div className="mentoring__placement">
      <h3>Placement assistance</h3>
      <p className="muted">
        Our placement team reviews your profile and refers you where it fits, with first contact within 2 working days of your request. We
        never promise a job or an outcome.
      </p>
      {answer.placements.length === 0 && !mayAsk && (
        <p data-testid="placement-opens">{PLACEMENT_OPENS} Book a mock interview above; when your mentor rates you ready, ask here.</p>
      )}
      {answer.placements.map((p) => (
        <PlacementRequest key={p.id} user={user} request={p} onChanged={onChanged} />
      ))}
      {mayAsk && (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!note.trim()) {
              setError('Say what roles and places you are looking for.');
              field.current?.focus();
              return;
            }
            setSending(true);
            askForPlacement(user, answer.readyBookings[0], note).then(
              () => onChanged('Your placement request is with our team.'),
              (err: unknown) => {
                setSending(false);
                setError(failureMessage(err, 'We could not reach the server. Please try again.'));
                field.current?.focus();
              },
            );
          }}
        >
          <label htmlFor={id}>What roles and places are you looking for?</label>
          <textarea
            id={id}
            className="input"
            ref={field}
            rows={3}
            maxLength={2000}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          {error && (
            <p id={`${id}-error`} className="field__error" role="alert">
              {error}
            </p>
          )}
          <button type="submit" className="btn btn--primary btn--sm" disabled={sending}>
            Ask for placement assistance
          </button>
        </form>
      )}
    </div>
  );
}
