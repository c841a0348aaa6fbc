import { useState, type FormEvent } from 'react';
import type { User } from 'firebase/auth';
import { GST_STATES } from '@upskill/domain/tax';
import { organisationRequestSchema, type OrganisationKind, type OrganisationView } from '@upskill/domain/organisations';
import { fieldErrorsOf } from '../../lib/api';
import { useFieldErrors } from '../../lib/useFieldErrors';
import { schemaErrors } from '../../lib/schemaErrors';
import { requestOrganisation } from './api';

/** A field's name as the form shows it: the server and the schema say `organisation.legalName` or `legalName`. */
const fieldOf = (path: string) => path.replace(/^organisation\./, '').split(/[.[]/)[0];

/** The first step for a new organisation: its details, checked as the server checks them, then confirmed by our team. */
export function RequestForm({ user }: { user: User }) {
  const [kind, setKind] = useState<OrganisationKind>('team');
  const [values, setValues] = useState({
    legalName: '',
    address: '',
    state: '',
    gstin: '',
    domains: '',
    contactName: user.displayName ?? '',
    message: '',
  });
  const { errors, show, invalid, error, form, id } = useFieldErrors();
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<OrganisationView>();
  const set = (name: keyof typeof values) => (e: { target: { value: string } }) => setValues({ ...values, [name]: e.target.value });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const body = {
      organisation: {
        kind,
        legalName: values.legalName.trim(),
        address: values.address.trim(),
        state: values.state,
        gstin: values.gstin.trim() || null,
        domains: kind === 'campus' ? values.domains.split(/[\s,]+/).filter(Boolean) : [],
      },
      contactName: values.contactName.trim(),
      message: values.message.trim(),
    };
    const found = await schemaErrors(organisationRequestSchema, body, fieldOf);
    if (Object.keys(found).length === 0) {
      setSending(true);
      try {
        setDone(await requestOrganisation(user, body));
        return;
      } catch (err) {
        const fields = fieldErrorsOf(err, 'We could not reach the server. Nothing was sent; please try again.');
        for (const [key, message] of Object.entries(fields)) found[fieldOf(key)] = message;
      } finally {
        setSending(false);
      }
    }
    show(found);
  };

  if (done)
    return (
      <div className="status status--success" role="status" data-testid="team-requested">
        <p>
          <strong>Thank you.</strong> We have your request for {done.legalName}. Our team checks its details within a working day and writes
          to {user.email}; then this page becomes your team page.
        </p>
      </div>
    );

  const text = (name: keyof typeof values, label: string, options: { hint?: string; autoComplete?: string } = {}) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      {options.hint && <span className="field__hint">{options.hint}</span>}
      <input
        id={`${id}-${name}`}
        name={name}
        className="input"
        value={values[name]}
        onChange={set(name)}
        autoComplete={options.autoComplete ?? 'off'}
        {...invalid(name)}
      />
      {error(name)}
    </div>
  );

  return (
    <form ref={form} className="card team-form" noValidate onSubmit={(e) => void onSubmit(e)} aria-label="Ask for team seats">
      <h2>Ask for team seats</h2>
      <p className="muted">Tell us who is buying. We confirm your organisation within a working day, then you can make a quote here.</p>
      <fieldset className="field">
        <legend>Who is buying</legend>
        {(['team', 'campus'] as const).map((k) => (
          <label key={k} className="choice">
            <input type="radio" name={`${id}-kind`} value={k} checked={kind === k} onChange={() => setKind(k)} />
            {k === 'team' ? 'A company, for its team' : 'A college, for its students'}
          </label>
        ))}
      </fieldset>
      {text('legalName', 'Legal name', { hint: 'As registered, and as it will appear on your tax invoice.', autoComplete: 'organization' })}
      <div className="field">
        <label htmlFor={`${id}-address`}>Billing address</label>
        <textarea
          id={`${id}-address`}
          name="address"
          className="input"
          rows={3}
          value={values.address}
          onChange={set('address')}
          {...invalid('address')}
        />
        {error('address')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-state`}>State or union territory</label>
        <select id={`${id}-state`} name="state" className="input" value={values.state} onChange={set('state')} {...invalid('state')}>
          <option value="">Choose…</option>
          {GST_STATES.map((s) => (
            <option key={s.code} value={s.code}>
              {s.name}
            </option>
          ))}
        </select>
        {error('state')}
      </div>
      {text('gstin', 'GSTIN (optional)', { hint: 'Leave it empty if you are not registered for GST.' })}
      {kind === 'campus' &&
        text('domains', 'Student e-mail domains', { hint: 'For example students.college.ac.in; separate several with commas.' })}
      {text('contactName', 'Your name', { autoComplete: 'name' })}
      <div className="field">
        <label htmlFor={`${id}-message`}>What do you need? (optional)</label>
        <textarea
          id={`${id}-message`}
          name="message"
          className="input"
          rows={3}
          value={values.message}
          onChange={set('message')}
          {...invalid('message')}
        />
        {error('message')}
      </div>
      {errors._form && (
        <p className="status status--error" role="alert" tabIndex={-1}>
          {errors._form}
        </p>
      )}
      <button type="submit" className="btn btn--primary" disabled={sending}>
        {sending ? 'Sending…' : 'Send the request'}
      </button>
    </form>
  );
}
