import { useEffect, useState, type FormEvent } from 'react';
import type { User } from 'firebase/auth';
import type { BatchListing } from '@upskill/domain/enrollment';
import { HOME_PLANS, PRICING_PLANS } from '@upskill/domain/catalogue';
import { quoteRequestSchema, SEAT_PLANS, type SeatOrderView, type SeatPlan, type TeamOverview } from '@upskill/domain/organisations';
import { fieldErrorsOf } from '../../lib/api';
import { useFieldErrors } from '../../lib/useFieldErrors';
import { schemaErrors } from '../../lib/schemaErrors';
import { fetchBatches } from '../batches';
import { createQuote } from './api';

const planName = (id: SeatPlan) => [...HOME_PLANS, ...PRICING_PLANS].find((p) => p.id === id)?.name ?? id;
const when = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' });

/** A quote: plan seats or places in one batch, how many, and the buyer's PO number. The server prices it. */
export function QuoteForm({
  user,
  org,
  courses,
  onQuoted,
}: {
  user: User;
  org: string;
  /** The courses to quote from, as the team overview sends them (the catalogue itself is not loaded here). */
  courses: TeamOverview['courses'];
  onQuoted: (order: SeatOrderView) => void;
}) {
  const [kind, setKind] = useState<'plan' | 'course'>('plan');
  const [planId, setPlanId] = useState<SeatPlan>('pro');
  const [course, setCourse] = useState('');
  const [batches, setBatches] = useState<BatchListing[] | null>(null);
  const [more, setMore] = useState(false);
  const [from, setFrom] = useState('');
  const [batchId, setBatchId] = useState('');
  const [seats, setSeats] = useState('');
  const [poNumber, setPoNumber] = useState('');
  const { errors, setErrors, show, invalid, error, form, id } = useFieldErrors();
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (kind !== 'course' || !course) return;
    let live = true;
    fetchBatches(course, /^\d{4}-\d{2}-\d{2}$/.test(from) ? from : '', org).then(
      (answer) => {
        if (!live) return;
        setBatches(answer.batches.filter((b) => b.status === 'open'));
        setMore(answer.more);
      },
      () => live && setBatches([]),
    );
    return () => {
      live = false;
    };
  }, [kind, course, from, org]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const count = seats.trim() === '' ? Number.NaN : Number(seats);
    const body = {
      kind,
      ...(kind === 'plan' ? { planId } : batchId ? { batchId } : {}),
      seats: Number.isFinite(count) ? count : undefined,
      poNumber: poNumber.trim() || null,
    };
    const found = await schemaErrors(quoteRequestSchema, body);
    if (kind === 'course' && !course) found.course = 'Choose a course.';
    if (Object.keys(found).length === 0) {
      setSending(true);
      try {
        onQuoted(await createQuote(user, org, body));
        setSeats('');
        setPoNumber('');
        setErrors({});
        return;
      } catch (err) {
        Object.assign(found, fieldErrorsOf(err, 'We could not reach the server. No quote was made; please try again.'));
      } finally {
        setSending(false);
      }
    }
    show(found);
  };

  return (
    <form ref={form} className="card team-form" noValidate onSubmit={(e) => void onSubmit(e)} aria-label="Make a quote">
      <h2>Make a quote</h2>
      <p className="muted">5–24 seats are 10% off, 25–99 seats 15% off. From 100 seats our team prices the quote with you.</p>
      <fieldset className="field">
        <legend>What to buy</legend>
        <label className="choice">
          <input type="radio" name={`${id}-kind`} checked={kind === 'plan'} onChange={() => setKind('plan')} />
          Plan seats (each learner gets the plan)
        </label>
        <label className="choice">
          <input type="radio" name={`${id}-kind`} checked={kind === 'course'} onChange={() => setKind('course')} />
          Places in one batch of a course
        </label>
      </fieldset>
      {kind === 'plan' ? (
        <div className="field">
          <label htmlFor={`${id}-plan`}>Plan</label>
          <select
            id={`${id}-plan`}
            className="input"
            value={planId}
            onChange={(e) => setPlanId(e.target.value as SeatPlan)}
            {...invalid('planId')}
          >
            {SEAT_PLANS.map((p) => (
              <option key={p} value={p}>
                {planName(p)}
              </option>
            ))}
          </select>
          {error('planId')}
        </div>
      ) : (
        <>
          <div className="field">
            <label htmlFor={`${id}-course`}>Course</label>
            <select
              id={`${id}-course`}
              className="input"
              value={course}
              onChange={(e) => {
                setCourse(e.target.value);
                setBatches(null);
                setBatchId('');
              }}
              {...invalid('course')}
            >
              <option value="">Choose…</option>
              {courses.map((c) => (
                <option key={c.slug} value={c.slug}>
                  {c.name}
                </option>
              ))}
            </select>
            {error('course')}
          </div>
          {course && (
            <div className="field">
              <label htmlFor={`${id}-from`}>Starting on or after (optional)</label>
              <input
                id={`${id}-from`}
                type="date"
                className="input"
                value={from}
                onChange={(e) => {
                  setFrom(e.target.value);
                  setBatches(null);
                  setBatchId('');
                }}
              />
            </div>
          )}
          {course && (
            <div className="field">
              <label htmlFor={`${id}-batch`}>Batch</label>
              <select
                id={`${id}-batch`}
                className="input"
                value={batchId}
                onChange={(e) => setBatchId(e.target.value)}
                {...invalid('batchId')}
              >
                <option value="">
                  {batches === null ? 'Loading batches…' : batches.length ? 'Choose…' : 'No batch is open: ask us for one'}
                </option>
                {(batches ?? []).map((b) => (
                  <option key={b.id} value={b.id}>
                    {b.campus ? `Campus batch for ${b.campus}: ` : ''}
                    {b.batchTime}, from {when.format(new Date(`${b.startDate}T00:00:00+05:30`))} ({b.seatsLeft} places left)
                  </option>
                ))}
              </select>
              {more && <p className="muted">Later batches too: choose a later start date to see them.</p>}
              {error('batchId')}
            </div>
          )}
        </>
      )}
      <div className="field">
        <label htmlFor={`${id}-seats`}>Seats</label>
        <input
          id={`${id}-seats`}
          className="input"
          inputMode="numeric"
          value={seats}
          onChange={(e) => setSeats(e.target.value)}
          {...invalid('seats')}
        />
        {error('seats')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-po`}>Your PO number (optional)</label>
        <input id={`${id}-po`} className="input" value={poNumber} onChange={(e) => setPoNumber(e.target.value)} {...invalid('poNumber')} />
        {error('poNumber')}
      </div>
      {errors._form && (
        <p className="status status--error" role="alert" tabIndex={-1}>
          {errors._form}
        </p>
      )}
      <button type="submit" className="btn btn--primary" disabled={sending}>
        {sending ? 'Pricing…' : 'Make the quote'}
      </button>
    </form>
  );
}
