import { useState } from 'react';
import type { User } from 'firebase/auth';
import { careerSubmissionSchema, type CareerAllowanceView, type CareerReviewItem } from '@upskill/domain/career';
import { fieldErrorsOf } from '../../lib/api';
import { schemaErrors } from '../../lib/schemaErrors';
import { useFieldErrors } from '../../lib/useFieldErrors';
import { sendVersion, submitReview } from './api';

/**
 * A link for review: the first version (choosing which review, from what the plans have left), or the one re-review
 * of a review that suggested changes. Checked with the server's rules before it is sent.
 */
export function CareerForm({
  user,
  allowances,
  resubmit,
  onSent,
}: {
  user: User;
  allowances: CareerAllowanceView[];
  /** A review whose new version this form sends. */
  resubmit?: CareerReviewItem;
  onSent: (item: CareerReviewItem) => void;
}) {
  const open = allowances.filter((a) => a.left > 0);
  const [choice, setChoice] = useState(open.length === 1 ? `${open[0].enrollmentId}|${open[0].kind}` : '');
  const [link, setLink] = useState('');
  const [targetRole, setTargetRole] = useState(resubmit?.versions.at(-1)?.targetRole ?? '');
  const [postingLink, setPostingLink] = useState('');
  const [sending, setSending] = useState(false);
  const { errors, show, invalid, error, form, id } = useFieldErrors();
  const [enrollmentId, kind] = resubmit ? [resubmit.enrollmentId, resubmit.kind] : choice.split('|');
  const linkedin = kind === 'linkedin';

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const body = {
      enrollmentId: enrollmentId ?? '',
      kind,
      link: link.trim(),
      targetRole: targetRole.trim(),
      postingLink: postingLink.trim() || null,
    };
    const found = await schemaErrors(careerSubmissionSchema, body);
    if (!resubmit && !choice) found.kind = 'Choose a resume or a LinkedIn review.';
    if (Object.keys(found).length === 0) {
      setSending(true);
      try {
        const sent = resubmit
          ? await sendVersion(user, resubmit.id, { link: body.link, targetRole: body.targetRole, postingLink: body.postingLink })
          : await submitReview(user, { ...body, kind: kind === 'linkedin' ? 'linkedin' : 'resume' });
        setLink('');
        setPostingLink('');
        show({});
        onSent(sent);
        return;
      } catch (err) {
        Object.assign(found, fieldErrorsOf(err, 'We could not reach the server. Nothing was sent; please try again.'));
      } finally {
        setSending(false);
      }
    }
    show(found);
  };

  return (
    <form
      ref={form}
      className="card career-form"
      noValidate
      onSubmit={(e) => void onSubmit(e)}
      aria-label={resubmit ? 'Send the new version' : 'Ask for a review'}
    >
      {resubmit ? <h4>Send the new version</h4> : <h2>Ask for a review</h2>}
      {!resubmit && (
        <div className="field">
          <label htmlFor={`${id}-kind`}>Review</label>
          <select id={`${id}-kind`} className="input" value={choice} onChange={(e) => setChoice(e.target.value)} {...invalid('kind')}>
            <option value="">Choose…</option>
            {open.map((a) => (
              <option key={`${a.enrollmentId}|${a.kind}`} value={`${a.enrollmentId}|${a.kind}`}>
                {a.kind === 'resume' ? 'Resume review' : 'LinkedIn review'} ({a.planName}, {a.left} left)
              </option>
            ))}
          </select>
          {error('kind')}
        </div>
      )}
      <div className="field">
        <label htmlFor={`${id}-link`}>{linkedin ? 'Your LinkedIn profile’s address' : 'Link to your resume'}</label>
        <span className="field__hint" id={`${id}-link-hint`}>
          {linkedin
            ? 'Like https://www.linkedin.com/in/your-name.'
            : 'A Google Doc, Drive, OneDrive or Dropbox link anyone with the link can view, or a PDF’s address. Only you, your reviewer and our team see it.'}
        </span>
        <input
          id={`${id}-link`}
          className="input"
          type="url"
          inputMode="url"
          value={link}
          onChange={(e) => setLink(e.target.value)}
          {...invalid('link')}
        />
        {error('link')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-role`}>The role you are aiming at</label>
        <input
          id={`${id}-role`}
          className="input"
          value={targetRole}
          maxLength={120}
          onChange={(e) => setTargetRole(e.target.value)}
          {...invalid('targetRole')}
        />
        {error('targetRole')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-posting`}>A job posting you are applying to (optional)</label>
        <input
          id={`${id}-posting`}
          className="input"
          type="url"
          inputMode="url"
          value={postingLink}
          onChange={(e) => setPostingLink(e.target.value)}
          {...invalid('postingLink')}
        />
        {error('postingLink')}
      </div>
      {(errors._form || errors.enrollmentId) && (
        <p className="status status--error" role="alert" tabIndex={-1}>
          {errors._form ?? errors.enrollmentId}
        </p>
      )}
      <button type="submit" className="btn btn--primary" disabled={sending}>
        {sending ? 'Sending…' : resubmit ? 'Send the new version' : 'Send for review'}
      </button>
    </form>
  );
}
