import { indiaToday } from '../../lib/indiaTime';
import { useCallback, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { User } from 'firebase/auth';
import {
  JOB_STAGES,
  JOB_STAGE_LABELS,
  interviewAhead,
  jobApplicationSchema,
  type JobApplicationView,
  type JobStage,
} from '@upskill/domain/career';
import { formatLongIndiaDate } from '@upskill/domain/batches';
import { paths } from '../../config/paths';
import { LoadFailed } from '../../components/LoadFailed';
import { failureMessage, fieldErrorsOf, newIdempotencyKey } from '../../lib/api';
import { schemaErrors } from '../../lib/schemaErrors';
import { useApiLoad } from '../../lib/useApiLoad';
import { useFieldErrors } from '../../lib/useFieldErrors';
import { OutsideLink } from './VersionLinks';
import { addApplication, deleteApplication, fetchTracker, updateApplication, type ApplicationBody } from './api';

const today = () => indiaToday();
const day = (date: string) => formatLongIndiaDate(Date.parse(`${date}T12:00:00+05:30`));
const EMPTY = { company: '', role: '', link: '', stage: 'applied' as JobStage, appliedOn: '', interviewOn: '', notes: '' };

/** The form's strings as the API's body: empty optional fields are null. */
const bodyOf = (v: typeof EMPTY): ApplicationBody => ({
  company: v.company,
  role: v.role,
  link: v.link.trim() || null,
  stage: v.stage,
  appliedOn: v.appliedOn,
  interviewOn: v.interviewOn || null,
  notes: v.notes,
});

/** A new application: company, role, the posting's link, the stage and its days, and notes. */
function ApplicationForm({ user, onAdded }: { user: User; onAdded: (note: string) => void }) {
  const [values, setValues] = useState({ ...EMPTY, appliedOn: today() });
  const [sending, setSending] = useState(false);
  const key = useRef(newIdempotencyKey());
  const { errors, show, invalid, error, form, id } = useFieldErrors();
  const set = (name: keyof typeof EMPTY) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value }));
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const body = bodyOf(values);
    const found = await schemaErrors(jobApplicationSchema, body);
    if (Object.keys(found).length === 0) {
      setSending(true);
      try {
        const added = await addApplication(user, body, key.current);
        key.current = newIdempotencyKey();
        setValues({ ...EMPTY, appliedOn: today() });
        show({});
        onAdded(`${added.company} (${added.role}) is in your job search.`);
        return;
      } catch (err) {
        Object.assign(found, fieldErrorsOf(err, 'We could not reach the server. Nothing was saved; please try again.'));
      } finally {
        setSending(false);
      }
    }
    show(found);
  };
  const field = (name: 'company' | 'role' | 'link', label: string, type = 'text') => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        className="input"
        type={type}
        maxLength={name === 'link' ? 2000 : 120}
        value={values[name]}
        onChange={set(name)}
        {...invalid(name)}
      />
      {error(name)}
    </div>
  );
  return (
    <form ref={form} noValidate className="career-form" aria-label="Add an application" onSubmit={(e) => void onSubmit(e)}>
      <h3>Add an application</h3>
      {field('company', 'Company')}
      {field('role', 'Role')}
      {field('link', 'Posting’s link (optional)', 'url')}
      <div className="field">
        <label htmlFor={`${id}-stage`}>Stage</label>
        <select id={`${id}-stage`} className="input" value={values.stage} onChange={set('stage')} {...invalid('stage')}>
          {JOB_STAGES.map((s) => (
            <option key={s} value={s}>
              {JOB_STAGE_LABELS[s]}
            </option>
          ))}
        </select>
        {error('stage')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-appliedOn`}>Applied on</label>
        <input
          id={`${id}-appliedOn`}
          className="input"
          type="date"
          value={values.appliedOn}
          onChange={set('appliedOn')}
          {...invalid('appliedOn')}
        />
        {error('appliedOn')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-interviewOn`}>Interview on {values.stage === 'interview' ? '' : '(optional)'}</label>
        <input
          id={`${id}-interviewOn`}
          className="input"
          type="date"
          value={values.interviewOn}
          onChange={set('interviewOn')}
          {...invalid('interviewOn')}
        />
        {error('interviewOn')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-notes`}>Notes (optional)</label>
        <textarea
          id={`${id}-notes`}
          className="input"
          rows={2}
          maxLength={1000}
          value={values.notes}
          onChange={set('notes')}
          {...invalid('notes')}
        />
        {error('notes')}
      </div>
      {errors._form && (
        <p className="status status--error" role="alert" tabIndex={-1}>
          {errors._form}
        </p>
      )}
      <button type="submit" className="btn btn--primary" disabled={sending}>
        {sending ? 'Saving…' : 'Add to my job search'}
      </button>
    </form>
  );
}

/** One application: its stage changed in place, a mock interview offered before an interview, deleted on request. */
function Application({
  user,
  item,
  mockInterviews,
  onChanged,
}: {
  user: User;
  item: JobApplicationView;
  mockInterviews: string | null;
  onChanged: (note: string) => void;
}) {
  const [error, setError] = useState<string>();
  const [stage, setStage] = useState<JobStage>(item.stage);
  const [interviewOn, setInterviewOn] = useState(item.interviewOn ?? '');
  const stageId = `application-${item.id}`;
  const failed = (err: unknown) => setError(failureMessage(err, 'We could not reach the server. Nothing changed; please try again.'));
  return (
    <li className="card career-review" data-testid="application">
      <h3>
        {item.company}: {item.role}
      </h3>
      <p className="muted">
        Applied {day(item.appliedOn)}
        {item.interviewOn ? ` · interview ${day(item.interviewOn)}` : ''}
        {item.link && (
          <>
            {' · '}
            <OutsideLink href={item.link}>the posting</OutsideLink>
          </>
        )}
      </p>
      {item.notes && <p className="career-review__summary">{item.notes}</p>}
      {interviewAhead(item, today()) && (
        <p className="status status--info" data-testid="mock-offer">
          Interview on {day(item.interviewOn!)}: practise first with a mock interview
          {mockInterviews ? ` (${mockInterviews})` : ''}. <Link to={`${paths.myCourses}#mentoring`}>Book a mock interview</Link>
        </p>
      )}
      <form
        className="career-desk-form__actions"
        noValidate
        aria-label={`Move ${item.company}`}
        onSubmit={(e) => {
          e.preventDefault();
          setError(undefined);
          updateApplication(user, item.id, { ...item, stage, interviewOn: interviewOn || null }).then(
            () => onChanged(`${item.company}: ${JOB_STAGE_LABELS[stage]}.`),
            (err: unknown) =>
              setError(Object.values(fieldErrorsOf(err, 'We could not reach the server. Nothing changed; please try again.'))[0]),
          );
        }}
      >
        <label htmlFor={`${stageId}-stage`}>Stage</label>
        <select id={`${stageId}-stage`} className="input" value={stage} onChange={(e) => setStage(e.target.value as JobStage)}>
          {JOB_STAGES.map((s) => (
            <option key={s} value={s}>
              {JOB_STAGE_LABELS[s]}
            </option>
          ))}
        </select>
        {stage === 'interview' && (
          <>
            <label htmlFor={`${stageId}-day`}>Interview on</label>
            <input
              id={`${stageId}-day`}
              className="input"
              type="date"
              value={interviewOn}
              onChange={(e) => setInterviewOn(e.target.value)}
            />
          </>
        )}
        <button type="submit" className="btn btn--secondary btn--sm">
          Save
        </button>
        <button
          type="button"
          className="btn btn--secondary btn--sm"
          onClick={() => deleteApplication(user, item.id).then(() => onChanged(`${item.company} is no longer in your job search.`), failed)}
        >
          Delete
        </button>
      </form>
      {error && (
        <p className="status status--error" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}

/** /career's job search (Platinum, Elite): the learner's applications and the mock interview before each interview. */
export function JobTracker({ user }: { user: User }) {
  const { load, reload } = useApiLoad(
    useCallback((signal: AbortSignal) => fetchTracker(user, signal), [user]),
    'Your job search could not be loaded. Check your connection, then try again.',
  );
  const [notice, setNotice] = useState<string>();
  const changed = (note: string) => {
    setNotice(note);
    reload();
  };
  if (load.state === 'loading') return <p role="status">Loading your job search…</p>;
  if (load.state === 'error') return <LoadFailed message={load.message} onRetry={reload} />;
  const { included, applications, mockInterviews } = load.answer;
  if (!included && applications.length === 0) return null;
  return (
    <section aria-labelledby="job-search-title" className="career__tracker">
      <h2 id="job-search-title">Your job search</h2>
      <p className="muted">Keep each application and its stage here. Before an interview, we offer you a mock interview to practise.</p>
      {notice && (
        <p className="status status--success" role="status" data-testid="tracker-notice">
          {notice}
        </p>
      )}
      {included && <ApplicationForm user={user} onAdded={changed} />}
      {applications.length > 0 && (
        <ul className="career__reviews" aria-label="Your applications">
          {applications.map((a) => (
            <Application key={`${a.id}-${a.updatedAt}`} user={user} item={a} mockInterviews={mockInterviews} onChanged={changed} />
          ))}
        </ul>
      )}
    </section>
  );
}
