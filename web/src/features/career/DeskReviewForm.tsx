import { useState } from 'react';
import type { User } from 'firebase/auth';
import { careerReviewSchema, type CareerDeskDetail, type CareerVerdict, type CheckMark } from '@upskill/domain/career';
import { fieldErrorsOf } from '../../lib/api';
import { schemaErrors } from '../../lib/schemaErrors';
import { useFieldErrors } from '../../lib/useFieldErrors';
import { saveCareerReview } from './api';

/** The reviewer's form for the latest version: each checklist point marked with a comment, a summary, what to change first, the verdict. */
export function DeskReviewForm({
  user,
  detail,
  onSaved,
}: {
  user: User;
  detail: CareerDeskDetail;
  onSaved: (next: CareerDeskDetail, released: boolean) => void;
}) {
  const draft = detail.versions[detail.versions.length - 1].review;
  const [marks, setMarks] = useState<Record<string, { mark: CheckMark | ''; comment: string }>>(
    Object.fromEntries(
      detail.checklist.map((c) => {
        const saved = draft?.checks.find((d) => d.id === c.id);
        return [c.id, { mark: saved?.mark ?? '', comment: saved?.comment ?? '' }];
      }),
    ),
  );
  const [summary, setSummary] = useState(draft?.summary ?? '');
  const [firstChanges, setFirstChanges] = useState((draft?.firstChanges ?? []).join('\n'));
  const [verdict, setVerdict] = useState<CareerVerdict | ''>(draft?.verdict ?? '');
  const [saving, setSaving] = useState(false);
  const { errors, show, invalid, error, form, id } = useFieldErrors();

  const send = async (release: boolean) => {
    const body = {
      checks: detail.checklist.map((c) => ({ id: c.id, mark: marks[c.id].mark, comment: marks[c.id].comment.trim() })),
      summary: summary.trim(),
      firstChanges: firstChanges
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean),
      verdict,
      release,
    };
    const found = await schemaErrors(careerReviewSchema, body);
    for (const c of detail.checklist) if (!marks[c.id].mark) found[`check-${c.id}`] = 'Mark this point good or change.';
    for (const key of Object.keys(found)) if (key.startsWith('checks')) delete found[key];
    if (Object.keys(found).length > 0) return show(found);
    setSaving(true);
    try {
      const next = await saveCareerReview(user, detail.item.id, body as Parameters<typeof saveCareerReview>[2]);
      show({});
      onSaved(next, release);
    } catch (err) {
      show(fieldErrorsOf(err, 'We could not reach the server. Nothing was saved; please try again.'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      ref={form}
      className="card career-desk-form"
      noValidate
      aria-label="Review this version"
      onSubmit={(e) => {
        e.preventDefault();
        void send(true);
      }}
    >
      <h3>Review version {detail.versions.length}</h3>
      {detail.checklist.map((c) => (
        <fieldset key={c.id} data-testid="career-check">
          <legend>{c.label}</legend>
          <p className="muted">{c.good}</p>
          {(['good', 'change'] as const).map((m) => (
            <label key={m} className="choice">
              <input
                type="radio"
                name={`${id}-${c.id}`}
                checked={marks[c.id].mark === m}
                onChange={() => setMarks((all) => ({ ...all, [c.id]: { ...all[c.id], mark: m } }))}
                {...(m === 'good' ? invalid(`check-${c.id}`) : {})}
              />
              {m === 'good' ? 'Good' : 'Change'}
            </label>
          ))}
          <label htmlFor={`${id}-${c.id}-comment`}>Comment on {c.label.toLowerCase()} (optional)</label>
          <textarea
            id={`${id}-${c.id}-comment`}
            className="input"
            rows={2}
            maxLength={1000}
            value={marks[c.id].comment}
            onChange={(e) => {
              const comment = e.target.value;
              setMarks((all) => ({ ...all, [c.id]: { ...all[c.id], comment } }));
            }}
          />
          {error(`check-${c.id}`)}
        </fieldset>
      ))}
      <div className="field">
        <label htmlFor={`${id}-summary`}>Summary for the learner</label>
        <textarea
          id={`${id}-summary`}
          className="input"
          rows={4}
          value={summary}
          onChange={(e) => setSummary(e.target.value)}
          {...invalid('summary')}
        />
        {error('summary')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-first`}>What to change first (one per line, up to five)</label>
        <textarea
          id={`${id}-first`}
          className="input"
          rows={3}
          value={firstChanges}
          onChange={(e) => setFirstChanges(e.target.value)}
          {...invalid('firstChanges')}
        />
        {error('firstChanges')}
      </div>
      <fieldset className="field">
        <legend>Verdict</legend>
        {(
          [
            ['approved', 'Approved'],
            ['changes-suggested', 'Changes suggested'],
          ] as const
        ).map(([v, label]) => (
          <label key={v} className="choice">
            <input
              type="radio"
              name={`${id}-verdict`}
              checked={verdict === v}
              onChange={() => setVerdict(v)}
              {...(v === 'approved' ? invalid('verdict') : {})}
            />
            {label}
          </label>
        ))}
        {error('verdict')}
      </fieldset>
      {errors._form && (
        <p className="status status--error" role="alert" tabIndex={-1}>
          {errors._form}
        </p>
      )}
      <p className="career-desk-form__actions">
        <button type="button" className="btn btn--secondary" disabled={saving} onClick={() => void send(false)}>
          Save draft
        </button>{' '}
        <button type="submit" className="btn btn--primary" disabled={saving}>
          Release to the learner
        </button>
      </p>
    </form>
  );
}
