import { useState } from 'react';
import type { User } from 'firebase/auth';
import { formatCertificateCode, type LearnerCertificate } from '@upskill/domain/certificates';
import { apiRequest, failureMessage } from '../../lib/api';

/** The learner's certificate: its page, the PDF, LinkedIn, and whether search engines may list the page. */
export function CertificateBox({ certificate, user }: { certificate: LearnerCertificate; user: User }) {
  const [isPublic, setPublic] = useState(certificate.public);
  const [showLinks, setShowLinks] = useState(certificate.showLinks);
  const [state, setState] = useState<{ phase: 'idle' | 'saving' } | { phase: 'saved'; note: string } | { phase: 'error'; message: string }>(
    { phase: 'idle' },
  );
  const revoked = certificate.status === 'revoked';
  // The box ticks at once; should the server refuse or be unreachable, it goes back and says so.
  const save = async (change: { public: boolean } | { showLinks: boolean }) => {
    const apply = (forward: boolean) => {
      if ('public' in change) setPublic(forward ? change.public : !change.public);
      else setShowLinks(forward ? change.showLinks : !change.showLinks);
    };
    apply(true);
    setState({ phase: 'saving' });
    try {
      await apiRequest(`/api/certificates/${encodeURIComponent(certificate.code)}/visibility`, {
        method: 'POST',
        body: change,
        headers: { Authorization: `Bearer ${await user.getIdToken()}` },
      });
      const note =
        'public' in change
          ? change.public
            ? 'Search engines may now list its page.'
            : 'Its page is hidden from search engines.'
          : change.showLinks
            ? 'The certificate now links to your work.'
            : 'The certificate no longer links to your work.';
      setState({ phase: 'saved', note });
    } catch (err) {
      apply(false);
      setState({
        phase: 'error',
        message: failureMessage(err, 'We could not reach the server. Please try again.'),
      });
    }
  };
  return (
    <div className="certificate-box" data-testid="certificate">
      <h4>Certificate of completion</h4>
      {revoked ? (
        <p className="status status--error">
          This certificate ({formatCertificateCode(certificate.code)}) has been revoked. Please contact us if you think this is a mistake.
        </p>
      ) : (
        <>
          <p>
            Certificate ID <strong>{formatCertificateCode(certificate.code)}</strong>. Anyone with its link can check it is genuine.
          </p>
          <div className="certificate-box__actions">
            <a className="btn btn--primary btn--sm" href={certificate.url}>
              View certificate
            </a>
            <a className="btn btn--secondary btn--sm" href={certificate.pdfUrl} download>
              Download PDF
            </a>
            <a className="btn btn--secondary btn--sm" href={certificate.badgeUrl} download>
              Download Open Badge
            </a>
            <a className="btn btn--secondary btn--sm" href={certificate.linkedInUrl} target="_blank" rel="noopener noreferrer">
              Add to LinkedIn profile
            </a>
          </div>
          <label className="check">
            <input
              type="checkbox"
              checked={isPublic}
              disabled={state.phase === 'saving'}
              onChange={(e) => void save({ public: e.target.checked })}
            />
            Let search engines list my certificate's page
          </label>
          {certificate.hasLinks && (
            <label className="check">
              <input
                type="checkbox"
                checked={showLinks}
                disabled={state.phase === 'saving'}
                onChange={(e) => void save({ showLinks: e.target.checked })}
              />
              Show the links to my work on the certificate
            </label>
          )}
          <p role="status" className="muted">
            {state.phase === 'saved' ? state.note : ''}
          </p>
          {state.phase === 'error' && (
            <p role="alert" className="status status--error">
              {state.message}
            </p>
          )}
        </>
      )}
    </div>
  );
}
