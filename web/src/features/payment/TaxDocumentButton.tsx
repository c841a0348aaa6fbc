import { useState } from 'react';
import type { TaxDocumentKind } from '@upskill/domain/tax';
import { taxDocumentFilename } from '@upskill/domain/tax';
import type { PaymentCredentials } from './api';
import { downloadTaxDocument } from './taxDocuments';

/** "Download GST invoice (PDF)" and the like, with its own progress and error. */
export function TaxDocumentButton({
  enrollmentId,
  kind,
  number,
  credentials,
  className = 'btn btn--secondary',
}: {
  enrollmentId: string;
  kind: TaxDocumentKind;
  number: string;
  credentials: PaymentCredentials;
  className?: string;
}) {
  const [state, setState] = useState<'idle' | 'working' | 'failed'>('idle');
  const label = kind === 'invoice' ? `Download GST invoice ${number} (PDF)` : `Download credit note ${number} (PDF)`;
  const download = () => {
    setState('working');
    downloadTaxDocument(enrollmentId, kind, credentials, taxDocumentFilename(kind, number))
      .then(() => setState('idle'))
      .catch(() => setState('failed'));
  };
  return (
    <span className="tax-document">
      <button type="button" className={className} onClick={download} disabled={state === 'working'} aria-busy={state === 'working'}>
        {label}
      </button>
      {state === 'failed' && (
        <span className="field-error" role="alert">
          {' '}
          We could not download it. Please try again.
        </span>
      )}
    </span>
  );
}
