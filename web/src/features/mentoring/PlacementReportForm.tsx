import { useState, type FormEvent } from 'react';
import type { PlacementView } from '@upskill/domain/mentoring';
import { LEARNER_REPORTS, placementReportSchema } from '@upskill/domain/mentoring';
import { reportPlacement } from './api';
import { type Signed } from './shared';
import { fieldErrorsOf } from '../../lib/api';
import { schemaErrors } from '../../lib/schemaErrors';
import { useFieldErrors } from '../../lib/useFieldErrors';
import { REPORT_LABELS } from './placementWords';

// Loaded when the learner opens it: its schema brings yup, which My Courses otherwise does not need.

/** The learner tells us what happened: an offer or a joining, through us or not. */
export default function ReportForm({
  user,
  request,
  onChanged,
}: {
  user: Signed;
  request: PlacementView;
  onChanged: (note: string) => void;
}) {
  const [values, setValues] = useState({ outcome: 'offer', company: '', role: '', on: '' });
  const [sending, setSending] = useState(false);
  const { errors, show, invalid, error, form, id } = useFieldErrors();
  const set = (name: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value }));
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = await schemaErrors(placementReportSchema, values);
    if (Object.keys(found).length === 0) {
      setSending(true);
      try {
        await reportPlacement(user, request.id, values);
        onChanged('Thank you: your news is with our placement team.');
        return;
      } catch (err) {
        Object.assign(found, fieldErrorsOf(err, 'We could not reach the server. Nothing was recorded; please try again.'));
      } finally {
        setSending(false);
      }
    }
    show(found);
  };
  return (
    <form ref={form} noValidate className="placement-report" aria-label="Report an offer or a joining" onSubmit={(e) => void onSubmit(e)}>
      <h4>Tell us your news</h4>
      <fieldset className="field">
        <legend>What happened</legend>
        {LEARNER_REPORTS.map((outcome) => (
          <label key={outcome} className="choice">
            <input
              type="radio"
              name={`${id}-outcome`}
              checked={values.outcome === outcome}
              onChange={() => setValues((v) => ({ ...v, outcome }))}
            />
            {REPORT_LABELS[outcome]}
          </label>
        ))}
      </fieldset>
      <div className="field">
        <label htmlFor={`${id}-company`}>Company</label>
        <input
          id={`${id}-company`}
          className="input"
          maxLength={120}
          value={values.company}
          onChange={set('company')}
          {...invalid('company')}
        />
        {error('company')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-role`}>Role</label>
        <input id={`${id}-role`} className="input" maxLength={120} value={values.role} onChange={set('role')} {...invalid('role')} />
        {error('role')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-on`}>On</label>
        <input id={`${id}-on`} type="date" className="input" value={values.on} onChange={set('on')} {...invalid('on')} />
        {error('on')}
      </div>
      {errors._form && (
        <p className="status status--error" role="alert" tabIndex={-1}>
          {errors._form}
        </p>
      )}
      <button type="submit" className="btn btn--secondary btn--sm" disabled={sending}>
        Send
      </button>
    </form>
  );
}
