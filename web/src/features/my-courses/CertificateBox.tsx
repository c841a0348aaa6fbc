import { useState } from 'react';
import type { User } from 'firebase/auth';
import { formatCertificateCode, type LearnerCertificate } from '@upskill/domain/certificates';
import { apiRequest, failureMessage } from '../../lib/api';

/** The learner's certificate: its page, the PDF, LinkedIn, and whether search engines may list the page. */
export function CertificateBox({ certificate, user }: { certificate: LearnerCertificate; user: User }) {
  const [isPublic, setPublic] = useState(certificate.public);
  const [state, setState] = useState<{ phase: 'idle' | 'saving' | 'saved' } | { phase: 'error'; message: string }>({ phase: 'idle' });
  const revoked = certificate.status === 'revoked';
  const toggle = async (next: boolean) => {
    setState({ phase: 'saving' });
    try {
      await apiRequest(`/api/certificates/${encodeURIComponent(certificate.code)}/visibility`, {
        method: 'POST',
        body: { public: next },
        headers: { Authorization: `Bearer ${await user.getIdToken()}` },
      });
      setPublic(next);
      setState({ phase: 'saved' });
    } catch (err) {
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
            <a className="btn btn--secondary btn--sm" href={certificate.linkedInUrl} target="_blank" rel="noopener noreferrer">
              Add to LinkedIn profile
            </a>
          </div>
          <label className="check">
            <input type="checkbox" checked={isPublic} disabled={state.phase === 'saving'} onChange={(e) => void toggle(e.target.checked)} />
            Let search engines list my certificate's page
          </label>
          <p role="status" className="muted">
            {state.phase === 'saved'
              ? isPublic
                ? 'Search engines may now list its page.'
                : 'Its page is hidden from search engines.'
              : ''}
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
